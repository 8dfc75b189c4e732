import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { OrderCause } from "../../domain/order-cause.ts";

/** A text in the shop's three languages; en and br fall back to es when missing. */
export type LocalizedText = { es: string; en?: string; br?: string };

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const races = pgTable(
  "races",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    subtitle: jsonb("subtitle").$type<LocalizedText>().notNull().default({ es: "" }),
    logoKey: text("logo_key"),
    heroKey: text("hero_key"),
    eventDate: date("event_date"),
    timezone: text("timezone").notNull().default("America/Argentina/Buenos_Aires"),
    status: text("status", { enum: ["draft", "preparing", "published", "archived"] })
      .notNull()
      .default("draft"),
    uploading: boolean("uploading").notNull().default(false),
    // Money: integer minor units (centavos, cents).
    priceArs: integer("price_ars").notNull().default(0),
    priceUsd: integer("price_usd").notNull().default(0),
    fullsetArs: integer("fullset_ars").notNull().default(0),
    fullsetUsd: integer("fullset_usd").notNull().default(0),
    fullsetMinPhotos: integer("fullset_min_photos").notNull().default(0),
    preorderArs: integer("preorder_ars").notNull().default(0),
    preorderUsd: integer("preorder_usd").notNull().default(0),
    preorderOpen: boolean("preorder_open").notNull().default(false),
    distances: jsonb("distances").$type<string[]>().notNull().default([]),
    categories: jsonb("categories").$type<string[]>().notNull().default([]),
    // Known bib numbers as "1-1200 5001-5400"; empty means unknown.
    bibRanges: text("bib_ranges").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("races_slug_key").on(t.slug),
    index("races_status_date_idx").on(t.status, t.eventDate),
    check("races_money_nonnegative", sql`${t.priceArs} >= 0 and ${t.priceUsd} >= 0 and ${t.fullsetArs} >= 0 and ${t.fullsetUsd} >= 0`),
  ],
);

/** Full-set price for a set of bib ranges of one race (SPEC §9's tetra-chapelco rule is one row). */
export const fullsetOverrides = pgTable(
  "fullset_overrides",
  {
    id: serial("id").primaryKey(),
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    bibRanges: text("bib_ranges").notNull(),
    priceArs: integer("price_ars").notNull(),
    priceUsd: integer("price_usd").notNull(),
  },
  (t) => [index("fullset_overrides_race_idx").on(t.raceId)],
);

export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("tags_race_slug_key").on(t.raceId, t.slug)],
);

export const photos = pgTable(
  "photos",
  {
    id: serial("id").primaryKey(),
    publicId: text("public_id").notNull(),
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    // The photographer's frame name: original file name without extension (SPEC's id_photo).
    frame: text("frame").notNull(),
    originalKey: text("original_key").notNull(),
    sha256: text("sha256").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }),
    // The camera that took it (EXIF make, model and serial), so a burst is told from two photographers' frames.
    camera: text("camera"),
    // Who took it (the account that uploaded or imported it, or the one an admin named): their share of its sales is theirs.
    photographerId: integer("photographer_id").references((): AnyPgColumn => adminUsers.id, { onDelete: "set null" }),
    free: boolean("free").notNull().default(false),
    // Null means "the race's price"; a non-null sale price puts the photo on sale.
    priceArs: integer("price_ars"),
    priceUsd: integer("price_usd"),
    saleArs: integer("sale_ars"),
    saleUsd: integer("sale_usd"),
    hidden: boolean("hidden").notNull().default(false),
    thumbKey: text("thumb_key"),
    mediumKey: text("medium_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("photos_public_id_key").on(t.publicId),
    uniqueIndex("photos_race_sha_key").on(t.raceId, t.sha256),
    uniqueIndex("photos_race_frame_key").on(t.raceId, t.frame),
    // The race page's order: free first, then by capture time.
    index("photos_race_order_idx").on(t.raceId, t.free.desc(), t.takenAt, t.id),
    // Bursts (recognition) and "photos around this time" (the race page) look photos up by capture time.
    index("photos_race_taken_idx").on(t.raceId, t.takenAt),
    index("photos_photographer_idx").on(t.photographerId),
  ],
);

