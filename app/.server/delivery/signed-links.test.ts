import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readClaim, signClaim } from "./signed-links.ts";

describe("signed download links", () => {
  const key = randomBytes(32);
  const exp = Math.floor(Date.now() / 1000) + 60;

  it("reads back what it signed", () => {
    const token = signClaim(key, { k: "photo", o: "ORDER123", p: "PHOTO1", exp });
    expect(readClaim(key, token)).toEqual({ k: "photo", o: "ORDER123", p: "PHOTO1", exp });
  });

  it("refuses a tampered, foreign or expired token", () => {
    const token = signClaim(key, { k: "photo", o: "ORDER123", p: "PHOTO1", exp });
    const [body, sig] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ k: "photo", o: "ORDER123", p: "PHOTO2", exp })).toString("base64url");
    expect(readClaim(key, `${forged}.${sig}`)).toBeUndefined();
    expect(readClaim(randomBytes(32), token)).toBeUndefined();
    expect(readClaim(key, `${body}.${sig}.x`)).toBeUndefined();
    expect(readClaim(key, "garbage")).toBeUndefined();
    expect(readClaim(key, token, (exp + 1) * 1000)).toBeUndefined();
  });

  it("refuses every other last character of the signature, even one that decodes to the same bytes", () => {
    const token = signClaim(key, { k: "photo", o: "ORDER123", p: "PHOTO1", exp });
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const c of alphabet) {
      if (c === token.at(-1)) continue;
      expect(readClaim(key, token.slice(0, -1) + c), c).toBeUndefined();
    }
  });
});
