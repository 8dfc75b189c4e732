import { randomBytes } from "node:crypto";

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

// The shop's public codes (photo, sale and pre-order ids, demo payments): one small module every other can use.

/** An unguessable, URL-safe code (≈ 5.8 bits a character; 16 characters ≈ 93 bits). */
export function randomCode(length = 16): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    // Rejection sampling keeps every character equally likely.
    if (bytes[i] < 256 - (256 % ALPHABET.length)) out += ALPHABET[bytes[i] % ALPHABET.length];
  }
  return out.length === length ? out : randomCode(length);
}
