// One reader of the recognizer pool (recognizer-pool.ts), a child process at
// low priority: loads the models once and reads the photos it is sent, so
// recognition's pixel work and inference run beside the server, yield the
// cores to buyers' requests, and give the models' memory back when it exits.
import { loadModels } from "./models.ts";
import type { ReadSettings } from "./read-text.ts";
import { type ReadOptions, type ReadOutcome, readAndDerive } from "./recognizer.ts";

export type ReaderSetup = { threads: number; settings: ReadSettings };
/** A file's path is read here: a photo's bytes then never pass through the server's memory nor the pipe. */
export type ReadRequest = { id: number; image: Uint8Array | string; options?: ReadOptions };
/** The derived images' bytes arrive as Uint8Arrays (the pipe's structured clone does not keep Buffers). */
export type ReadAnswer = { id: number; reading?: ReadOutcome; error?: string };

const { threads, settings } = JSON.parse(process.env.DORSAL_READER ?? "{}") as ReaderSetup;

process.on("message", async ({ id, image, options }: ReadRequest) => {
  try {
    const models = await loadModels({ threads, squeezeCells: settings.squeezeCells });
    const photo = typeof image === "string" ? image : Buffer.from(image.buffer, image.byteOffset, image.byteLength);
    const reading = await readAndDerive(models, photo, settings, options);
    process.send!({ id, reading } satisfies ReadAnswer);
  } catch (error) {
    process.send!({ id, error: error instanceof Error ? error.message : String(error) } satisfies ReadAnswer);
  }
});
// The server went away (even killed outright): nothing is left to read for.
process.on("disconnect", () => process.exit(0));
