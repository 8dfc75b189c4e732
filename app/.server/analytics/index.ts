export { createAnalytics, pageViewInput } from "./page-views.ts";
export type { PageViewInput } from "./page-views.ts";
