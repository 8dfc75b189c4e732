import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MESSAGES } from "../i18n/messages/all.ts";
import { conflict, notFound, photosUnavailable } from "./errors.ts";
import { failureOf, shopWording, statusOf } from "./failure.ts";

describe("a typed failure's answer", () => {
  it("keeps a service error's status and words its message in each language", () => {
    for (const lang of ["es", "en", "br"] as const) {
      expect(failureOf(notFound(), shopWording(lang))).toEqual({ status: 404, code: "NotFound", message: MESSAGES[lang].errors.notFound });
      expect(failureOf(conflict(), shopWording(lang))?.status).toBe(409);
      expect(failureOf(photosUnavailable(["abc", "def"]), shopWording(lang))).toEqual({
        status: 409,
        code: "Conflict",
        message: MESSAGES[lang].errors.photoUnavailable,
        unavailable: ["abc", "def"],
      });
    }
  });

  it("answers a request that failed its schema with 400 Invalid and the fields at fault", () => {
    const parsed = z.object({ email: z.string(), photos: z.array(z.number()) }).safeParse({ photos: ["x"] });
    expect(failureOf(parsed.error, shopWording("en"))).toEqual({
      status: 400,
      code: "Invalid",
      message: MESSAGES.en.errors.invalid,
      issues: ["email", "photos.0"],
    });
  });

  it("leaves anything else alone: a bug stays a 500", () => {
    expect(failureOf(new TypeError("x is undefined"), shopWording("es"))).toBeUndefined();
    expect(failureOf("nope", shopWording("es"))).toBeUndefined();
    expect(statusOf(new TypeError("x is undefined"))).toBeUndefined();
  });

  it("gives pages that only need the status the same one the answer would carry", () => {
    expect(statusOf(notFound())).toBe(404);
    expect(statusOf(conflict())).toBe(409);
    expect(statusOf(z.number().safeParse("x").error)).toBe(400);
  });
});
