import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { inRequest, type Logger } from "../logger.ts";

/** One request id per request (kept from X-Request-Id when a proxy sets one), one log line per response, and its figures. */
export function requestLog(logger: Logger, observe?: (path: string, method: string, status: number, seconds: number) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get("x-request-id");
    const id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", id);
    res.locals.requestId = id;
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? "error" : "info";
      logger[level]({ reqId: id, method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms) }, "request");
      observe?.(req.path, req.method, res.statusCode, ms / 1000);
    });
    inRequest(id, next);
  };
}
