import { z } from "zod";
import { parseRunnerNumber } from "../../domain/bibs.ts";
import type { Lang } from "../../i18n/langs.ts";
import { type DomainError, invalid } from "../errors.ts";
import { envelope } from "../../domain/api-contract.ts";
import { dbId, emailField } from "../../domain/fields.ts";
import type { PurchaseInput } from "./create-purchase.ts";
import type { PreorderInput } from "./preorders.ts";

// The request bodies of SPEC §7 (purchase, full set, pre-order), parsed once.
// A pure helper: routes import it like `http/respond.ts`.

const country = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.enum(["1", "2", "3", "4"]));
const name = z.string().trim().min(1).max(80);
const buyer = {
  country,
  firstName: name,
  lastName: name,
  email: emailField,
  confirmEmail: z.string().trim(),
  // The browser's key for this checkout (see Buyer.idempotencyKey); anything else is ignored.
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/)
    .optional()
    .catch(undefined),
};
/** SPEC §5: the e-mail must equal its confirmation exactly. */
const sameEmail = (d: { email: string; confirmEmail: string }) => d.email === d.confirmEmail;
const id = z.union([z.string().trim().min(1).max(40), z.number().int().nonnegative()]).transform(String);

const purchaseData = z
  .object({
    ...buyer,
    // The browser's cart items: only their ids are read; their prices are display hints.
    images: z.array(z.looseObject({ id })).max(2000).optional(),
    fullIn: z.union([z.literal(1), z.literal("1"), z.literal(true)]).optional(),
    raceId: dbId.optional(),
    n: z.union([z.string(), z.number()]).transform(String).optional(),
  })
  .refine(sameEmail, { path: ["confirmEmail"] });

const preorderData = z
  .object({
    ...buyer,
    raceId: dbId,
    raceSlug: z.string().trim().min(1).max(120),
    dni: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).replace(/[\s.-]/g, ""))
      .pipe(z.string().regex(/^\d{1,12}$/)),
    distance: z.string().trim().max(40).optional().nullable(),
  })
  .refine(sameEmail, { path: ["confirmEmail"] });

/** Which field failed, as a message key under `errors.` the buyer can act on. */
function fieldError(error: z.ZodError): DomainError {
  const field = String(error.issues[0]?.path.at(-1) ?? "");
  const keys: Record<string, string> = {
    confirmEmail: "emailMismatch",
    email: "invalidEmail",
    country: "invalidCountry",
    firstName: "nameRequired",
    lastName: "nameRequired",
    images: "emptyCart",
    dni: "invalidDni",
    raceId: "preorderClosed",
    raceSlug: "preorderClosed",
    n: "invalidRunner",
  };
  return invalid(keys[field] ?? "invalid");
}

/** The bodies of POST /api/purchase and /api/preventa (described in the API's OpenAPI document). */
export const purchaseBody = envelope(purchaseData);
export const preorderBody = envelope(preorderData);

/** POST /api/purchase: `{ data: { country, firstName, lastName, email, confirmEmail, images } }`, full set adds `fullIn, raceId, n`. */
export function parsePurchase(body: unknown, lang: Lang): PurchaseInput {
  const parsed = purchaseBody.safeParse(body);
  if (!parsed.success) throw fieldError(parsed.error);
  const d = parsed.data.data;
  const base = { country: d.country, firstName: d.firstName, lastName: d.lastName, email: d.email, lang, idempotencyKey: d.idempotencyKey };
  if (d.fullIn !== undefined) {
    const bib = parseRunnerNumber(d.n);
    if (bib === undefined) throw invalid("invalidRunner");
    if (d.raceId === undefined) throw invalid("fullsetUnavailable");
    return { ...base, fullset: { raceId: d.raceId, bib } };
  }
  if (!d.images?.length) throw invalid("emptyCart");
  return { ...base, photoIds: d.images.map((image) => image.id) };
}

/** POST /api/preventa: `{ data: { country, raceId, dni, firstName, lastName, email, confirmEmail, raceSlug, distance? } }`. */
export function parsePreorder(body: unknown, lang: Lang): PreorderInput {
  const parsed = preorderBody.safeParse(body);
  if (!parsed.success) throw fieldError(parsed.error);
  const d = parsed.data.data;
  return {
    country: d.country,
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email,
    lang,
    idempotencyKey: d.idempotencyKey,
    raceId: d.raceId,
    raceSlug: d.raceSlug,
    dni: d.dni,
    distance: d.distance ?? undefined,
  };
}

/** The purchase or pre-purchase id in a path or body: our random codes only. */
export const publicIdSchema = z.string().regex(/^[A-Za-z0-9]{8,40}$/);

export const downloadPayload = envelope(z.object({ id: publicIdSchema, id_photo: z.union([z.string(), z.number()]).transform(String).pipe(publicIdSchema) }));
export const zipPayload = envelope(z.object({ id: publicIdSchema }));
