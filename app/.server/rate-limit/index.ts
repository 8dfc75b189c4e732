// Limits on how often one key may act: counted in the database when every
// instance must agree (sign-ups, contact, abuse), in memory when an
// approximate per-instance count is enough (page views).
export { createRateLimiter, type RateLimiter } from "./rate-limit.ts";
export { createMemoryRateLimiter, type MemoryRateLimiter } from "./memory-rate-limit.ts";
