import { z } from "zod";
import { parseBibRanges } from "../../domain/bibs.ts";
import { toMinor } from "../../domain/money.ts";
import { FolderError } from "./folder-error.ts";

// race.json of an import folder (ARCHITECTURE.md §4). Amounts are whole currency units.

const text = z.string().trim();
const localized = z.object({ es: text.min(1), en: text.optional(), br: text.optional() });
const optionalLocalized = z.object({ es: text, en: text.optional(), br: text.optional() });
const amount = z.number().nonnegative().max(100_000_000);
const bibRanges = z.string().refine((value) => {
  try {
    parseBibRanges(value);
    return true;
  } catch {
    return false;
  }
}, "must be bib numbers and ranges like 1-1200 5001-5400");

export const raceFileSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and dashes"),
  name: localized,
  subtitle: optionalLocalized.optional(),
  date: z.iso.date().optional(),
  timezone: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "is not a known time zone")
    .optional(),
  status: z.enum(["draft", "preparing", "published", "archived"]).optional(),
  uploading: z.boolean().optional(),
  price: z.object({ ars: amount, usd: amount }).optional(),
  fullset: z
    .object({
      ars: amount,
      usd: amount,
      min_photos: z.number().int().min(0),
      overrides: z.array(z.object({ bibs: bibRanges, ars: amount, usd: amount })).optional(),
    })
    .optional(),
  preorder: z.object({ open: z.boolean(), ars: amount, usd: amount }).optional(),
  bibs: bibRanges.optional(),
  distances: z.array(text.min(1)).optional(),
  categories: z.array(text.min(1)).optional(),
  tags: z.array(z.object({ slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), name: localized })).optional(),
  /** The e-mail of the account that took the folder's photos (photos.csv may name another per photo). */
  photographer: z.email().optional(),
});

export type RaceFile = z.infer<typeof raceFileSchema>;

/** One readable line per problem, naming the field. */
export function parseRaceFile(json: unknown): RaceFile {
  const result = raceFileSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new FolderError(`race.json: ${issue.path.join(".") || "file"} ${issue.message}`);
  }
  return result.data;
}

/** The races-table values a race file sets; absent fields keep their defaults. */
export function raceValues(file: RaceFile) {
  return {
    slug: file.slug,
    name: file.name,
    subtitle: file.subtitle ?? { es: "" },
    eventDate: file.date ?? null,
    timezone: file.timezone ?? "America/Argentina/Buenos_Aires",
    status: file.status ?? "published",
    uploading: file.uploading ?? false,
    priceArs: toMinor(file.price?.ars ?? 0),
    priceUsd: toMinor(file.price?.usd ?? 0),
    fullsetArs: toMinor(file.fullset?.ars ?? 0),
    fullsetUsd: toMinor(file.fullset?.usd ?? 0),
    fullsetMinPhotos: file.fullset?.min_photos ?? 0,
    preorderArs: toMinor(file.preorder?.ars ?? 0),
    preorderUsd: toMinor(file.preorder?.usd ?? 0),
    preorderOpen: file.preorder?.open ?? false,
    distances: file.distances ?? [],
    categories: file.categories ?? [],
    bibRanges: file.bibs ?? "",
  };
}
