// The PP-OCRv4 detector ends in two 2 × 2 transposed convolutions of stride 2
// (a quarter-size map up to the picture's size), each followed by a bias, a
// batch normalization and an activation. onnxruntime runs ConvTranspose as a
// matrix product and a scatter, outside its blocked channel layout, and the
// per-channel steps after it as passes over the full-size maps: a seventh of
// the detector's time at 1440 px. The tiles of such a ConvTranspose do not
// overlap, so it is a 1 × 1 convolution to four channels a channel (one per
// place in the 2 × 2 tile) followed by DepthToSpace; the bias and the batch
// normalization go into that convolution's weights, and the activation (a
// point-wise one) comes before the DepthToSpace, where onnxruntime fuses it
// into the convolution. The second such step then reads the first's
// DepthToSpace: its 1 × 1 convolution moves before that one too, and the two
// DepthToSpaces become one, so no map bigger than a quarter of the picture is
// made until the last. The same answers to float rounding (paddle-graph.test.ts).
import {
  attributes,
  floatOf,
  type Graph,
  intAttribute,
  intOf,
  intsOf,
  newNode,
  type Node,
  retype,
  soleReader,
  stringAttribute,
  stringOf,
} from "./onnx-graph.ts";

/** Point-wise activations: the same before or after moving pixels around. */
const POINTWISE = new Set(["Relu", "Sigmoid"]);

/** A per-channel (or single) constant operand of a Mul or Add, as one value a channel. */
function perChannel(graph: Graph, node: Node, input: string, channels: number): Float32Array | undefined {
  if (node.inputs.length !== 2 || !node.inputs.includes(input)) return undefined;
  const other = graph.constants.get(node.inputs[0] === input ? node.inputs[1] : node.inputs[0]);
  if (!other) return undefined;
  if (other.data.length === 1) return new Float32Array(channels).fill(other.data[0]);
  // Broadcast against N × C × H × W, only [C, 1, 1] or [1, C, 1, 1] is per channel.
  const [c, ...rest] = other.dims.length === 4 && other.dims[0] === 1 ? other.dims.slice(1) : other.dims;
  return c === channels && rest.length === 2 && rest.every((d) => d === 1) ? other.data : undefined;
}

/** A batch normalization with constant statistics, as a scale and shift a channel. */
function normalization(graph: Graph, node: Node, channels: number): { scale: Float32Array; shift: Float32Array } | undefined {
  const [gamma, beta, mean, variance] = node.inputs.slice(1).map((name) => graph.constants.get(name)?.data);
  if (!gamma || !beta || !mean || !variance || gamma.length !== channels || node.outputs.length !== 1) return undefined;
  const epsilon = floatOf(attributes(node).get("epsilon")) ?? 1e-5;
  const scale = gamma.map((g, c) => g / Math.sqrt(variance[c] + epsilon));
  return { scale, shift: beta.map((b, c) => b - mean[c] * scale[c]) };
}

/** Whether a convolution's (or a transposed one's) kernel and strides are `size` and it neither pads, dilates nor groups. */
function isPlain(node: Node, size: number): boolean {
  const a = attributes(node);
  const all = (name: string, value: number) => intsOf(a.get(name))?.every((v) => v === value);
  return (
    (all("kernel_shape", size) ?? true) &&
    (all("strides", size) ?? size === 1) &&
    (all("pads", 0) ?? true) &&
    (all("output_padding", 0) ?? true) &&
    (all("dilations", 1) ?? true) &&
    (intOf(a.get("group")) ?? 1) === 1 &&
    !a.has("output_shape") &&
    !a.has("auto_pad")
  );
}

/** The block size of a DepthToSpace in CRD order (the one where channel c's block is channels c · b² …). */
function crdBlock(node: Node | undefined): number | undefined {
  if (node?.op !== "DepthToSpace") return undefined;
  const a = attributes(node);
  return stringOf(a.get("mode")) === "CRD" ? intOf(a.get("blocksize")) : undefined;
}

/**
 * A 1 × 1 convolution (and a point-wise activation) between two DepthToSpaces
 * moves before the first, and the two become one: run on the smaller map, with
 * its weights repeated for each place in the first's block.
 */
