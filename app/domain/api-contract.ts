import { z } from "zod";

// What the public JSON API (SPEC §7) answers, as zod schemas. The services'
// answer types are derived from them (z.infer), the OpenAPI document at
// /api/openapi.json is generated from them (openapi.ts), and the contract
// tests hold every real answer to them: the three cannot drift apart.

const currency = z.enum(["ARS", "USD"]);
/** "YYYY-MM-DD HH:MM:SS" on the race's clock. */
const dateTime = z.string().describe("YYYY-MM-DD HH:MM:SS on the race's clock");
const customer = z.object({ nombre: z.string(), apellido: z.string(), email: z.string() });

/** A photo as SPEC §3 names its fields (amounts in whole units). */
export const photoViewSchema = z.object({
  id: z.string(),
  id_photo: z.string().describe("the photographer's frame name"),
  fechahora: z.string().describe("capture time, YYYY-MM-DD HH:MM:SS, or empty when unknown"),
  src_thumb: z.string(),
  src_media: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  free: z.enum(["1", "0"]),
  precio_arg: z.number(),
  precio_usd: z.number(),
  descuento_arg: z.number(),
  descuento_usd: z.number(),
});
export type PhotoView = z.infer<typeof photoViewSchema>;

/** A race as the spec's race list and race page read it (amounts in whole units). */
export const raceSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  nombre: z.string(),
  subtitulo: z.string(),
  logoUrl: z.string(),
  imageUrl: z.string(),
  fecha: z.string().nullable(),
  estado: z.string(),
  uploading: z.boolean(),
  precio_arg: z.number(),
  precio_usd: z.number(),
  fullin_arg: z.number(),
  fullin_usd: z.number(),
  fullin_fotos: z.number().int(),
  preventa_arg: z.number(),
  preventa_usd: z.number(),
  preventa_abierta: z.boolean(),
  distancias: z.array(z.string()),
  categorias: z.array(z.string()),
});
export type RaceSummary = z.infer<typeof raceSummarySchema>;

/** A registered number one keystroke away from a searched one, and how many photos show it. */
const nearNumberSchema = z.object({ n: z.number().int(), fotos: z.number().int() });
export type NearNumber = z.infer<typeof nearNumberSchema>;

/** GET /api/fotos/{slug}: one page of a race's photos. */
export const racePhotosSchema = raceSummarySchema.extend({
  fotos: z.array(photoViewSchema),
  found_rows: z.number().int(),
  found_pages: z.number().int(),
  page: z.number().int(),
  previous: z.string().nullable(),
  next: z.string().nullable(),
  tags: z.array(z.object({ slug: z.string(), nombre: z.string() })),
  n: z.number().int().nullable(),
  t: z.string().nullable(),
  /** Ours, beyond SPEC §3: the time browsed ("HH:MM", null when none) and when the runner's chip crossed the photo point. */
  h: z.string().nullable(),
  passings: z.array(z.string()),
  /** Ours: whether these are the photos that might be runner n's (m=1), and how many there are beside the tagged ones. */
  m: z.boolean(),
  maybe: z.number().int(),
  /** Ours: whether the organiser's start list names the race's runners, so a runner may look their number up by name. */
  namesListed: z.boolean(),
  /** Ours, for an n no photo shows: whether the race's start list has it (null: photos found, no n, or no start list). */
  registered: z.boolean().nullable(),
  /** Ours: for an n the start list does not have and no photo shows, registered numbers one keystroke away that photos show. */
  near: z.array(nearNumberSchema),
});
export type RacePhotosView = z.infer<typeof racePhotosSchema>;

/** GET /api/corredores/{slug}?q= (ours): the registered runners a name finds, to look a forgotten number up. */
export const runnersNamedSchema = z.object({
  q: z.string().describe("the name as typed"),
  corredores: z.array(
    z.object({
      n: z.number().int().describe("the runner's bib number"),
      nombre: z.string(),
      distancia: z.string(),
      equipo: z.string(),
      fotos: z.number().int().describe("how many of the race's photos carry the number"),
    }),
  ),
  more: z.boolean().describe("more runners have that name than are listed: more of it narrows them"),
  near: z.boolean().describe("no registered name has the words as typed: these are one slip off (a letter added, missing, changed or swapped)"),
});
export type RunnersNamedView = z.infer<typeof runnersNamedSchema>;

