import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { safeEqual } from "./safe-equal.ts";
import type { Services } from "./services.ts";

// Loopback endpoints through which `npm run cli` works while the shop is running
// on an embedded database. Each answer is NDJSON: progress lines, then a result
// or an error line.

/** How long an import through the running shop waits for the bibs to be read before it answers with what is still queued. */
const FOLLOW_BIBS_MS = 30 * 60_000;

const importBody = z.object({ folder: z.string().min(1) });
const adminBody = z.object({ email: z.string(), password: z.string(), role: z.enum(["admin", "photographer", "organizer"]).optional() });

function authorized(req: Request, token: string): boolean {
  const local = ["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(req.socket.remoteAddress ?? "");
  return local && safeEqual(req.get("x-cli-token") ?? "", token);
}

export function cliBridge(services: Services): Router {
  const router = express.Router();
  router.use(express.json({ limit: "16kb" }));
  router.use((req, res, next) => (authorized(req, services.cliToken) ? next() : res.status(403).json({ error: "forbidden" })));

  const stream = (res: Response, work: (send: (line: unknown) => void) => Promise<unknown>) => {
    res.setHeader("Content-Type", "application/x-ndjson");
    const send = (line: unknown) => res.write(`${JSON.stringify(line)}\n`);
    work(send)
      .then((result) => send({ result }))
      .catch((error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }))
      .finally(() => res.end());
  };

  router.post("/import", (req, res) => {
    const parsed = importBody.safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ error: "folder is required" });
    const body = parsed.data;
    let gone = false;
    res.on("close", () => (gone = true));
    stream(res, async (send) => {
      const report = await services.imports.folder(body.folder, (done, total, file) => send({ progress: { done, total, file } }));
      // The shop's worker reads the bibs in the background; the CLI shows it while it waits (Ctrl+C stops only the waiting).
      let recognition = await services.recognition.progressForSlug(report.slug);
      const until = Date.now() + FOLLOW_BIBS_MS;
      while (recognition && recognition.queued > 0 && !gone && Date.now() < until) {
        send({ bibs: recognition });
        await new Promise((resolve) => setTimeout(resolve, 1000));
        recognition = await services.recognition.progressForSlug(report.slug);
      }
      return { ...report, recognition };
    });
  });
  // A backup of the embedded database is made by the process that holds it.
  router.post("/backup", (req, res) => {
    const parsed = z.object({ file: z.string().min(1), files: z.boolean().optional() }).safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ error: "file is required" });
    stream(res, () => services.backup.write(parsed.data.file, { files: parsed.data.files }));
  });
  router.post("/create-admin", (req, res) => {
    const parsed = adminBody.safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ error: "email and password are required" });
    const body = parsed.data;
    stream(res, () => services.admins.create(body.email, body.password, body.role));
  });
  return router;
}
