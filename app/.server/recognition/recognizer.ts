import { type Watermarked, watermarkedFromRaw } from "../images/index.ts";
import { loadModels, type OcrModels } from "./models.ts";
import { DEFAULT_READ_SETTINGS, decodeForReading, type PhotoReading, type ReadSettings, readDecoded } from "./read-text.ts";

export type ReadOptions = {
  /**
   * Also make the photo's watermarked images no wider than these widths, from
   * the pixels decoded for reading: an import then decodes each original once
   * (a second decode of a 20–24 MP JPEG cost some 80–100 ms a photo).
   */
  derive?: number[];
};

/** `derived`: the watermarked images asked for with `derive`, in that order (a recognizer may leave them to the caller). */
export type ReadOutcome = PhotoReading & { derived?: Watermarked[] };

export type Recognizer = {
  /** Every text line in the photo (its bytes, or the path of its file), each box read on its own. */
  read(image: Buffer | string, options?: ReadOptions): Promise<ReadOutcome>;
};

export type RecognizerOptions = {
  /** onnxruntime threads per photo. One suits the job worker, which reads two photos at once on two cores. */
  threads?: number;
  read?: Partial<ReadSettings>;
};

/** Reads a photo and, if asked, makes its watermarked images from the same decoded pixels, side by side. */
export async function readAndDerive(models: OcrModels, image: Buffer | string, settings: ReadSettings, { derive }: ReadOptions = {}): Promise<ReadOutcome> {
  const decoded = await decodeForReading(image, settings);
  const { data, width, height } = decoded.source;
  const [reading, derived] = await Promise.all([
    readDecoded(models, decoded, settings),
    derive?.length ? watermarkedFromRaw({ data, info: { width, height, channels: 3 } }, derive) : undefined,
  ]);
  return derived ? { ...reading, derived } : reading;
}

/** The OCR engine; models load on the first photo, once per process. */
export function createRecognizer({ threads = 1, read = {} }: RecognizerOptions = {}): Recognizer {
  const settings = { ...DEFAULT_READ_SETTINGS, ...read };
  return {
    async read(image, options) {
      const models = await loadModels({ threads, squeezeCells: settings.squeezeCells });
      return readAndDerive(models, image, settings, options);
    },
  };
}
