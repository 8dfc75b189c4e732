import { z } from "zod";
import { parseBibRanges } from "../../domain/bibs.ts";
import { DB_INT_MAX } from "../../domain/ids.ts";
import { toMinor } from "../../domain/money.ts";

// The race editor's form. Field errors are message keys under admin.fieldErrors.

const text = z.string().trim();
const slug = text.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug").max(80, "tooLong");
// Whole currency units as typed; "40.000" (dot thousands, as the shop shows prices) is accepted.
const amount = text
  .regex(/^(\d+|\d{1,3}(\.\d{3})+)?$/, "amount")
  .transform((v) => toMinor(Number(v.replace(/\./g, "") || "0")))
  .refine((v) => v <= DB_INT_MAX, "amount");
const count = text.regex(/^\d{0,6}$/, "count").transform((v) => Number(v || "0"));
const bibRanges = text.refine((value) => {
  try {
    parseBibRanges(value);
    return true;
  } catch {
    return false;
  }
}, "bibs");
const list = text.transform((v) =>
  v
    .split(/[\n,]+/)
    .map((s) => s.trim())
    .filter(Boolean),
);
const timezone = text.refine((tz) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}, "timezone");

export const STATUSES = ["draft", "preparing", "published", "archived"] as const;
export type RaceStatus = (typeof STATUSES)[number];

export const raceFormSchema = z.object({
  slug,
  name: z.object({ es: text.min(1, "required").max(120, "tooLong"), en: text.max(120, "tooLong"), br: text.max(120, "tooLong") }),
  subtitle: z.object({ es: text.max(200, "tooLong"), en: text.max(200, "tooLong"), br: text.max(200, "tooLong") }),
  eventDate: z.union([z.literal(""), z.iso.date("date")]).transform((v) => v || null),
  timezone,
  status: z.enum(STATUSES, "required"),
  uploading: z.boolean(),
  priceArs: amount,
  priceUsd: amount,
  fullsetArs: amount,
  fullsetUsd: amount,
  fullsetMinPhotos: count,
  preorderArs: amount,
  preorderUsd: amount,
  preorderOpen: z.boolean(),
  distances: list,
  categories: list,
  bibRanges,
  overrides: z.array(z.object({ bibRanges: bibRanges.refine((v) => v.length > 0, "required"), priceArs: amount, priceUsd: amount })),
  tags: z.array(z.object({ slug, name: z.object({ es: text.min(1, "required"), en: text, br: text }) })),
});

export type RaceForm = z.output<typeof raceFormSchema>;
export type RaceFormErrors = Record<string, string>;

const rows = (form: FormData, names: string[]) => {
  const columns = names.map((n) => form.getAll(n).map((v) => (typeof v === "string" ? v : "")));
  const length = Math.max(0, ...columns.map((c) => c.length));
  return Array.from({ length }, (_, i) => columns.map((c) => (c[i] ?? "").trim())).filter((cells) => cells.some(Boolean));
};

/** The editor's raw fields as the schema reads them; blank repeated rows are dropped. */
export function raceFormInput(form: FormData) {
  const one = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const slugOf = (name: string) =>
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  return {
    slug: one("slug") || slugOf(one("name_es")),
    name: { es: one("name_es"), en: one("name_en"), br: one("name_br") },
    subtitle: { es: one("subtitle_es"), en: one("subtitle_en"), br: one("subtitle_br") },
    eventDate: one("event_date"),
    timezone: one("timezone"),
    status: one("status"),
    uploading: form.get("uploading") === "on",
    priceArs: one("price_ars"),
    priceUsd: one("price_usd"),
    fullsetArs: one("fullset_ars"),
    fullsetUsd: one("fullset_usd"),
    fullsetMinPhotos: one("fullset_min"),
    preorderArs: one("preorder_ars"),
    preorderUsd: one("preorder_usd"),
    preorderOpen: form.get("preorder_open") === "on",
    distances: one("distances"),
    categories: one("categories"),
    bibRanges: one("bib_ranges"),
    overrides: rows(form, ["override_bibs", "override_ars", "override_usd"]).map(([bibs, ars, usd]) => ({
      bibRanges: bibs,
      priceArs: ars,
      priceUsd: usd,
    })),
    tags: rows(form, ["tag_slug", "tag_es", "tag_en", "tag_br"]).map(([s, es, en, br]) => ({
      slug: s || slugOf(es),
      name: { es, en, br },
    })),
  };
}

