// The little of opentype.js the field set uses (the package ships no types).
declare module "opentype.js" {
  export type Glyph = {
    advanceWidth?: number;
    getPath(x: number, y: number, fontSize: number): { commands: { type: string; x?: number; y?: number; x1?: number; y1?: number; x2?: number; y2?: number }[] };
    getBoundingBox(): { x1: number; y1: number; x2: number; y2: number };
  };
  export type Font = { unitsPerEm: number; charToGlyph(char: string): Glyph };
  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
}
