// An ONNX model's graph as a list of nodes that can be edited and written
// back (for paddle-graph.ts). Only what those rewrites need: float constants
// given as Constant nodes, node attributes, the default domain's opset.
import { asString, decode, encode, type Field, messageField, stringField, varintField, varints } from "./onnx-wire.ts";

// ONNX field numbers (onnx.proto).
const MODEL = { opsetImport: 8, graph: 7 } as const;
const OPSET = { domain: 1, version: 2 } as const;
const GRAPH = { node: 1, output: 12 } as const;
const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5 } as const;
const ATTRIBUTE = { name: 1, f: 2, i: 3, s: 4, t: 5, ints: 8, type: 20 } as const;
const ATTRIBUTE_TYPE = { float: 1, int: 2, string: 3, tensor: 4, ints: 7 } as const;
const TENSOR = { dims: 1, dataType: 2, floatData: 4, name: 8, rawData: 9 } as const;
const FLOAT = 1;

export type Node = { op: string; inputs: string[]; outputs: string[]; fields: Field[] };
export type Constant = { dims: number[]; data: Float32Array };
export type Attribute = Field[];

function readNode(fields: Field[]): Node {
  const strings = (field: number) => fields.filter((f) => f.field === field).map(asString);
  return { op: strings(NODE.opType)[0] ?? "", inputs: strings(NODE.input), outputs: strings(NODE.output), fields };
}

/** Each node as read, to write an untouched one back as its own bytes (most of a model's bytes are its weights). */
const asRead = new WeakMap<Node, { bytes: Uint8Array; inputs: string[]; outputs: string[]; fields: Field[] }>();

function writeNode(node: Node): Uint8Array {
  const read = asRead.get(node);
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((name, i) => name === b[i]);
  if (read && read.fields === node.fields && same(read.inputs, node.inputs) && same(read.outputs, node.outputs)) return read.bytes;
  const rest = node.fields.filter((f) => f.field !== NODE.input && f.field !== NODE.output);
  return encode([...node.inputs.map((name) => stringField(NODE.input, name)), ...node.outputs.map((name) => stringField(NODE.output, name)), ...rest]);
}

/** A node made another operator in place (its name and outputs kept); `attributes` replace its own. */
export function retype(node: Node, op: string, inputs: string[], attributes: Attribute[] = []) {
  node.op = op;
  node.inputs = inputs;
  node.fields = [
    ...node.fields.filter((f) => f.field !== NODE.opType && f.field !== NODE.attribute),
    stringField(NODE.opType, op),
    ...attributes.map((a) => messageField(NODE.attribute, a)),
  ];
}

export function attributes(node: Node): Map<string, Attribute> {
  const out = new Map<string, Attribute>();
  for (const f of node.fields) {
    if (f.field !== NODE.attribute) continue;
    const attribute = decode(f.value as Uint8Array);
    out.set(asString(attribute.find((a) => a.field === ATTRIBUTE.name)!), attribute);
  }
  return out;
}

export const intOf = (attribute: Attribute | undefined) => (attribute ? Number(varints(attribute, ATTRIBUTE.i)[0]) : undefined);
export const intsOf = (attribute: Attribute | undefined) => (attribute ? varints(attribute, ATTRIBUTE.ints).map(Number) : undefined);
export const stringOf = (attribute: Attribute | undefined) => {
  const value = attribute?.find((a) => a.field === ATTRIBUTE.s);
  return value && asString(value);
};
export function floatOf(attribute: Attribute | undefined): number | undefined {
  const value = attribute?.find((a) => a.field === ATTRIBUTE.f)?.value as Uint8Array | undefined;
  return value && new DataView(value.buffer, value.byteOffset, 4).getFloat32(0, true);
}

export function floatAttribute(name: string, value: number): Attribute {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setFloat32(0, value, true);
  return [stringField(ATTRIBUTE.name, name), { field: ATTRIBUTE.f, wire: 5, value: bytes }, varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.float)];
}
export const intAttribute = (name: string, value: number): Attribute => [
  stringField(ATTRIBUTE.name, name),
  varintField(ATTRIBUTE.i, value),
  varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.int),
];

export const intsAttribute = (name: string, values: number[]): Attribute => [
  stringField(ATTRIBUTE.name, name),
  ...values.map((v) => varintField(ATTRIBUTE.ints, v)),
  varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.ints),
];
export const stringAttribute = (name: string, value: string): Attribute => [
  stringField(ATTRIBUTE.name, name),
  stringField(ATTRIBUTE.s, value),
  varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.string),
];

/** A new node (no name of its own: ONNX does not need one). */
export function newNode(op: string, inputs: string[], outputs: string[], attributes: Attribute[] = []): Node {
  const node: Node = { op, inputs, outputs, fields: [] };
  retype(node, op, inputs, attributes);
  return node;
}

