// Just enough of protobuf's wire format to rewrite an ONNX model's graph
// (detector-graph.ts): messages are read as lists of fields and written back
// byte for byte, so every field we do not touch survives unchanged.

export type Field = { field: number; wire: 0 | 1 | 2 | 5; value: bigint | Uint8Array };

function readVarint(buf: Uint8Array, at: number): [bigint, number] {
  let value = 0n;
  let shift = 0n;
  for (;;) {
    const byte = buf[at++];
    if (byte === undefined) throw new Error("truncated protobuf varint");
    value |= BigInt(byte & 0x7f) << shift;
    shift += 7n;
    if (!(byte & 0x80)) return [value, at];
  }
}

function varintBytes(value: bigint): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, value);
  do {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v ? byte | 0x80 : byte);
  } while (v);
  return out;
}

/** The fields of one message, in the order they were written. */
export function decode(buf: Uint8Array): Field[] {
  const fields: Field[] = [];
  let at = 0;
  while (at < buf.length) {
    let key: bigint;
    [key, at] = readVarint(buf, at);
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) {
      let value: bigint;
      [value, at] = readVarint(buf, at);
      fields.push({ field, wire, value });
    } else if (wire === 2) {
      let length: bigint;
      [length, at] = readVarint(buf, at);
      const end = at + Number(length);
      if (end > buf.length) throw new Error("truncated protobuf field");
      fields.push({ field, wire, value: buf.subarray(at, end) });
      at = end;
    } else if (wire === 1 || wire === 5) {
      const end = at + (wire === 1 ? 8 : 4);
      fields.push({ field, wire, value: buf.subarray(at, end) });
      at = end;
    } else throw new Error(`protobuf wire type ${wire} is not supported`);
  }
  return fields;
}

export function encode(fields: Field[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const { field, wire, value } of fields) {
    parts.push(Uint8Array.from(varintBytes(BigInt((field << 3) | wire))));
    if (wire === 0) parts.push(Uint8Array.from(varintBytes(value as bigint)));
    else if (wire === 2) {
      const bytes = value as Uint8Array;
      parts.push(Uint8Array.from(varintBytes(BigInt(bytes.length))), bytes);
    } else parts.push(value as Uint8Array);
  }
  return Buffer.concat(parts);
}

const text = new TextEncoder();

export const stringField = (field: number, value: string): Field => ({ field, wire: 2, value: text.encode(value) });
export const messageField = (field: number, message: Field[]): Field => ({ field, wire: 2, value: encode(message) });
export const varintField = (field: number, value: number | bigint): Field => ({ field, wire: 0, value: BigInt(value) });
export const asString = (f: Field) => Buffer.from(f.value as Uint8Array).toString("utf8");

/** Repeated varints, packed (one length-delimited field) or not. */
export function varints(fields: Field[], field: number): bigint[] {
  return fields
    .filter((f) => f.field === field)
    .flatMap((f) => {
      if (f.wire === 0) return [f.value as bigint];
      const out: bigint[] = [];
      const bytes = f.value as Uint8Array;
      for (let at = 0; at < bytes.length; ) {
        let v: bigint;
        [v, at] = readVarint(bytes, at);
        out.push(v);
      }
      return out;
    });
}
