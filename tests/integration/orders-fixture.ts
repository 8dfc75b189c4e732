import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { RouterContextProvider } from "react-router";
import { servicesContext } from "../../app/context.ts";
import { discountTiers, photos, races } from "../../app/.server/db/schema.ts";
import type { TestShop } from "./helpers.ts";

/**
 * A race made for the orders tests, imported through the real import:
 * - P01…P12: bib 300 (a full set under the 300–310 override, and a zip of 10+)
 * - F13: free, bib 101 · S14: on sale (AR$ 3.500 / USD 3), bib 101 · X15: own price (AR$ 6.000 / USD 6), bib 101
 * - B16: bib 101, a 4200 × 2800 original (the sold file must come down to 3500 px)
 * Race price AR$ 5.000 / USD 5; full set AR$ 30.000 / USD 30 from 3 photos; pre-order open at AR$ 40.000 / USD 40.
 */
export const ORDERS_RACE = "orders-trail-2025";

export const RACE_JSON = {
  slug: ORDERS_RACE,
  name: { es: "Trail de Pedidos", en: "Orders Trail", br: "Trilha de Pedidos" },
  date: "2025-05-04",
  timezone: "America/Argentina/Buenos_Aires",
  status: "published",
  price: { ars: 5000, usd: 5 },
  fullset: { ars: 30000, usd: 30, min_photos: 3, overrides: [{ bibs: "300-310", ars: 80000, usd: 80 }] },
  preorder: { open: true, ars: 40000, usd: 40 },
  distances: ["10K", "21K"],
  categories: ["General"],
};

async function jpeg(width: number, height: number, hue: number): Promise<Buffer> {
  // A gradient, so a watermark or a wrong crop would show in a pixel comparison.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},70%,40%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},70%,60%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  // The camera's clock, so photos carry a capture time (`fechahora`).
  const clock = `2025:05:04 09:${String(hue % 60).padStart(2, "0")}:${String((hue * 7) % 60).padStart(2, "0")}`;
  return sharp(Buffer.from(svg))
    .withExif({ IFD2: { DateTimeOriginal: clock } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function makeOrdersRaceFolder(): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-orders-"));
  fs.mkdirSync(path.join(folder, "photos"));
  fs.writeFileSync(path.join(folder, "race.json"), JSON.stringify(RACE_JSON));
  const rows = ["file,bibs,tags,free,price_ars,price_usd,sale_ars,sale_usd"];
  for (let i = 1; i <= 12; i++) {
    const file = `P${String(i).padStart(2, "0")}.jpg`;
    fs.writeFileSync(path.join(folder, "photos", file), await jpeg(600, 400, i * 25));
    rows.push(`${file},300,,,,,,`);
  }
  fs.writeFileSync(path.join(folder, "photos", "F13.jpg"), await jpeg(600, 400, 13));
  rows.push("F13.jpg,101,,1,,,,");
  fs.writeFileSync(path.join(folder, "photos", "S14.jpg"), await jpeg(600, 400, 140));
  rows.push("S14.jpg,101,,,,,3500,3");
  fs.writeFileSync(path.join(folder, "photos", "X15.jpg"), await jpeg(600, 400, 165));
  rows.push("X15.jpg,101,,,6000,6,,");
  fs.writeFileSync(path.join(folder, "photos", "B16.jpg"), await jpeg(4200, 2800, 215));
  rows.push("B16.jpg,101,,,,,,");
  fs.writeFileSync(path.join(folder, "photos.csv"), rows.join("\n") + "\n");
  return folder;
}

export type OrdersRace = { raceId: number; ids: Record<string, string> };

/** Imports the race, makes its images and sets the demo discount tiers (3 → 15 %, 5 → 20 %, 8 → 25 %). */
export async function seedOrdersRace(shop: TestShop): Promise<OrdersRace> {
  const folder = await makeOrdersRaceFolder();
  await shop.services.imports.folder(folder);
  await shop.services.worker.drain();
  fs.rmSync(folder, { recursive: true, force: true });
  const { db } = shop.database;
  await db.insert(discountTiers).values([
    { minQuantity: 3, percent: 15 },
    { minQuantity: 5, percent: 20 },
    { minQuantity: 8, percent: 25 },
  ]);
  const [race] = await db.select().from(races).where(eq(races.slug, ORDERS_RACE));
  const rows = await db.select({ frame: photos.frame, publicId: photos.publicId }).from(photos).where(eq(photos.raceId, race.id));
  return { raceId: race.id, ids: Object.fromEntries(rows.map((r) => [r.frame, r.publicId])) };
}

/** A cart item as the browser sends it: the server must read only its id. */
export const cartItem = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  free: "0",
  precio_arg: 1,
  descuento_arg: 0,
  precio_usd: 1,
  descuento_usd: 0,
  ...overrides,
});

export const buyer = (overrides: Record<string, unknown> = {}) => ({
  country: "1",
  firstName: "Ana",
  lastName: "Pérez",
  email: "ana@example.com",
  confirmEmail: "ana@example.com",
  ...overrides,
});

type Handler = (args: never) => Promise<unknown>;

/** Calls a route's loader or action as React Router would, and reads its JSON answer. */
export async function call(
  shop: TestShop,
  handler: Handler,
  url: string,
  {
    method = "GET",
    body,
    params = {},
    headers = {},
  }: { method?: string; body?: unknown; params?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; response: Response }> {
  const context = new RouterContextProvider(new Map([[servicesContext, shop.services]]));
  const init: RequestInit = { method, headers: { "content-type": "application/json", ...headers } };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const request = new Request(new URL(url, "http://shop.test"), init);
  const answer = await handler({ request, params, context } as never);
  // A page loader may answer plain data instead of a Response.
  const response = answer instanceof Response ? answer : Response.json(answer);
  const text = await response.clone().text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed, response };
}

/** Undoes quoted-printable (soft line breaks and =XX bytes) so links can be searched for. */
function unquote(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** The e-mails written to the outbox, as readable text. */
export function outbox(shop: TestShop): string[] {
  const dir = path.join(shop.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .filter((f) => f.endsWith(".eml"))
    .map((f) => unquote(fs.readFileSync(path.join(dir, f), "latin1")));
}
