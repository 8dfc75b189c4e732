import { createHash, createHmac, randomBytes } from "node:crypto";
import { safeEqual } from "../safe-equal.ts";

/** HMAC helpers over the session secret: signed values, derived tokens, constant-time checks. */
export type Signer = ReturnType<typeof createSigner>;

export function createSigner(secret: Buffer) {
  const mac = (value: string) => createHmac("sha256", secret).update(value).digest("base64url");
  return {
    mac,
    /** `value.mac`, for cookies. */
    sign: (value: string) => `${value}.${mac(value)}`,
    /** The value of a signed string, or undefined when the signature is wrong. */
    unsign(signed: string | undefined): string | undefined {
      if (!signed) return undefined;
      const dot = signed.lastIndexOf(".");
      if (dot <= 0) return undefined;
      const value = signed.slice(0, dot);
      return safeEqual(signed.slice(dot + 1), mac(value)) ? value : undefined;
    },
  };
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
