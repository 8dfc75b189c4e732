import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

export type { Logger };

/** The request being answered, as far as its async work reaches (http/request-log.ts starts it). */
const current = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `work` as part of request `reqId`: every log line written meanwhile carries it. */
export function inRequest<T>(reqId: string, work: () => T): T {
  return current.run({ reqId }, work);
}

/** The id of the request being answered, if any. */
export function currentRequestId(): string | undefined {
  return current.getStore()?.reqId;
}

/** `destination`: where lines go (stdout unless a test reads them). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
    },
    destination,
  );
}