function constantValue(node: Node): Constant | undefined {
  const tensorField = attributes(node)
    .get("value")
    ?.find((a) => a.field === ATTRIBUTE.t);
  if (!tensorField) return undefined;
  const tensor = decode(tensorField.value as Uint8Array);
  if (Number(varints(tensor, TENSOR.dataType)[0]) !== FLOAT) return undefined;
  const raw = tensor.find((f) => f.field === TENSOR.rawData)?.value as Uint8Array | undefined;
  const packed = tensor.find((f) => f.field === TENSOR.floatData && f.wire === 2)?.value as Uint8Array | undefined;
  // Copied: the model's bytes need not be 4-byte aligned.
  const data = new Float32Array(Uint8Array.from(raw ?? packed ?? []).buffer);
  return { dims: varints(tensor, TENSOR.dims).map(Number), data };
}

function constantNode(name: string, { dims, data }: Constant): Node {
  const tensor = [
    ...dims.map((d) => varintField(TENSOR.dims, d)),
    varintField(TENSOR.dataType, FLOAT),
    stringField(TENSOR.name, name),
    { field: TENSOR.rawData, wire: 2 as const, value: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) },
  ];
  const value = [stringField(ATTRIBUTE.name, "value"), messageField(ATTRIBUTE.t, tensor), varintField(ATTRIBUTE.type, ATTRIBUTE_TYPE.tensor)];
  return readNode([stringField(NODE.output, name), stringField(NODE.name, name), stringField(NODE.opType, "Constant"), messageField(NODE.attribute, value)]);
}

const isDefaultDomain = (f: Field) => {
  const domain = decode(f.value as Uint8Array).find((o) => o.field === OPSET.domain);
  return !domain || asString(domain) === "";
};

export type Graph = {
  /** In topological order; edit in place, or replace the list. */
  nodes: Node[];
  constants: Map<string, Constant>;
  /** Names the graph gives out: never folded away. */
  outputs: Set<string>;
  /** The default domain's opset version; may be raised. */
  opset: number;
  /** A new float constant; returns its name. */
  addConstant(dims: number[], data: Float32Array): string;
  /** Who reads each tensor, now. */
  consumers(): Map<string, Node[]>;
  /** The model with this graph; constants nothing reads (nor the graph gives out) any more are left out. */
  toBytes(): Uint8Array;
};

/** The one node that reads `name` (`readers`: graph.consumers()), unless others do too or the graph gives it out: a step a rewrite may fold. */
export function soleReader(graph: Graph, readers: Map<string, Node[]>, name: string): Node | undefined {
  const [reader, ...more] = readers.get(name) ?? [];
  return reader && !more.length && !graph.outputs.has(name) ? reader : undefined;
}

export function readGraph(model: Uint8Array): Graph {
  const modelFields = decode(model);
  const graphIndex = modelFields.findIndex((f) => f.field === MODEL.graph);
  const graphFields = decode(modelFields[graphIndex].value as Uint8Array);
  const opsetIndex = modelFields.findIndex((f) => f.field === MODEL.opsetImport && isDefaultDomain(f));
  const opset = opsetIndex < 0 ? 0 : Number(varints(decode(modelFields[opsetIndex].value as Uint8Array), OPSET.version)[0] ?? 0n);
  const added: Node[] = [];
  let count = 0;

  const graph: Graph = {
    nodes: graphFields
      .filter((f) => f.field === GRAPH.node)
      .map((f) => {
        const node = readNode(decode(f.value as Uint8Array));
        asRead.set(node, { bytes: f.value as Uint8Array, inputs: [...node.inputs], outputs: [...node.outputs], fields: node.fields });
        return node;
      }),
    constants: new Map(),
    outputs: new Set(graphFields.filter((f) => f.field === GRAPH.output).map((f) => asString(decode(f.value as Uint8Array)[0]))),
    opset,
    addConstant(dims, data) {
      const name = `dorsal.folded.${count++}`;
      graph.constants.set(name, { dims, data });
      added.push(constantNode(name, { dims, data }));
      return name;
    },
    consumers() {
      const readers = new Map<string, Node[]>();
      for (const node of graph.nodes)
        for (const input of node.inputs) {
          const list = readers.get(input);
          if (list) list.push(node);
          else readers.set(input, [node]);
        }
      return readers;
    },
    toBytes() {
      const read = new Set([...graph.nodes.flatMap((n) => n.inputs), ...graph.outputs]);
      // Constants first, so the graph stays in topological order.
      const nodes = [...added.filter((n) => read.has(n.outputs[0])), ...graph.nodes.filter((n) => n.op !== "Constant" || read.has(n.outputs[0]))];
      nodes.sort((a, b) => Number(b.op === "Constant") - Number(a.op === "Constant"));
      const newGraph: Field[] = [
        ...nodes.map((n) => ({ field: GRAPH.node, wire: 2 as const, value: writeNode(n) })),
        ...graphFields.filter((f) => f.field !== GRAPH.node),
      ];
      return encode(
        modelFields.map((f, i) => {
          if (i === graphIndex) return messageField(MODEL.graph, newGraph);
          if (i === opsetIndex && graph.opset !== opset) return messageField(MODEL.opsetImport, [varintField(OPSET.version, graph.opset)]);
          return f;
        }),
      );
    },
  };
  for (const node of graph.nodes) {
    const value = node.op === "Constant" ? constantValue(node) : undefined;
    if (value) graph.constants.set(node.outputs[0], value);
  }
  return graph;
}
