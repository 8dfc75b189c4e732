// The shop's HTTP server (`node server.ts`; `npm start` builds first). Before
// anything else loads, the process takes the server's V8 flags
// (app/.server/server-flags.ts), then boots and serves (app/.server/serve.ts).
import { execWithServerFlags } from "./app/.server/server-flags.ts";

execWithServerFlags(new URL(import.meta.url));
const { serve } = await import("./app/.server/serve.ts");
serve({ root: import.meta.dirname, dev: process.argv.includes("--dev") }).catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