export const photoBibs = pgTable(
  "photo_bibs",
  {
    photoId: integer("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    bib: integer("bib").notNull(),
    source: text("source", { enum: ["manual", "import", "auto"] })
      .notNull()
      .default("manual"),
    confidence: real("confidence"),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.bib] }), index("photo_bibs_race_bib_idx").on(t.raceId, t.bib)],
);

export const photoTags = pgTable(
  "photo_tags",
  {
    photoId: integer("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.tagId] }), index("photo_tags_tag_idx").on(t.tagId)],
);

export const discountTiers = pgTable("discount_tiers", {
  id: serial("id").primaryKey(),
  minQuantity: integer("min_quantity").notNull(),
  percent: integer("percent").notNull(),
});

export const banners = pgTable("banners", {
  id: serial("id").primaryKey(),
  imageKey: text("image_key").notNull(),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

/** Shop-wide settings as keyed JSON values (pre-sale, preparation status, support links). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    country: smallint("country").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("customers_email_idx").on(t.email)],
);

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    publicId: text("public_id").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    kind: text("kind", { enum: ["cart", "fullset", "preorder"] })
      .notNull()
      .default("cart"),
    raceId: integer("race_id").references(() => races.id),
    fullsetBib: integer("fullset_bib"),
    state: smallint("state").notNull().default(1),
    currency: text("currency", { enum: ["ARS", "USD"] }).notNull(),
    subtotal: integer("subtotal").notNull(),
    total: integer("total").notNull(),
    // The same photos priced in the other currency at checkout (SPEC §3 shows both amounts); never charged.
    otherSubtotal: integer("other_subtotal").notNull().default(0),
    otherTotal: integer("other_total").notNull().default(0),
    discountPercent: integer("discount_percent").notNull().default(0),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    paymentLink: text("payment_link"),
    // Same cart + e-mail within minutes returns the same pending order.
    cartHash: text("cart_hash").notNull(),
    lang: text("lang").notNull().default("es"),
    zipKey: text("zip_key"),
    // Share of the zip written so far (0–100) while its job runs; null when none was asked for.
    zipProgress: smallint("zip_progress"),
    // When the zip was made or last handed to this order: zips expire (housekeeping) and are made again on request.
    zipMadeAt: timestamp("zip_made_at", { withTimezone: true }),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_public_id_key").on(t.publicId),
    index("orders_cart_hash_idx").on(t.cartHash, t.createdAt),
    index("orders_state_created_idx").on(t.state, t.createdAt),
    check("orders_state_valid", sql`${t.state} between 1 and 6`),
    check("orders_total_nonnegative", sql`${t.total} >= 0 and ${t.subtotal} >= ${t.total}`),
  ],
);

export const orderPhotos = pgTable(
  "order_photos",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    photoId: integer("photo_id")
      .notNull()
      .references(() => photos.id),
    price: integer("price").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.photoId] })],
);

export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    preorderId: integer("preorder_id").references(() => preorders.id, { onDelete: "cascade" }),
    fromState: smallint("from_state"),
    toState: smallint("to_state").notNull(),
    cause: jsonb("cause").$type<OrderCause>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId), index("order_events_preorder_idx").on(t.preorderId)],
);

export const preorders = pgTable(
  "preorders",
  {
    id: serial("id").primaryKey(),
    publicId: text("public_id").notNull(),
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    dni: text("dni").notNull(),
    distance: text("distance"),
    state: smallint("state").notNull().default(1),
    currency: text("currency", { enum: ["ARS", "USD"] }).notNull(),
    total: integer("total").notNull(),
    // The promotional price in the other currency when it was ordered (SPEC §3 shows both); never charged.
    otherTotal: integer("other_total").notNull().default(0),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    paymentLink: text("payment_link"),
    lang: text("lang").notNull().default("es"),
    // Hash of the browser's checkout key and what was ordered: a repeated submit finds its pre-order by it.
    requestHash: text("request_hash"),
    // The sale created from this pre-order once the race's photos are published.
    orderId: integer("order_id").references(() => orders.id),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("preorders_public_id_key").on(t.publicId),
    index("preorders_race_idx").on(t.raceId),
    index("preorders_request_hash_idx").on(t.requestHash),
    check("preorders_state_valid", sql`${t.state} in (1, 2, 3, 4, 6)`),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id),
    preorderId: integer("preorder_id").references(() => preorders.id),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    status: text("status").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    raw: jsonb("raw"),
    createdAt: createdAt(),
    /** An operator asked the provider to refund it (orders/refund.ts); cleared when the provider could not be reached. */
    refundRequestedAt: timestamp("refund_requested_at", { withTimezone: true }),
    /** The provider's refund, once it accepted the request. */
    refundId: text("refund_id"),
    /** What the provider kept of it (minor units), when it says: it comes off before the partners' split. */
    fee: integer("fee"),
  },
  (t) => [uniqueIndex("payments_provider_id_key").on(t.provider, t.providerPaymentId)],
);

/** Every webhook as received; the unique key makes redelivery harmless. */
export const providerEvents = pgTable(
  "provider_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("provider_events_key").on(t.provider, t.eventId)],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  message: text("message").notNull(),
  lang: text("lang").notNull().default("es"),
  createdAt: createdAt(),
});

export const notifySignups = pgTable(
  "notify_signups",
  {
    id: serial("id").primaryKey(),
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    category: text("category"),
    bib: integer("bib"),
    lang: text("lang").notNull().default("es"),
    createdAt: createdAt(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    // How many photos of the number the runner saw when they signed up: written to when there are more.
    photosSeen: integer("photos_seen").notNull().default(0),
  },
  (t) => [uniqueIndex("notify_signups_once_key").on(t.raceId, t.email, t.bib)],
);

export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    lang: text("lang").notNull(),
    raceId: integer("race_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_views_at_idx").on(t.at), index("page_views_race_idx").on(t.raceId)],
);

