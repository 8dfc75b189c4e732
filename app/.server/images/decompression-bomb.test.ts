import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ImageTooLarge, probe, rasterize } from "./derivatives.ts";

/** A PNG whose header declares width × height, with no pixel data behind it: a "decompression bomb" as it arrives. */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("resource limits: decompression bombs", () => {
  it("refuses a picture declaring more than 120 MP from its header, before decoding it", async () => {
    await expect(probe(declaredPng(12_000, 12_000))).rejects.toBeInstanceOf(ImageTooLarge);
  });

  it("never decodes one as a site image either", async () => {
    await expect(rasterize(declaredPng(12_000, 12_000), 512)).rejects.toThrow(/pixel|limit/i);
  });
});