function mergeDepthToSpaces(graph: Graph): number {
  let merged = 0;
  for (const first of [...graph.nodes]) {
    const b1 = crdBlock(first);
    if (!b1) continue;
    const readers = graph.consumers();
    const lone = (name: string) => soleReader(graph, readers, name);
    const conv = lone(first.outputs[0]);
    const weight = conv?.op === "Conv" ? graph.constants.get(conv.inputs[1]) : undefined;
    const bias = conv?.inputs[2] ? graph.constants.get(conv.inputs[2]) : undefined;
    if (!conv || !weight || (conv.inputs[2] && !bias) || weight.dims[2] !== 1 || weight.dims[3] !== 1 || !isPlain(conv, 1)) continue;
    const next = lone(conv.outputs[0]);
    const activation = next && POINTWISE.has(next.op) ? next : undefined;
    const second = activation ? lone(activation.outputs[0]) : next;
    const b2 = crdBlock(second);
    const [out, channels] = weight.dims;
    if (!second || !b2 || out % (b2 * b2)) continue;
    const finals = out / (b2 * b2);
    const B = b1 * b2;
    // Place (r1, c1) of the first block and (r2, c2) of the second are row r1 · b2 + r2, column c1 · b2 + c2 of the merged one.
    const weights = new Float32Array(finals * B * B * channels * b1 * b1);
    const biases = new Float32Array(finals * B * B);
    for (let o = 0; o < finals; o++)
      for (let r1 = 0; r1 < b1; r1++)
        for (let c1 = 0; c1 < b1; c1++)
          for (let r2 = 0; r2 < b2; r2++)
            for (let c2 = 0; c2 < b2; c2++) {
              const j = o * b2 * b2 + r2 * b2 + c2;
              const g = o * B * B + (r1 * b2 + r2) * B + (c1 * b2 + c2);
              biases[g] = bias?.data[j] ?? 0;
              for (let c = 0; c < channels; c++) weights[g * channels * b1 * b1 + c * b1 * b1 + r1 * b1 + c1] = weight.data[j * channels + c];
            }
    const tag = `dorsal.merged.${merged++}`;
    conv.inputs = [first.inputs[0], graph.addConstant([finals * B * B, channels * b1 * b1, 1, 1], weights), graph.addConstant([finals * B * B], biases)];
    conv.outputs = [activation ? `${tag}.conv` : `${tag}.tiles`];
    if (activation) {
      activation.inputs = conv.outputs;
      activation.outputs = [`${tag}.tiles`];
    }
    retype(second, "DepthToSpace", [`${tag}.tiles`], [intAttribute("blocksize", B), stringAttribute("mode", "CRD")]);
    graph.nodes = graph.nodes.filter((n) => n !== first);
  }
  return merged;
}

/** Every tiling ConvTranspose as a 1 × 1 convolution and DepthToSpace, consecutive ones merged (see the top of this file). Returns how many DepthToSpaces are left. */
export function convTransposesAsDepthToSpace(graph: Graph): number {
  return tilesAsDepthToSpace(graph) - mergeDepthToSpaces(graph);
}

function tilesAsDepthToSpace(graph: Graph): number {
  let changed = 0;
  for (const transpose of [...graph.nodes]) {
    const weight = transpose.op === "ConvTranspose" ? graph.constants.get(transpose.inputs[1]) : undefined;
    const bias = transpose.inputs[2] ? graph.constants.get(transpose.inputs[2]) : undefined;
    // Tiles that neither overlap nor leave gaps: a 2 × 2 kernel, stride 2.
    if (weight?.dims.length !== 4 || weight.dims[2] !== 2 || weight.dims[3] !== 2 || (transpose.inputs[2] && !bias) || !isPlain(transpose, 2)) continue;
    const [inputs, outputs] = weight.dims;
    const scale = new Float32Array(outputs).fill(1);
    const shift = bias ? Float32Array.from(bias.data) : new Float32Array(outputs);
    // The lone per-channel steps after it fold into the weights; a point-wise activation moves before the DepthToSpace.
    const users = graph.consumers();
    const gone = new Set<Node>();
    let end = transpose.outputs[0];
    let activation: Node | undefined;
    for (;;) {
      const next = soleReader(graph, users, end);
      if (!next) break;
      const value = next.op === "Add" || next.op === "Mul" ? perChannel(graph, next, end, outputs) : undefined;
      const norm = next.op === "BatchNormalization" && next.inputs[0] === end ? normalization(graph, next, outputs) : undefined;
      if (value && next.op === "Add") for (let c = 0; c < outputs; c++) shift[c] += value[c];
      else if (value)
        for (let c = 0; c < outputs; c++) {
          scale[c] *= value[c];
          shift[c] *= value[c];
        }
      else if (norm)
        for (let c = 0; c < outputs; c++) {
          scale[c] *= norm.scale[c];
          shift[c] = shift[c] * norm.scale[c] + norm.shift[c];
        }
      else if (POINTWISE.has(next.op)) activation = next;
      else break;
      gone.add(next);
      end = next.outputs[0];
      if (activation) break;
    }
    // Channel c · 4 + row · 2 + column of the convolution is place (row, column) of output channel c: DepthToSpace's CRD order.
    const weights = new Float32Array(outputs * 4 * inputs);
    for (let i = 0; i < inputs; i++)
      for (let c = 0; c < outputs; c++) for (let k = 0; k < 4; k++) weights[(c * 4 + k) * inputs + i] = weight.data[(i * outputs + c) * 4 + k] * scale[c];
    const biases = new Float32Array(outputs * 4).map((_, j) => shift[Math.floor(j / 4)]);
    const tag = `dorsal.tiles.${changed++}`;
    const convolved = activation ? `${tag}.conv` : `${tag}.tiles`;
    retype(transpose, "Conv", [transpose.inputs[0], graph.addConstant([outputs * 4, inputs, 1, 1], weights), graph.addConstant([outputs * 4], biases)]);
    transpose.outputs = [convolved];
    const made = [transpose];
    if (activation) {
      gone.delete(activation);
      activation.inputs = [convolved];
      activation.outputs = [`${tag}.tiles`];
      made.push(activation);
    }
    made.push(newNode("DepthToSpace", [`${tag}.tiles`], [end], [intAttribute("blocksize", 2), stringAttribute("mode", "CRD")]));
    const at = graph.nodes.indexOf(transpose);
    graph.nodes = [
      ...graph.nodes.slice(0, at).filter((n) => !gone.has(n)),
      ...made,
      ...graph.nodes.slice(at + 1).filter((n) => !gone.has(n) && n !== activation),
    ];
  }
  return changed;
}
