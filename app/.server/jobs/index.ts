export { enqueue, schedule, claim, complete, fail, counts, releaseAll, backoffSeconds, LEASE_SECONDS } from "./queue.ts";
export type { EnqueueOptions, ClaimedJob, QueueCounts } from "./queue.ts";
export { createWorker } from "./worker.ts";
export { combineWorkers } from "./lanes.ts";
export type { Worker, JobHandler, JobHandlers, JobRun } from "./worker.ts";