export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull().default({}),
    // A job with a key is enqueued at most once while it is not done.
    uniqueKey: text("unique_key"),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_claim_idx").on(t.status, t.runAt),
    uniqueIndex("jobs_unique_key").on(t.uniqueKey),
    // The jobs not done, by type: what the worker's counts and an import's progress
    // ask every few seconds, without scanning the week of finished jobs kept.
    index("jobs_open_idx").on(t.type).where(sql`status <> 'done'`),
  ],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    // An organiser only sees their statement; a photographer also uploads and tags in the races assigned to them.
    role: text("role", { enum: ["admin", "photographer", "organizer"] })
      .notNull()
      .default("admin"),
    /** Where a partner's earnings are paid (bank account, alias): shown on the payout file. */
    payoutDetails: text("payout_details").notNull().default(""),
    createdAt: createdAt(),
    // A disabled operator keeps their audit trail but can no longer log in.
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("admin_users_email_key").on(t.email)],
);

export const auditLog = pgTable("audit_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  adminId: integer("admin_id").references(() => adminUsers.id),
  action: text("action").notNull(),
  details: jsonb("details"),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

/** Back-office sessions; the cookie holds a signed random token whose sha256 is the id. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminId)],
);

/** Which races a photographer may upload to and tag. */
export const raceAssignments = pgTable(
  "race_assignments",
  {
    adminId: integer("admin_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.raceId] }), index("race_assignments_race_idx").on(t.raceId)],
);

/** Every login try, for rate limiting per IP and per account. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ip: text("ip").notNull(),
    email: text("email").notNull(),
    success: boolean("success").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_attempts_ip_idx").on(t.ip, t.at), index("login_attempts_email_idx").on(t.email, t.at)],
);

/**
 * The storefront catalog's version: one row, bumped by statement triggers on
 * every table a storefront page shows (races, photos, tags, bibs, prices,
 * discounts, banners, settings; migration 0007). Cached pages carry the
 * version they were rendered at; several instances agree through this row.
 */
export const catalogVersion = pgTable("catalog_version", {
  id: smallint("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
  /** Bumped instead of `version` by an import's own progress (db/catalog-progress.ts): pages may lag it a few seconds. */
  progress: bigint("progress", { mode: "number" }).notNull().default(0),
});

/** One counted request of a rate limit (http/rate-limit.ts): contact, sign-ups, checkout, downloads. */
export const rateHits = pgTable(
  "rate_hits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_hits_key_idx").on(t.bucket, t.key, t.at), index("rate_hits_at_idx").on(t.at)],
);

/**
 * Resumable photo uploads (tus) in flight and just finished, shared by every
 * instance: the bytes received so far live in storage as parts (one object per
 * PATCH), the state here, so an upload begun on one instance resumes on any.
 * The ingest of a whole upload is claimed (`ingest_claimed_at`) so it runs
 * once; its outcome stays until the upload expires, for a client that lost
 * the final answer.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    /** Null while the client defers the length. */
    size: bigint("size", { mode: "number" }),
    received: bigint("received", { mode: "number" }).notNull().default(0),
    /** Storage keys of the received parts, in order. */
    parts: jsonb("parts").$type<string[]>().notNull().default([]),
    metadata: jsonb("metadata").$type<Record<string, string | null>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ingestClaimedAt: timestamp("ingest_claimed_at", { withTimezone: true }),
    outcome: jsonb("outcome"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("uploads_created_idx").on(t.createdAt)],
);

/** Answers operators sent to contact messages. */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    adminId: integer("admin_id").references(() => adminUsers.id),
    body: text("body").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId)],
);

