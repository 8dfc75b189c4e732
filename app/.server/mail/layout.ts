import { HTML_LANG, type Lang } from "../../i18n/langs.ts";

/**
 * A message's content as a few kinds of blocks. One description renders both
 * the HTML and the plain-text part, so the two never drift apart.
 */
export type Block =
  | { kind: "p"; text: string }
  /** A visitor's own words, quoted as typed. */
  | { kind: "quote"; text: string }
  /** Label–value pairs (a contact's details, an order's summary). */
  | { kind: "rows"; rows: [label: string, value: string][] }
  | { kind: "button"; label: string; url: string }
  | { kind: "small"; text: string };

export type MailContent = {
  subject: string;
  heading: string;
  blocks: Block[];
};

export type LayoutContext = {
  lang: Lang;
  shopName: string;
  publicUrl: string;
  /** Why the reader gets this message; the last line of every message. */
  footer: string;
};

export type RenderedMail = { subject: string; html: string; text: string };

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const lines = (text: string) => escapeHtml(text).replace(/\r?\n/g, "<br>");

// Mail clients ignore style sheets: every style is inline, colours are the shop's brand.
const INK = "#14213d";
const ACCENT = "#f26419";
// brand-700: white text on it passes WCAG AA.
const BRAND = "#b3410b";
const MUTED = "#64748b";

function blockHtml(block: Block): string {
  switch (block.kind) {
    case "p":
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${INK}">${lines(block.text)}</p>`;
    case "quote":
      return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${ACCENT};background:#f8fafc;font-size:15px;line-height:1.5;color:${INK}">${lines(block.text)}</blockquote>`;
    case "rows":
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse;font-size:15px;color:${INK}">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="padding:4px 16px 4px 0;text-align:left;vertical-align:top;color:${MUTED};font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${lines(value)}</td></tr>`,
        )
        .join("")}</table>`;
    case "button":
      return `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:${BRAND};color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(block.label)}</a></p>`;
    case "small":
      return `<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:${MUTED}">${lines(block.text)}</p>`;
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case "p":
    case "small":
      return block.text;
    case "quote":
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join("\n");
    case "rows":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "button":
      return `${block.label}: ${block.url}`;
  }
}

/** The shop's one mail layout: a header with the shop's name, the heading, the blocks and a footer. */
export function renderLayout(content: MailContent, ctx: LayoutContext): RenderedMail {
  const html = `<!doctype html>
<html lang="${HTML_LANG[ctx.lang]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" style="border-collapse:collapse;background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:600px;border-collapse:collapse;background:#ffffff;border-radius:12px">
<tr><td style="padding:20px 28px;background:${INK};border-radius:12px 12px 0 0"><a href="${escapeHtml(ctx.publicUrl)}" style="color:#ffffff;font-size:22px;font-weight:bold;text-decoration:none">${escapeHtml(ctx.shopName)}</a></td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:${INK}">${escapeHtml(content.heading)}</h1>
${content.blocks.map(blockHtml).join("\n")}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:${MUTED}">${lines(ctx.footer)}<br><a href="${escapeHtml(ctx.publicUrl)}" style="color:${MUTED}">${escapeHtml(ctx.publicUrl.replace(/^https?:\/\//, ""))}</a></td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  const text = [content.heading, "", ...content.blocks.flatMap((b) => [blockText(b), ""]), "--", ctx.footer, ctx.publicUrl, ""].join("\n");
  return { subject: content.subject, html, text };
}
