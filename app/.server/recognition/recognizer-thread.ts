// One reader thread of the recognizer pool (recognizer-pool.ts): loads the
// models once and reads the photos it is sent, so the pixel work of
// recognition (tensor filling, region finding, cutting each box out) runs
// beside the server's event loop instead of on it.
import { parentPort, workerData } from "node:worker_threads";
import { loadModels } from "./models.ts";
import { readPhoto, type ReadSettings } from "./read-text.ts";

export type ReadRequest = { id: number; image: Uint8Array };
export type ReadAnswer = { id: number; reading?: Awaited<ReturnType<typeof readPhoto>>; error?: string };

const { threads, settings } = workerData as { threads: number; settings: ReadSettings };

parentPort!.on("message", async ({ id, image }: ReadRequest) => {
  try {
    const models = await loadModels({ threads });
    const reading = await readPhoto(models, Buffer.from(image.buffer, image.byteOffset, image.byteLength), settings);
    parentPort!.postMessage({ id, reading } satisfies ReadAnswer);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies ReadAnswer);
  }
});
