import { describe, expect, it } from "vitest";
import { modelFile, photoInput, runModel, worstDifference } from "../../../tests/support/paddle-models.ts";
import { readGraph } from "./onnx-graph.ts";
import { decode, encode } from "./onnx-wire.ts";
import { foldPaddleGraph } from "./paddle-graph.ts";

/** Operator counts of a model's graph. */
function operators(model: Uint8Array): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { op } of readGraph(model).nodes) counts[op] = (counts[op] ?? 0) + 1;
  return counts;
}

describe("PaddleOCR graphs with scales, shifts, hard-swishes and transposed convolutions folded", () => {
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
    // The head's two 2 × 2 transposed convolutions: 1 × 1 convolutions on the quarter-size map and one DepthToSpace, the batch normalization between them folded.
    expect(before.ConvTranspose).toBe(2);
    expect(after.ConvTranspose ?? 0).toBe(0);
    expect(after.DepthToSpace).toBe(1);
    expect(after.BatchNormalization).toBe(before.BatchNormalization - 1);

    const input = await photoInput(640, 448);
    const [a, b] = [await runModel(original, input), await runModel(folded, input)];
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
    const [a, b] = [await runModel(original, input), await runModel(folded, input)];
    expect(b.length).toBe(a.length);
    expect(worstDifference(a, b)).toBeLessThan(1e-3);
  });
});
