import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, inRequest } from "./logger.ts";

describe("createLogger", () => {
  it("puts the request's id on every line written while it is answered, even after an await", async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logger = createLogger("info", sink);
    await inRequest("req-42", async () => {
      logger.info("before");
      await new Promise((r) => setTimeout(r, 1));
      logger.warn({ order: 7 }, "after");
    });
    logger.info("between requests");
    expect(lines.map((l) => JSON.parse(l).reqId)).toEqual(["req-42", "req-42", undefined]);
  });
});
