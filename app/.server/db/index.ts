// The database module's door: the connection and its helpers (client.ts), the
// tables (schema.ts) and the import's progress mark. Other modules import
// from here, never from the files behind it.
export * from "./client.ts";
export * from "./schema.ts";
export { markImportProgress } from "./catalog-progress.ts";
export { analyzeChanged, refreshStatistics } from "./statistics.ts";