/** A rotated box in the original photo's pixels: where a bib was read, for the review crop. */
export type BibBox = { cx: number; cy: number; width: number; height: number; angle: number };

/** Bib recognition's record of a photo: the raw text lines, kept so a new threshold re-decides without re-reading. */
export const photoRecognitions = pgTable(
  "photo_recognitions",
  {
    photoId: integer("photo_id")
      .primaryKey()
      .references(() => photos.id, { onDelete: "cascade" }),
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    // "skipped": already tagged by the import file or a person when its turn came.
    status: text("status", { enum: ["done", "skipped", "failed"] }).notNull(),
    lines: jsonb("lines").notNull().default([]),
    frameWidth: integer("frame_width").notNull().default(0),
    frameHeight: integer("frame_height").notNull().default(0),
    ms: integer("ms").notNull().default(0),
    // A 16×12 grid of mean colours (RGB bytes, base64): enough to tell the same runner in the next frame of a burst.
    signature: text("signature"),
    error: text("error"),
    recognizedAt: timestamp("recognized_at", { withTimezone: true }).notNull().defaultNow(),
    // When the photo was taken, in one-minute steps (minus its id when the time is unknown): set by a trigger
    // (migrations 0016, 0017) for race_number_moments.
    moment: bigint("moment", { mode: "number" }),
    // The camera that took the photo (recognition/bursts.ts cameraKey), set by the same trigger (migration 0019).
    camera: text("camera"),
  },
  (t) => [index("photo_recognitions_race_idx").on(t.raceId, t.status)],
);

/**
 * How many of a race's read photos each number (1–5 digits) was read in, and
 * in how many moments by one camera at most (minutes of the race's clock; a
 * photo without a time is a moment of its own); under number 0 how many
 * photos the race has read and the most moments one camera took them in. Kept
 * by a trigger on photo_recognitions (migrations 0013, 0016, 0017 and 0019): a
 * number one camera sees in too many moments is scenery in its photos, not a
 * runner (recognition/scenery.ts, which counts race_number_moments camera by
 * camera for the numbers this says one camera read often).
 */
export const raceNumbers = pgTable(
  "race_numbers",
  {
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    photos: integer("photos").notNull().default(0),
    moments: integer("moments").notNull().default(0),
  },
  // Scenery is asked by moments (migration 0016 dropped the index on photos, which nothing asked by any more).
  (t) => [primaryKey({ columns: [t.raceId, t.number] }), index("race_numbers_race_moments_idx").on(t.raceId, t.moments)],
);

