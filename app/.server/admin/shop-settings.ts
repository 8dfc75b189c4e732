import type { MediaUrl } from "../catalog/index.ts";
import { SITE_IMAGE_FULL_WIDTH } from "../../domain/site-image.ts";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getSetting, setSetting } from "../catalog/index.ts";
import { inTransaction, lockTable, type Db, banners, discountTiers, races } from "../db/index.ts";
import { DomainError, invalid } from "../errors.ts";
import type { Storage } from "../storage/index.ts";
import { type Operator, audit, requireAdmin } from "../staff/index.ts";
import { storeSiteImage } from "./site-image.ts";
import { emailField } from "../../domain/fields.ts";

// The storefront reads these straight from the database on every request
// (/fake-api/*.json, the home page), so a saved change shows at once.

export async function settingsView(db: Db, mediaUrl: MediaUrl, op: Operator) {
  requireAdmin(op);
  const [bannerRows, tiers, presale, preparation, support, raceRows] = await Promise.all([
    db.select().from(banners).orderBy(asc(banners.position), asc(banners.id)),
    db.select().from(discountTiers).orderBy(asc(discountTiers.minQuantity)),
    getSetting(db, "presale"),
    getSetting(db, "preparation"),
    getSetting(db, "support"),
    db
      .select({ id: races.id, name: races.name, preorderOpen: races.preorderOpen, status: races.status })
      .from(races)
      .orderBy(sql`${races.eventDate} desc nulls first`),
  ]);
  return {
    banners: bannerRows.map((b) => ({ id: b.id, url: mediaUrl(b.imageKey), position: b.position, active: b.active })),
    tiers: tiers.map((t) => ({ minQuantity: t.minQuantity, percent: t.percent })),
    presale,
    preparation,
    support,
    races: raceRows,
  };
}

export const tiersSchema = z
  .array(z.object({ minQuantity: z.number().int().min(1).max(10_000), percent: z.number().int().min(1).max(100) }))
  .max(20)
  .refine((tiers) => new Set(tiers.map((t) => t.minQuantity)).size === tiers.length, "duplicate");

export async function saveTiers(db: Db, op: Operator, input: z.input<typeof tiersSchema>) {
  requireAdmin(op);
  const tiers = tiersSchema.parse(input);
  await inTransaction(db, async (tx) => {
    // Two saves at once take turns: the tiers are one save's, never both.
    await lockTable(tx, discountTiers);
    await tx.delete(discountTiers);
    if (tiers.length) await tx.insert(discountTiers).values(tiers);
  });
  await audit(db, op, "settings.tiers", { tiers });
}

export const presaleSchema = z.object({ active: z.boolean(), raceId: z.number().int().positive().nullable() });

export async function savePresale(db: Db, op: Operator, input: z.input<typeof presaleSchema>) {
  requireAdmin(op);
  const presale = presaleSchema.parse(input);
  if (presale.active) {
    if (presale.raceId === null) throw invalid("presaleNeedsRace");
    const [race] = await db.select({ open: races.preorderOpen }).from(races).where(eq(races.id, presale.raceId));
    // The storefront shows no pre-sale for a race that does not take pre-orders; say so now rather than silently.
    if (!race?.open) throw invalid("presaleNotOpen");
  }
  await setSetting(db, "presale", presale);
  await audit(db, op, "settings.presale", presale);
}

export const preparationSchema = z.object({ status: z.enum(["idle", "success"]) });

export async function savePreparation(db: Db, op: Operator, input: z.input<typeof preparationSchema>) {
  requireAdmin(op);
  const preparation = preparationSchema.parse(input);
  await setSetting(db, "preparation", preparation);
  await audit(db, op, "settings.preparation", preparation);
}

const link = z.union([z.literal(""), z.url({ protocol: /^https?$/ })]);
export const supportSchema = z.object({ email: emailField, facebook: link, instagram: link });

export async function saveSupport(db: Db, op: Operator, input: z.input<typeof supportSchema>) {
  requireAdmin(op);
  const support = supportSchema.parse(input);
  await setSetting(db, "support", support);
  await audit(db, op, "settings.support", support);
}

export async function addBanner(db: Db, storage: Storage, op: Operator, file: File) {
  requireAdmin(op);
  const imageKey = await storeSiteImage(storage, file, "banners/banner", SITE_IMAGE_FULL_WIDTH);
  const [{ max }] = await db.select({ max: sql<number>`coalesce(max(${banners.position}), -1)::int` }).from(banners);
  const [row] = await db
    .insert(banners)
    .values({ imageKey, position: Number(max) + 1, active: true })
    .returning({ id: banners.id });
  await audit(db, op, "banner.add", { bannerId: row.id, imageKey });
  return row.id;
}

/** Moves a banner one place up or down by swapping positions with its neighbour. */
export async function moveBanner(db: Db, op: Operator, id: number, direction: "up" | "down") {
  requireAdmin(op);
  const list = await db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
  const i = list.findIndex((b) => b.id === id);
  if (i < 0) throw new DomainError("NotFound", "notFound");
  const j = direction === "up" ? i - 1 : i + 1;
  if (j < 0 || j >= list.length) return;
  [list[i], list[j]] = [list[j], list[i]];
  await inTransaction(db, async (tx) => {
    for (const [position, banner] of list.entries()) await tx.update(banners).set({ position }).where(eq(banners.id, banner.id));
  });
  await audit(db, op, "banner.move", { bannerId: id, direction });
}

export async function setBannerActive(db: Db, op: Operator, id: number, active: boolean) {
  requireAdmin(op);
  const updated = await db.update(banners).set({ active }).where(eq(banners.id, id)).returning({ id: banners.id });
  if (!updated.length) throw new DomainError("NotFound", "notFound");
  await audit(db, op, "banner.active", { bannerId: id, active });
}

export async function deleteBanner(db: Db, op: Operator, id: number) {
  requireAdmin(op);
  const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
  if (!row) throw new DomainError("NotFound", "notFound");
  await audit(db, op, "banner.delete", { bannerId: id, imageKey: row.imageKey });
}
