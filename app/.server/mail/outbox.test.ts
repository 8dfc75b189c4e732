import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { outboxFileName } from "./outbox.ts";
import { createTransport } from "./transport.ts";

describe("outbox", () => {
  it("names files so they sort by time and never collide", () => {
    const at = new Date("2026-11-05T14:22:33.481Z");
    const names = [outboxFileName(at), outboxFileName(at), outboxFileName(new Date("2026-11-05T14:22:33.482Z"))];
    expect(names[0]).toMatch(/^20261105T142233-481Z-\d{6}-[0-9a-f]{6}\.eml$/);
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(3);
  });

  it("writes a real RFC 822 message when no SMTP server is configured", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-outbox-"));
    try {
      const transport = createTransport({ dataDir, SMTP_URL: undefined });
      expect(transport.kind).toBe("outbox");
      const { file } = await transport.send({
        from: "Dorsal <fotos@dorsal.local>",
        to: "ana@example.com",
        subject: "Recibimos tu consulta",
        html: "<p>Hola</p>",
        text: "Hola",
        headers: { "Content-Language": "es" },
      });
      expect(path.dirname(file!)).toBe(path.join(dataDir, "outbox"));
      const eml = fs.readFileSync(file!, "utf8");
      expect(eml).toContain("To: ana@example.com\r\n");
      expect(eml).toContain("Content-Language: es\r\n");
      expect(eml).toMatch(/Subject: Recibimos tu consulta\r\n/);
      expect(eml).toMatch(/Content-Type: multipart\/alternative/);
      expect(fs.readdirSync(path.join(dataDir, "outbox"))).toEqual([path.basename(file!)]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
