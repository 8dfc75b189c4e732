// `npm start`: builds the pages when the build is missing or older than the
// sources, then runs the server. A later start with no changes skips the build.
import { buildIfStale } from "./build-if-stale.ts";

buildIfStale();
await import("../server.ts");
