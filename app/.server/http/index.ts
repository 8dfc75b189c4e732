// The request edge: what every request meets before or beside React Router
// (guards, limits, security headers, logs and metrics, media and static files),
// the page handler with its cache of rendered storefront responses, and the
// languages' text files. The Express app (express-app.ts) assembles them.
export { abuseLimits } from "./abuse-limits.ts";
export { mediaHandler } from "./media.ts";
export { createMetrics, metricsHandler, type Metrics } from "./metrics.ts";
export { createPageCache, PROGRESS_LAG_MS, type PageCache } from "./page-cache.ts";
export { pageHandler } from "./page-handler.ts";
export { createPageWarmer, type PageWarmer } from "./page-warmer.ts";
export { createPageTexts } from "./page-texts.ts";
export { requestGuard, sendRefusal } from "./request-guard.ts";
export { requestLog } from "./request-log.ts";
export { securityHeaders } from "./security-headers.ts";
export { staticAssets } from "./static-assets.ts";
