// The PP-OCRv4 detector weighs its channels by squeeze-and-excitation: each
// block averages its whole feature map into one value a channel and scales
// the channels by what that average says. On a 1440 px photo of a crowd the
// average is the whole scene's, and a far or noisy bib's print can be weighed
// away: the same bib, seen in a window a third of the photo wide, is found
// (race tuning split: 914, 378, 52 and 77 read in a 480 px window, nothing on
// the whole picture's map). Here each block averages a neighbourhood instead,
// as if every point of the picture were seen in a window of its own around it;
// a picture no more than half a neighbourhood wide (every point's neighbourhood
// holds all of it) is weighed exactly as before. Tried and not kept (decision
// 0006, "The detector's channels weighed locally"): the tuning splits gained
// eight bibs of 1291, the reported sets lost three of 765, a reshuffle of the
// bibs at the edge of what the detector sees. `bench -- bibs --squeeze 15`
// measures it again.
import { attributes, type Graph, intAttribute, intOf, intsAttribute, intsOf, newNode, type Node, soleReader, stringAttribute } from "./onnx-graph.ts";

/**
 * Only the blocks on maps 16 and 32 px a pixel: on the tuning splits they gave
 * what all ten did at no cost (the finer maps' averaging and scaling back up
 * cost some 8 % of the detector).
 */
export const SQUEEZE_FINEST = 16;

/** The grid (in input pixels) the neighbourhoods are averaged on: the detector's input is a multiple of it. */
const GRID = 32;

/** Each tensor's stride against the model's input: how many input pixels one of its pixels covers. */
function strides(graph: Graph): Map<string, number> {
  const stride = new Map<string, number>();
  const of = (name: string) => stride.get(name) ?? (graph.constants.has(name) || name === "" ? undefined : 1);
  for (const node of graph.nodes) {
    if (node.op === "Constant") continue;
    const from = node.inputs.map(of).find((s) => s !== undefined) ?? 1;
    let out = from;
    if (node.op === "Conv" || node.op === "ConvTranspose") {
      const step = (intsOf(attributes(node).get("strides")) ?? [1])[0];
      out = node.op === "Conv" ? from * step : from / step;
    } else if (node.op === "Resize") {
      const scales = graph.constants.get(node.inputs[2] ?? "")?.data;
      out = scales && scales.length === 4 ? from / scales[2] : from;
    } else if (node.op === "DepthToSpace") out = from / (intOf(attributes(node).get("blocksize")) ?? 1);
    else if (node.op === "GlobalAveragePool") out = Number.POSITIVE_INFINITY;
    for (const name of node.outputs) stride.set(name, out);
  }
  return stride;
}

/**
 * Every squeeze-and-excitation block (GlobalAveragePool → 1 × 1 convolutions →
 * HardSigmoid → Mul) made local: the map averaged on a 32 px grid, then over
 * `cells` × `cells` cells around each (fewer at the picture's edges), the
 * block's convolutions run on that grid and its weights scaled back up to the
 * map's size. Returns how many blocks were changed.
 */
export function localizeSqueezes(graph: Graph, cells: number, finest = 1): number {
  const stride = strides(graph);
  const users = graph.consumers();
  const lone = (name: string) => soleReader(graph, users, name);
  const before = new Map<Node, Node[]>();
  const after = new Map<Node, Node[]>();
  let changed = 0;
  for (const pool of graph.nodes) {
    if (pool.op !== "GlobalAveragePool") continue;
    const x = pool.inputs[0];
    const s = stride.get(x) ?? 1;
    if (!(s <= GRID) || GRID % s !== 0 || s < finest) continue;
    // The block's chain to its weights: 1 × 1 convolutions and activations up to the Mul by x.
    let last: Node | undefined = pool;
    while (last && last.op !== "HardSigmoid") last = lone(last.outputs[0]);
    let mul = last && lone(last.outputs[0]);
    // x + x · s is x · (1 + s) since paddle-graph.ts: the 1 is added to the weights before they scale x.
    if (mul?.op === "Add" && mul.inputs.some((name) => graph.constants.has(name))) {
      last = mul;
      mul = lone(mul.outputs[0]);
    }
    if (!last || !mul || mul.op !== "Mul" || !mul.inputs.includes(x)) continue;
    const factor = GRID / s;
    const tag = `dorsal.local.${changed++}`;
    const made: Node[] = [];
    let grid = x;
    if (factor > 1) {
      grid = `${tag}.grid`;
      made.push(newNode("AveragePool", [x], [grid], [intsAttribute("kernel_shape", [factor, factor]), intsAttribute("strides", [factor, factor])]));
    }
    const half = Math.floor(cells / 2);
    const around = `${tag}.around`;
    made.push(
      newNode(
        "AveragePool",
        [grid],
        [around],
        [
          intsAttribute("kernel_shape", [cells, cells]),
          intsAttribute("strides", [1, 1]),
          intsAttribute("pads", [half, half, half, half]),
          intAttribute("count_include_pad", 0),
        ],
      ),
    );
    before.set(pool, made);
    // The pool's readers read the neighbourhoods instead.
    for (const reader of users.get(pool.outputs[0]) ?? []) reader.inputs = reader.inputs.map((n) => (n === pool.outputs[0] ? around : n));
    if (factor > 1) {
      const weights = last.outputs[0];
      const upsampled = `${tag}.weights`;
      const roi = graph.addConstant([0], new Float32Array(0));
      const scales = graph.addConstant([4], Float32Array.from([1, 1, factor, factor]));
      after.set(last, [
        newNode(
          "Resize",
          [weights, roi, scales],
          [upsampled],
          [stringAttribute("mode", "linear"), stringAttribute("coordinate_transformation_mode", "half_pixel")],
        ),
      ]);
      mul.inputs = mul.inputs.map((n) => (n === weights ? upsampled : n));
    }
  }
  graph.nodes = graph.nodes.flatMap((n) => before.get(n) ?? [n, ...(after.get(n) ?? [])]);
  return changed;
}
