import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { LANGS, type Lang } from "../../i18n/langs.ts";
import { MESSAGES } from "../../i18n/messages/all.ts";
import { TEXTS_PATH } from "../../i18n/messages/index.ts";

/**
 * Each language's storefront texts as one JSON file named by its content
 * (`/texts/es-<hash>.json`), cached by browsers for good: every page of a
 * language names the same file, so a runner downloads the texts once instead
 * of in every page's HTML (7 KB gzipped a page, a quarter of a race page).
 */
export function createPageTexts() {
  const files = new Map<string, string>();
  const hrefs = {} as Record<Lang, string>;
  for (const lang of LANGS) {
    const json = JSON.stringify(MESSAGES[lang]);
    const name = `${lang}-${createHash("sha256").update(json).digest("hex").slice(0, 12)}.json`;
    files.set(name, json);
    hrefs[lang] = `${TEXTS_PATH}${name}`;
  }
  return {
    /** The URL of a language's texts file. */
    href: (lang: Lang) => hrefs[lang],
    /** GET /texts/:file: the file, immutable; any other name is not found. */
    handler(req: Request, res: Response) {
      const json = files.get(String(req.params.file));
      if (!json) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.type("application/json").send(json);
    },
  };
}
