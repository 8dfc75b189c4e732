import { SITE_IMAGE_FULL_WIDTH } from "../../domain/site-image.ts";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Lang } from "../../i18n/langs.ts";
import { inTransaction, refuseUnique, type Db, fullsetOverrides, raceAssignments, races, tags } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import type { Storage } from "../storage/index.ts";
import { audit, requireAdmin, requireRace, type Operator } from "../staff/index.ts";
import type { RaceForm } from "./race-form.ts";
import { storeSiteImage } from "./site-image.ts";
import { countsByRace, NO_PHOTOS, type OnPublished, type PhotoCounts } from "../photo-desk/index.ts";

export type RaceRow = typeof races.$inferSelect;
export type RaceListRow = Pick<RaceRow, "id" | "slug" | "name" | "status" | "eventDate" | "uploading" | "logoKey"> & PhotoCounts;

/** Every race for admins; a photographer sees only the races assigned to them. */
export async function listRaces(db: Db, op: Operator): Promise<RaceListRow[]> {
  const base = db
    .select({
      id: races.id,
      slug: races.slug,
      name: races.name,
      status: races.status,
      eventDate: races.eventDate,
      uploading: races.uploading,
      logoKey: races.logoKey,
    })
    .from(races);
  const rows = await (op.role === "admin"
    ? base
    : base.where(inArray(races.id, db.select({ id: raceAssignments.raceId }).from(raceAssignments).where(eq(raceAssignments.adminId, op.id))))
  ).orderBy(sql`${races.eventDate} desc nulls first`, desc(races.id));
  const counts = await countsByRace(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, ...(counts.get(r.id) ?? NO_PHOTOS) }));
}

/** The few race fields the photo screens show, for anyone allowed in the race. */
export async function raceHeader(db: Db, op: Operator, raceId: number) {
  await requireRace(db, op, raceId);
  const [race] = await db.select().from(races).where(eq(races.id, raceId));
  if (!race) throw new DomainError("NotFound", "notFound");
  const counts = (await countsByRace(db, [raceId])).get(raceId) ?? NO_PHOTOS;
  const raceTags = await db.select().from(tags).where(eq(tags.raceId, raceId)).orderBy(asc(tags.position), asc(tags.id));
  return {
    id: race.id,
    slug: race.slug,
    name: race.name,
    status: race.status,
    bibRanges: race.bibRanges,
    timezone: race.timezone,
    priceArs: race.priceArs,
    priceUsd: race.priceUsd,
    counts,
    tags: raceTags.map((t) => ({ id: t.id, slug: t.slug, name: t.name })),
  };
}

export type RaceEditor = { race: RaceRow; tags: (typeof tags.$inferSelect)[]; overrides: (typeof fullsetOverrides.$inferSelect)[] };

export async function raceEditor(db: Db, op: Operator, raceId: number): Promise<RaceEditor> {
  requireAdmin(op);
  const [race] = await db.select().from(races).where(eq(races.id, raceId));
  if (!race) throw new DomainError("NotFound", "notFound");
  return {
    race,
    tags: await db.select().from(tags).where(eq(tags.raceId, raceId)).orderBy(asc(tags.position), asc(tags.id)),
    overrides: await db.select().from(fullsetOverrides).where(eq(fullsetOverrides.raceId, raceId)).orderBy(asc(fullsetOverrides.id)),
  };
}

export type RaceImages = { logo?: File; hero?: File };

export type RaceDeps = { db: Db; storage: Storage; onPublished: OnPublished };

async function storeImages(storage: Storage, slug: string, images: RaceImages) {
  const keys: { logoKey?: string; heroKey?: string } = {};
  if (images.logo) keys.logoKey = await storeSiteImage(storage, images.logo, `r/${slug}/logo`, 512);
  if (images.hero) keys.heroKey = await storeSiteImage(storage, images.hero, `r/${slug}/hero`, SITE_IMAGE_FULL_WIDTH);
  return keys;
}

function columns(form: RaceForm) {
  const { overrides: _o, tags: _t, name, subtitle, ...rest } = form;
  return {
    ...rest,
    name: { es: name.es, ...(name.en ? { en: name.en } : {}), ...(name.br ? { br: name.br } : {}) },
    subtitle: { es: subtitle.es, ...(subtitle.en ? { en: subtitle.en } : {}), ...(subtitle.br ? { br: subtitle.br } : {}) },
  };
}

const slugTaken = (slug: string) => new DomainError("Conflict", "slugTaken", { slug });