/** GET /api/purchase/{id}; `moneda` (the currency charged), `descuento` and `zip_progress` are our additions. */
export const purchaseViewSchema = z.object({
  venta: z.object({
    id: z.string(),
    id_estado: z.number().int(),
    tot_fotos: z.number().int(),
    subtotal_arg: z.number(),
    total_arg: z.number(),
    subtotal_usd: z.number(),
    total_usd: z.number(),
    id_mediodepago: z.number().int(),
    mediodepago: z.string(),
    fechaventa: dateTime,
    fechapago: dateTime.nullable(),
    moneda: currency,
    descuento: z.number(),
  }),
  cliente: customer,
  fotos: z.array(photoViewSchema),
  pagado: z.boolean(),
  link: z.string().nullable(),
  zip_file: z.string().nullable(),
  zip_progress: z.number().nullable(),
});
export type PurchaseView = z.infer<typeof purchaseViewSchema>;

/** GET /api/prepurchase/{id}. */
export const prepurchaseViewSchema = z.object({
  venta: z.object({
    id: z.string(),
    id_estado: z.number().int(),
    codigo_venta: z.string().nullable().describe("the sale made from the pre-order once the runner's photos are published"),
    fecha: dateTime,
    fechapago: dateTime.nullable(),
    total_ars: z.number(),
    total_usd: z.number(),
    id_mediodepago: z.number().int(),
    mediodepago: z.string(),
    moneda: currency,
    carrera: z.string(),
    dni: z.string(),
    distancia: z.string().nullable(),
  }),
  cliente: customer,
  pagado: z.boolean(),
  link: z.string().nullable(),
});
export type PrepurchaseView = z.infer<typeof prepurchaseViewSchema>;

/** POST /api/purchase: where to pay (or, for free photos, the purchase page) and the purchase's id. */
export const checkoutSchema = z.object({ link: z.string(), id: z.string() });
/** POST /api/download: a short-lived link to the full-quality file. */
export const downloadSchema = z.object({ img: z.string() });
/** POST /api/create_zip: the zip's link once it exists, else its progress. */
export const zipAnswerSchema = z.object({ zip_file: z.string().nullable(), status: z.enum(["ready", "processing"]), progress: z.number() });
export type ZipAnswer = z.infer<typeof zipAnswerSchema>;
/** GET /api/preparacion/{slug}. */
export const preparationSchema = z.object({ status: z.enum(["preparing", "uploading", "ready"]) });
/** POST /api/contact_email and /api/notify: `{ data: { status } }`. */
export const statusSchema = z.object({ status: z.string() });

/** POST /api/claim (ours): what became of a runner's "this is me" on a photo. */
export const claimAnswerSchema = z.object({
  status: z.literal("success"),
  claim: z
    .enum(["pending", "tagged", "declined"])
    .describe("pending: waits for a person, shown meanwhile with m=1; tagged: already the runner's; declined: a person said no"),
  n: z.number().int(),
});

/** Every refusal of a `{ data }` call: its status carries the kind, `message` is in the caller's language. */
export const failureSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.string()).optional(),
    unavailable: z.array(z.string()).optional().describe("POST /api/purchase, 409: the cart's photos (ids) no longer for sale"),
  }),
});

/** POST /api/preventa answers outside the data envelope, as the spec's form reads it. */
export const preorderCreatedSchema = z.union([
  z.object({ status: z.literal("success"), link: z.string(), id: z.string() }),
  z.object({ status: z.literal("error"), link: z.null(), message: z.string() }),
]);

/** `{ data: … }`, the envelope of every answer but the pre-order's. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });
