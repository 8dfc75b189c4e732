import type { Db } from "../db/index.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import type { Storage } from "../storage/index.ts";

export type DeliveryDeps = { db: Db; storage: Storage; env: Env; logger: Logger };
