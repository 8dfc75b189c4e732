// The shop's HTTP server (`node server.ts`; `npm start` builds first). Before
// anything else loads, the process takes the server's V8 flags
// (app/.server/server-flags.ts), then boots and serves (app/.server/serve.ts).
import { execWithServerFlags } from "./app/.server/server-flags.ts";

execWithServerFlags(new URL(import.meta.url));
// React picks its build by NODE_ENV when first loaded: unset (as `npm start` left it), pages were
// rendered by its development build, checks on every element: never-asked bib searches 95–106 a
// second instead of 138–142 (demo race, 8 at a time, side by side).
const dev = process.argv.includes("--dev");
if (!dev) process.env.NODE_ENV ??= "production";
const { serve } = await import("./app/.server/serve.ts");
serve({ root: import.meta.dirname, dev }).catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