/** The photos each number was read in per camera and moment (race_numbers.moments: one camera's rows at most), kept by the same trigger. */
export const raceNumberMoments = pgTable(
  "race_number_moments",
  {
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    camera: text("camera").notNull().default(""),
    moment: bigint("moment", { mode: "number" }).notNull(),
    photos: integer("photos").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.number, t.camera, t.moment] })],
);

/**
 * How many of a race's read photos each print key (a line's letters, upper
 * case, six or more) was read in, kept by a trigger on photo_recognitions
 * (migration 0015): print read on many is the race's bib print, and a bib
 * whose print is it cut short may have its number cut too (recognition/bib-print.ts).
 */
export const racePrints = pgTable(
  "race_prints",
  {
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    photos: integer("photos").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.key] })],
);

/**
 * Every plausible bib read in a photo. "auto" ones are applied to photo_bibs;
 * "pending" ones wait for an operator; decided ones are never re-suggested.
 */
export const bibSuggestions = pgTable(
  "bib_suggestions",
  {
    id: serial("id").primaryKey(),
    photoId: integer("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    bib: integer("bib").notNull(),
    confidence: real("confidence").notNull(),
    box: jsonb("box").$type<BibBox>().notNull(),
    doubts: jsonb("doubts").$type<string[]>().notNull().default([]),
    status: text("status", { enum: ["pending", "auto", "accepted", "corrected", "rejected", "undone"] })
      .notNull()
      .default("pending"),
    /** The number the operator typed instead (status "corrected"). */
    correctedBib: integer("corrected_bib"),
    /** For a burst suggestion: the frame of the same burst where this bib was read or tagged. */
    evidencePhotoId: integer("evidence_photo_id").references(() => photos.id, { onDelete: "set null" }),
    decidedBy: integer("decided_by").references(() => adminUsers.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bib_suggestions_photo_bib_key").on(t.photoId, t.bib),
    index("bib_suggestions_race_status_idx").on(t.raceId, t.status),
    index("bib_suggestions_race_bib_idx").on(t.raceId, t.bib),
    // A deleted photo's foreign key, and the withdrawal of what a frame no longer proves, look suggestions up by the frame they name.
    index("bib_suggestions_evidence_idx").on(t.evidencePhotoId).where(sql`evidence_photo_id is not null`),
  ],
);

/**
 * A runner's word that they are in a photo, with their number ("this is me"):
 * it waits for a person at the shop, and meanwhile that number's search shows
 * the photo as "might be you" (catalog/race-photos.ts mightBe). Not a reading:
 * recognition never sees it.
 */
export const photoClaims = pgTable(
  "photo_claims",
  {
    id: serial("id").primaryKey(),
    photoId: integer("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    bib: integer("bib").notNull(),
    status: text("status", { enum: ["pending", "accepted", "rejected"] })
      .notNull()
      .default("pending"),
    decidedBy: integer("decided_by").references(() => adminUsers.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("photo_claims_photo_bib_key").on(t.photoId, t.bib), index("photo_claims_race_status_idx").on(t.raceId, t.status, t.bib)],
);

/** Per-race recognition settings; null columns use the shop-wide default. */
export const raceRecognitionSettings = pgTable("race_recognition_settings", {
  raceId: integer("race_id")
    .primaryKey()
    .references(() => races.id, { onDelete: "cascade" }),
  autoThreshold: real("auto_threshold"),
  timingWindowSeconds: integer("timing_window_seconds"),
  timingOffsetSeconds: integer("timing_offset_seconds"),
});

/** The organiser's timing file: when each bib crossed the photo point. */
export const timingPassings = pgTable(
  "timing_passings",
  {
    id: serial("id").primaryKey(),
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    bib: integer("bib").notNull(),
    passedAt: timestamp("passed_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("timing_passings_key").on(t.raceId, t.bib, t.passedAt), index("timing_passings_race_at_idx").on(t.raceId, t.passedAt)],
);

/** The organiser's start list: the race's registered bibs, recognition's strongest prior. */
export const startList = pgTable(
  "start_list",
  {
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id, { onDelete: "cascade" }),
    bib: integer("bib").notNull(),
    name: text("name").notNull().default(""),
    distance: text("distance").notNull().default(""),
    team: text("team").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.bib] })],
);

/**
 * How a race's sales are shared between the photographer of each photo, the
 * organiser and the shop, as whole percents; a row without a race is the
 * shop-wide default. Rows are never changed: a new row applies to sales paid
 * after it was made (partners/shares.ts).
 */
export const raceShares = pgTable(
  "race_shares",
  {
    id: serial("id").primaryKey(),
    raceId: integer("race_id").references(() => races.id, { onDelete: "cascade" }),
    organizerId: integer("organizer_id").references(() => adminUsers.id),
    photographerPct: smallint("photographer_pct").notNull(),
    organizerPct: smallint("organizer_pct").notNull(),
    shopPct: smallint("shop_pct").notNull(),
    setBy: integer("set_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("race_shares_race_idx").on(t.raceId, t.createdAt),
    check(
      "race_shares_percents",
      sql`${t.photographerPct} between 0 and 100 and ${t.organizerPct} between 0 and 100 and ${t.shopPct} between 0 and 100 and ${t.photographerPct} + ${t.organizerPct} + ${t.shopPct} = 100`,
    ),
    check("race_shares_organizer", sql`${t.organizerPct} = 0 or ${t.organizerId} is not null`),
  ],
);

/**
 * A paid sale split between its partners ("sale"), or the same split undone by
 * a refund ("refund"): once each per sale, at the moment it happened.
 */
export const saleSplits = pgTable(
  "sale_splits",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    entry: text("entry", { enum: ["sale", "refund"] }).notNull(),
    currency: text("currency", { enum: ["ARS", "USD"] }).notNull(),
    /** Minor units received (negative for a refund), and the provider's fee out of it. */
    received: integer("received").notNull(),
    fee: integer("fee").notNull().default(0),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("sale_splits_order_entry_key").on(t.orderId, t.entry), index("sale_splits_at_idx").on(t.at)],
);

/** One photo's slice of a split and its parts; the parts always add up to the slice. */
export const splitLines = pgTable(
  "split_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    splitId: integer("split_id")
      .notNull()
      .references(() => saleSplits.id, { onDelete: "cascade" }),
    photoId: integer("photo_id")
      .notNull()
      .references(() => photos.id),
    // A cart may hold photos of several races: each photo is cut by its own race's shares.
    raceId: integer("race_id")
      .notNull()
      .references(() => races.id),
    shareId: integer("share_id")
      .notNull()
      .references(() => raceShares.id),
    photographerId: integer("photographer_id").references(() => adminUsers.id),
    organizerId: integer("organizer_id").references(() => adminUsers.id),
    /** A free photo: it earns nothing and counts as a download. */
    free: boolean("free").notNull(),
    amount: integer("amount").notNull(),
    photographerPart: integer("photographer_part").notNull(),
    organizerPart: integer("organizer_part").notNull(),
    shopPart: integer("shop_part").notNull(),
  },
  (t) => [
    index("split_lines_split_idx").on(t.splitId),
    index("split_lines_race_idx").on(t.raceId),
    index("split_lines_photographer_idx").on(t.photographerId),
    index("split_lines_organizer_idx").on(t.organizerId),
    check("split_lines_parts_add_up", sql`${t.photographerPart} + ${t.organizerPart} + ${t.shopPart} = ${t.amount}`),
  ],
);

/** A partner's month marked as paid, per currency, with the transfer's reference. */
export const payouts = pgTable(
  "payouts",
  {
    id: serial("id").primaryKey(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => adminUsers.id),
    /** The month paid, "YYYY-MM" in the shop's time zone. */
    period: text("period").notNull(),
    currency: text("currency", { enum: ["ARS", "USD"] }).notNull(),
    amount: integer("amount").notNull(),
    reference: text("reference").notNull(),
    paidBy: integer("paid_by").references(() => adminUsers.id, { onDelete: "set null" }),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payouts_partner_period_key").on(t.partnerId, t.period, t.currency)],
);
