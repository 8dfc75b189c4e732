import { describe, expect, it } from "vitest";
import { modelFile, photoInput, runModel, worstDifference } from "../../../tests/support/paddle-models.ts";
import { localizeSqueezes } from "./local-squeeze.ts";
import { readGraph } from "./onnx-graph.ts";
import { foldPaddleGraph } from "./paddle-graph.ts";

const detector = () => modelFile("detectionPath");

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
    expect(worstDifference(await runModel(global, small), await runModel(local, small))).toBeLessThan(1e-3);

    const big = await photoInput(1024, 704);
    const [a, b] = [await runModel(global, big), await runModel(local, big)];
    expect(worstDifference(a, b)).toBeGreaterThan(0.05);
    // Still the same photo's print: most of what either sees, the other sees too.
    const seen = (map: Float32Array) => new Set(Array.from(map).flatMap((p, i) => (p > 0.3 ? [i] : [])));
    const [inA, inB] = [seen(a), seen(b)];
    const both = [...inA].filter((i) => inB.has(i)).length;
    expect(inA.size).toBeGreaterThan(100);
    expect(both).toBeGreaterThan(0.8 * Math.min(inA.size, inB.size));
  });
});