async function assertSlugFree(db: Db, slug: string, exceptId?: number) {
  const [other] = await db.select({ id: races.id }).from(races).where(eq(races.slug, slug));
  if (other && other.id !== exceptId) throw slugTaken(slug);
}

/** The slug taken meanwhile (the same form posted twice at once) is said as the check above says it. */
const slugTakenMeanwhile = (slug: string) => refuseUnique("races_slug_key", () => slugTaken(slug));

/** Tags and bib-range overrides are replaced by the editor's list; photos keep the tags whose slug stays. */
async function saveChildren(tx: Db, raceId: number, form: RaceForm) {
  const current = await tx.select().from(tags).where(eq(tags.raceId, raceId));
  const wanted = new Set(form.tags.map((t) => t.slug));
  const gone = current.filter((t) => !wanted.has(t.slug)).map((t) => t.id);
  if (gone.length) await tx.delete(tags).where(inArray(tags.id, gone));
  for (const [position, tag] of form.tags.entries()) {
    const name = { es: tag.name.es, ...(tag.name.en ? { en: tag.name.en } : {}), ...(tag.name.br ? { br: tag.name.br } : {}) };
    await tx
      .insert(tags)
      .values({ raceId, slug: tag.slug, name, position })
      .onConflictDoUpdate({ target: [tags.raceId, tags.slug], set: { name, position } });
  }
  await tx.delete(fullsetOverrides).where(eq(fullsetOverrides.raceId, raceId));
  if (form.overrides.length) await tx.insert(fullsetOverrides).values(form.overrides.map((o) => ({ ...o, raceId })));
}

export async function createRace({ db, storage, onPublished }: RaceDeps, op: Operator, form: RaceForm, images: RaceImages): Promise<number> {
  requireAdmin(op);
  await assertSlugFree(db, form.slug);
  const keys = await storeImages(storage, form.slug, images);
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(races)
      .values({ ...columns(form), ...keys })
      .returning({ id: races.id });
    await saveChildren(tx, row.id, form);
    return row.id;
  }).catch(slugTakenMeanwhile(form.slug));
  await audit(db, op, "race.create", { raceId: id, slug: form.slug, status: form.status });
  if (form.status === "published") await onPublished(id);
  return id;
}

export async function updateRace(
  { db, storage, onPublished }: RaceDeps,
  op: Operator,
  raceId: number,
  form: RaceForm,
  images: RaceImages,
): Promise<{ published: boolean; notified: number; converted: number }> {
  requireAdmin(op);
  const [before] = await db.select().from(races).where(eq(races.id, raceId));
  if (!before) throw new DomainError("NotFound", "notFound");
  await assertSlugFree(db, form.slug, raceId);
  const keys = await storeImages(storage, form.slug, images);
  const values = { ...columns(form), ...keys };
  await inTransaction(db, async (tx) => {
    await tx
      .update(races)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(races.id, raceId));
    await saveChildren(tx, raceId, form);
  }).catch(slugTakenMeanwhile(form.slug));
  const changed = Object.keys(values).filter((k) => JSON.stringify(before[k as keyof RaceRow]) !== JSON.stringify(values[k as keyof typeof values]));
  await audit(db, op, "race.update", { raceId, slug: form.slug, changed });
  const published = before.status !== "published" && form.status === "published";
  if (!published) return { published, notified: 0, converted: 0 };
  await audit(db, op, "race.publish", { raceId, slug: form.slug, from: before.status });
  return { published, ...(await onPublished(raceId)) };
}

/** Quick status change from the race list (publish, archive…) without the whole editor. */
export async function setRaceStatus(deps: RaceDeps, op: Operator, raceId: number, status: RaceRow["status"]) {
  requireAdmin(op);
  const [before] = await deps.db.select().from(races).where(eq(races.id, raceId));
  if (!before) throw new DomainError("NotFound", "notFound");
  if (before.status === status) return { published: false, notified: 0, converted: 0 };
  await deps.db.update(races).set({ status, updatedAt: new Date() }).where(eq(races.id, raceId));
  await audit(deps.db, op, "race.status", { raceId, slug: before.slug, from: before.status, to: status });
  if (status !== "published") return { published: false, notified: 0, converted: 0 };
  return { published: true, ...(await deps.onPublished(raceId)) };
}

export const raceName = (race: Pick<RaceRow, "name">, lang: Lang) => race.name[lang] || race.name.es;
