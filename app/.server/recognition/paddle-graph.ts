// PaddleOCR's models as exported to ONNX spend a good part of their time in
// element-wise passes over large feature maps: every convolution is followed
// by a scale and a shift (Mul, Add by learnt scalars), every hard-swish is
// written as four operators (Add 3, Clip 0–6, Mul, Div 6), and each activation
// is followed by another scale and shift. onnxruntime fuses none of these (the
// exporter puts the constant first). These rewrites fold the scales and shifts
// into the convolutions' weights and write each hard-swish as one or two
// operators: the same answers to float rounding, about a quarter less time for
// the PP-OCRv4 detector and recognizer alike (paddle-graph.test.ts). Then each
// squeeze-and-excitation residual takes one pass over its map instead of two,
// and the detector's head runs on the quarter-size map (depth-to-space.ts):
// a tenth less of the detector's time.
import { convTransposesAsDepthToSpace } from "./depth-to-space.ts";
import { attributes, floatAttribute, floatOf, type Graph, intAttribute, intOf, intsOf, type Node, readGraph, retype, soleReader } from "./onnx-graph.ts";

/** HardSwish needs opset 14. */
const HARD_SWISH_OPSET = 14;
/** Operators whose meaning (as these models use them) is the same from opset 11 to 14. */
const SAME_FROM_11_TO_14 = new Set([
  ...["Constant", "Conv", "ConvTranspose", "BatchNormalization", "Mul", "Add", "Clip", "Div"],
  ...["GlobalAveragePool", "Relu", "HardSigmoid", "Sigmoid", "Resize", "Concat"],
]);

/** A PaddleOCR model with its scales, shifts and hard-swishes folded (see the top of this file). */
export function foldPaddleGraph(model: Uint8Array, also?: (graph: Graph) => void): Uint8Array {
  const graph = readGraph(model);
  foldIntoConvolutions(graph);
  fuseHardSwishes(graph);
  foldIntoNextConvolutions(graph);
  residualScalesAsOne(graph);
  convTransposesAsDepthToSpace(graph);
  also?.(graph);
  return graph.toBytes();
}

/** The scalar a Mul or Add applies to `input`, when its other operand is a one-value constant. */
function scalarOf(graph: Graph, node: Node, input: string): number | undefined {
  if (node.inputs.length !== 2 || !node.inputs.includes(input)) return undefined;
  const other = graph.constants.get(node.inputs[0] === input ? node.inputs[1] : node.inputs[0]);
  return other?.data.length === 1 ? other.data[0] : undefined;
}

type Affine = { scale: number; shift: number };

/** A Mul by a scalar or an Add of one, applied to `input`, as a scale and a shift. */
function affineStep(graph: Graph, node: Node, input: string): Affine | undefined {
  if (node.op !== "Mul" && node.op !== "Add") return undefined;
  const value = scalarOf(graph, node, input);
  if (value === undefined) return undefined;
  return node.op === "Mul" ? { scale: value, shift: 0 } : { scale: 1, shift: value };
}

/** The lone scales and shifts that follow `name` (each the only reader of the one before), as one. */
function affineAfter(graph: Graph, name: string, users: Map<string, Node[]>): Affine & { nodes: Node[] } {
  const chain = { nodes: [] as Node[], scale: 1, shift: 0 };
  for (let at = name; ; ) {
    const next = soleReader(graph, users, at);
    const step = next && affineStep(graph, next, at);
    if (!step) return chain;
    chain.nodes.push(next);
    chain.scale *= step.scale;
    chain.shift = chain.shift * step.scale + step.shift;
    at = next.outputs[0];
  }
}

const without = (graph: Graph, gone: Set<Node>) => {
  graph.nodes = graph.nodes.filter((n) => !gone.has(n));
};

/** 1. A convolution's output scaled and shifted: the scale and shift go into its weights and bias. */
function foldIntoConvolutions(graph: Graph) {
  const gone = new Set<Node>();
  const users = graph.consumers();
  for (const conv of graph.nodes) {
    const weight = conv.op === "Conv" ? graph.constants.get(conv.inputs[1]) : undefined;
    if (!weight || (conv.inputs[2] && !graph.constants.has(conv.inputs[2]))) continue;
    const { nodes, scale, shift } = affineAfter(graph, conv.outputs[0], users);
    if (!nodes.length) continue;
    for (const node of nodes) gone.add(node);
    // The convolution takes over the last one's output name, so `users` stays true.
    conv.outputs = nodes.at(-1)!.outputs;
    const out = weight.dims[0];
    const bias = conv.inputs[2] ? graph.constants.get(conv.inputs[2])!.data : new Float32Array(out);
    conv.inputs = [
      conv.inputs[0],
      graph.addConstant(
        weight.dims,
        weight.data.map((w) => w * scale),
      ),
      graph.addConstant(
        [out],
        bias.map((b) => b * scale + shift),
      ),
    ];
  }
  without(graph, gone);
}