export type RaceFormInput = ReturnType<typeof raceFormInput>;

/** Parsed values, or the first problem of each field keyed by its path (e.g. "tags.2.slug"). */
export function parseRaceForm(input: unknown): { ok: true; value: RaceForm } | { ok: false; errors: RaceFormErrors } {
  const result = raceFormSchema.safeParse(input);
  if (result.success) {
    const slugs = result.data.tags.map((t) => t.slug);
    const dup = slugs.findIndex((s, i) => slugs.indexOf(s) !== i);
    if (dup >= 0) return { ok: false, errors: { [`tags.${dup}.slug`]: "duplicate" } };
    return { ok: true, value: result.data };
  }
  const errors: RaceFormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    errors[key] ??= /^[a-zA-Z]+$/.test(issue.message) && issue.message.length < 20 ? issue.message : "invalid";
  }
  return { ok: false, errors };
}

const units = (minor: number) => (minor ? String(Math.round(minor / 100)) : "");

type RaceLike = {
  slug: string;
  name: { es: string; en?: string; br?: string };
  subtitle: { es: string; en?: string; br?: string };
  eventDate: string | null;
  timezone: string;
  status: string;
  uploading: boolean;
  priceArs: number;
  priceUsd: number;
  fullsetArs: number;
  fullsetUsd: number;
  fullsetMinPhotos: number;
  preorderArs: number;
  preorderUsd: number;
  preorderOpen: boolean;
  distances: string[];
  categories: string[];
  bibRanges: string;
};

/** A stored race as the editor's raw fields (whole units, lists joined), so one form shows both. */
export function formInputOf(
  race: RaceLike,
  tags: { slug: string; name: { es: string; en?: string; br?: string } }[],
  overrides: { bibRanges: string; priceArs: number; priceUsd: number }[],
): RaceFormInput {
  return {
    slug: race.slug,
    name: { es: race.name.es, en: race.name.en ?? "", br: race.name.br ?? "" },
    subtitle: { es: race.subtitle.es, en: race.subtitle.en ?? "", br: race.subtitle.br ?? "" },
    eventDate: race.eventDate ?? "",
    timezone: race.timezone,
    status: race.status,
    uploading: race.uploading,
    priceArs: units(race.priceArs),
    priceUsd: units(race.priceUsd),
    fullsetArs: units(race.fullsetArs),
    fullsetUsd: units(race.fullsetUsd),
    fullsetMinPhotos: race.fullsetMinPhotos ? String(race.fullsetMinPhotos) : "",
    preorderArs: units(race.preorderArs),
    preorderUsd: units(race.preorderUsd),
    preorderOpen: race.preorderOpen,
    distances: race.distances.join(", "),
    categories: race.categories.join("\n"),
    bibRanges: race.bibRanges,
    overrides: overrides.map((o) => ({ bibRanges: o.bibRanges, priceArs: units(o.priceArs), priceUsd: units(o.priceUsd) })),
    tags: tags.map((t) => ({ slug: t.slug, name: { es: t.name.es, en: t.name.en ?? "", br: t.name.br ?? "" } })),
  };
}

/** What the "new race" form starts with. */
export const NEW_RACE: RaceFormInput = formInputOf(
  {
    slug: "",
    name: { es: "" },
    subtitle: { es: "" },
    eventDate: null,
    timezone: "America/Argentina/Buenos_Aires",
    status: "draft",
    uploading: false,
    priceArs: 0,
    priceUsd: 0,
    fullsetArs: 0,
    fullsetUsd: 0,
    fullsetMinPhotos: 0,
    preorderArs: 0,
    preorderUsd: 0,
    preorderOpen: false,
    distances: [],
    categories: [],
    bibRanges: "",
  },
  [],
  [],
);
