import { loadModels } from "./models.ts";
import { DEFAULT_READ_SETTINGS, readPhoto, type PhotoReading, type ReadSettings } from "./read-text.ts";

export type Recognizer = {
  /** Every text line in the photo (its bytes, or the path of its file), each box read on its own. */
  read(image: Buffer | string): Promise<PhotoReading>;
};

export type RecognizerOptions = {
  /** onnxruntime threads per photo. One suits the job worker, which reads two photos at once on two cores. */
  threads?: number;
  read?: Partial<ReadSettings>;
};

/** The OCR engine; models load on the first photo, once per process. */
export function createRecognizer({ threads = 1, read = {} }: RecognizerOptions = {}): Recognizer {
  const settings = { ...DEFAULT_READ_SETTINGS, ...read };
  return {
    async read(image) {
      const models = await loadModels({ threads });
      return readPhoto(models, image, settings);
    },
  };
}