/** 2. x · clip(x + 3, 0, 6) / 6 is HardSwish(x), or x · HardSigmoid(x) where the opset cannot be raised to 14. */
function fuseHardSwishes(graph: Graph) {
  const hardSwish = graph.opset >= 11 && graph.nodes.every((n) => SAME_FROM_11_TO_14.has(n.op));
  const value = (name: string | undefined) => (name === undefined ? undefined : graph.constants.get(name)?.data[0]);
  // Clip's bounds are inputs from opset 11, attributes before.
  const bounds = (clip: Node) =>
    clip.inputs.length === 3 ? [value(clip.inputs[1]), value(clip.inputs[2])] : [floatOf(attributes(clip).get("min")), floatOf(attributes(clip).get("max"))];
  const gone = new Set<Node>();
  const users = graph.consumers();
  const lone = (name: string, op: string) => {
    const next = soleReader(graph, users, name);
    return next?.op === op ? next : undefined;
  };
  for (const add of graph.nodes) {
    const x = add.op === "Add" ? add.inputs.find((name) => !graph.constants.has(name)) : undefined;
    if (x === undefined || scalarOf(graph, add, x) !== 3) continue;
    const clip = lone(add.outputs[0], "Clip");
    if (!clip || bounds(clip)[0] !== 0 || bounds(clip)[1] !== 6) continue;
    const mul = lone(clip.outputs[0], "Mul");
    if (!mul?.inputs.includes(x)) continue;
    const div = lone(mul.outputs[0], "Div");
    if (div?.inputs[0] !== mul.outputs[0] || value(div.inputs[1]) !== 6) continue;
    gone.add(add);
    gone.add(mul);
    if (hardSwish) {
      gone.add(clip);
      retype(div, "HardSwish", [x]);
    } else {
      retype(clip, "HardSigmoid", [x], [floatAttribute("alpha", 1 / 6), floatAttribute("beta", 0.5)]);
      retype(div, "Mul", [x, clip.outputs[0]]);
    }
  }
  without(graph, gone);
  if (hardSwish) graph.opset = Math.max(graph.opset, HARD_SWISH_OPSET);
}

/**
 * 3. An activation scaled and shifted before convolutions. Where none of them
 * pads, the scale goes into their weights and the shift into their bias
 * (shift · Σ weights). Padding adds zeros after the shift, so before a padded
 * one the scale and shift become a 1 × 1 depthwise convolution of their own:
 * onnxruntime runs that in its blocked channel layout, where an Add of a
 * scalar made it reorder the whole feature map out and back in (a seventh of
 * the detector's time).
 */
function foldIntoNextConvolutions(graph: Graph) {
  const gone = new Set<Node>();
  let users = graph.consumers();
  for (const first of graph.nodes) {
    if (gone.has(first)) continue;
    const z = first.inputs.find((name) => !graph.constants.has(name));
    const head = z === undefined ? undefined : affineStep(graph, first, z);
    if (z === undefined || !head) continue;
    const rest = affineAfter(graph, first.outputs[0], users);
    const chain = [first, ...rest.nodes];
    const scale = head.scale * rest.scale;
    const shift = head.shift * rest.scale + rest.shift;
    const end = chain.at(-1)!.outputs[0];
    const convs = users.get(end) ?? [];
    const foldable = (conv: Node) =>
      conv.op === "Conv" && conv.inputs[0] === end && graph.constants.has(conv.inputs[1]) && (!conv.inputs[2] || graph.constants.has(conv.inputs[2]));
    if (!convs.length || graph.outputs.has(end) || !convs.every(foldable)) continue;
    for (const node of chain) gone.add(node);
    if (convs.some((conv) => intsOf(attributes(conv).get("pads"))?.some((p) => p !== 0))) {
      const [, perGroup] = graph.constants.get(convs[0].inputs[1])!.dims;
      const channels = perGroup * (intOf(attributes(convs[0]).get("group")) ?? 1);
      const last = chain.at(-1)!;
      gone.delete(last);
      const weights = graph.addConstant([channels, 1, 1, 1], new Float32Array(channels).fill(scale));
      retype(last, "Conv", [z, weights, graph.addConstant([channels], new Float32Array(channels).fill(shift))], [intAttribute("group", channels)]);
    } else
      for (const conv of convs) {
        const weight = graph.constants.get(conv.inputs[1])!;
        const out = weight.dims[0];
        const perOut = weight.data.length / out;
        const bias = conv.inputs[2] ? Float32Array.from(graph.constants.get(conv.inputs[2])!.data) : new Float32Array(out);
        for (let o = 0; o < out; o++) {
          let sum = 0;
          for (let k = 0; k < perOut; k++) sum += weight.data[o * perOut + k];
          bias[o] += shift * sum;
        }
        const scaled = graph.addConstant(
          weight.dims,
          weight.data.map((w) => w * scale),
        );
        conv.inputs = [z, scaled, graph.addConstant([out], bias)];
      }
    without(graph, gone);
    users = graph.consumers();
  }
}

/**
 * 4. x + x · s, with s one weight a channel (a squeeze-and-excitation block
 * with a residual, as the detector's neck has ten), is x · (1 + s): the 1 is
 * added to the weights, not to every pixel of the map.
 */
function residualScalesAsOne(graph: Graph) {
  const users = graph.consumers();
  const made = new Map(graph.nodes.flatMap((node) => node.outputs.map((name) => [name, node] as const)));
  let one: string | undefined;
  for (const mul of graph.nodes) {
    if (mul.op !== "Mul" || mul.inputs.length !== 2) continue;
    const add = soleReader(graph, users, mul.outputs[0]);
    if (add?.op !== "Add") continue;
    const x = add.inputs.find((name) => name !== mul.outputs[0]);
    const s = mul.inputs.find((name) => name !== x);
    // True of any s; worth it where s is the block's weights, one a channel, not a map.
    if (x === undefined || s === undefined || !mul.inputs.includes(x) || made.get(s)?.op !== "HardSigmoid") continue;
    one ??= graph.addConstant([1], new Float32Array([1]));
    retype(mul, "Add", [s, one]);
    mul.outputs = [`${s}.plus_one`];
    retype(add, "Mul", [x, mul.outputs[0]]);
  }
}
