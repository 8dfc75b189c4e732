export { createNotifyService } from "./signups.ts";
export { notifyInput } from "./input.ts";
export type { NotifyInput } from "./input.ts";
