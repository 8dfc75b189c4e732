import { dbId } from "../../domain/fields.ts";
import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { isLang } from "../../i18n/langs.ts";
import { inTransaction, type Db, adminUsers, contactMessages, contactReplies, customers, notifySignups, orders, preorders, races } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import type { Mailer } from "../mail/index.ts";
import { type Operator, audit, requireAdmin } from "../staff/index.ts";
import { adminList, type RowRange } from "./listing.ts";
import { dayRange } from "./sales.ts";

// Pre-orders, notify sign-ups and contact messages: lists with search and CSV.

const day = z
  .union([z.literal(""), z.iso.date()])
  .optional()
  .catch(undefined);
export const listFilterSchema = z.object({
  raceId: dbId.optional().catch(undefined),
  state: z.coerce.number().int().min(1).max(6).optional().catch(undefined),
  notified: z.enum(["yes", "no"]).optional().catch(undefined),
  from: day,
  to: day,
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ListFilter = z.output<typeof listFilterSchema>;

const like = (q: string) => `%${q}%`;
const count = sql<number>`count(*)::int`;

function preorderWhere(f: ListFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.raceId) c.push(eq(preorders.raceId, f.raceId));
  if (f.state) c.push(eq(preorders.state, f.state));
  c.push(...dayRange(preorders.createdAt as never, f.from || undefined, f.to || undefined));
  if (f.q) c.push(or(eq(preorders.publicId, f.q), ilike(customers.email, like(f.q)), ilike(customers.lastName, like(f.q)), ilike(preorders.dni, like(f.q)))!);
  return c.length ? and(...c) : undefined;
}

const preorderColumns = {
  id: preorders.id,
  publicId: preorders.publicId,
  state: preorders.state,
  currency: preorders.currency,
  total: preorders.total,
  dni: preorders.dni,
  distance: preorders.distance,
  createdAt: preorders.createdAt,
  paidAt: preorders.paidAt,
  raceName: races.name,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  orderPublicId: orders.publicId,
  orderId: orders.id,
};

export const preorderList = adminList({
  where: preorderWhere,
  rows: preorderRows,
  count: async (db, where) => (await db.select({ n: count }).from(preorders).innerJoin(customers, eq(customers.id, preorders.customerId)).where(where))[0].n,
  exportAction: "preorders.export",
});

function preorderRows(db: Db, where: SQL | undefined, range: RowRange) {
  return db
    .select(preorderColumns)
    .from(preorders)
    .innerJoin(customers, eq(customers.id, preorders.customerId))
    .innerJoin(races, eq(races.id, preorders.raceId))
    .leftJoin(orders, eq(orders.id, preorders.orderId))
    .where(where)
    .orderBy(desc(preorders.createdAt), desc(preorders.id))
    .limit(range.limit)
    .offset(range.offset);
}

function signupWhere(f: ListFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.raceId) c.push(eq(notifySignups.raceId, f.raceId));
  if (f.notified) c.push(f.notified === "yes" ? isNotNull(notifySignups.notifiedAt) : isNull(notifySignups.notifiedAt));
  c.push(...dayRange(notifySignups.createdAt as never, f.from || undefined, f.to || undefined));
  if (f.q) {
    const q = like(f.q);
    c.push(or(ilike(notifySignups.email, q), ilike(notifySignups.lastName, q), ilike(notifySignups.firstName, q), sql`${notifySignups.bib}::text = ${f.q}`)!);
  }
  return c.length ? and(...c) : undefined;
}

function signupRows(db: Db, where: SQL | undefined, range: RowRange) {
  return db
    .select({
      id: notifySignups.id,
      createdAt: notifySignups.createdAt,
      raceName: races.name,
      firstName: notifySignups.firstName,
      lastName: notifySignups.lastName,
      email: notifySignups.email,
      category: notifySignups.category,
      bib: notifySignups.bib,
      photosSeen: notifySignups.photosSeen,
      lang: notifySignups.lang,
      notifiedAt: notifySignups.notifiedAt,
    })
    .from(notifySignups)
    .innerJoin(races, eq(races.id, notifySignups.raceId))
    .where(where)
    .orderBy(desc(notifySignups.createdAt), desc(notifySignups.id))
    .limit(range.limit)
    .offset(range.offset);
}

export const signupList = adminList({
  where: signupWhere,
  rows: signupRows,
  count: async (db, where) => (await db.select({ n: count }).from(notifySignups).where(where))[0].n,
  exportAction: "signups.export",
});

function messageWhere(f: ListFilter): SQL | undefined {
  const c: SQL[] = [...dayRange(contactMessages.createdAt as never, f.from || undefined, f.to || undefined)];
  if (f.q) {
    const q = like(f.q);
    c.push(or(ilike(contactMessages.email, q), ilike(contactMessages.name, q), ilike(contactMessages.message, q))!);
  }
  return c.length ? and(...c) : undefined;
}

const replyCount = sql<number>`(select count(*)::int from contact_replies r where r.message_id = ${contactMessages.id})`;

async function messageRows(db: Db, where: SQL | undefined, range: RowRange) {
  const rows = await db
    .select({
      id: contactMessages.id,
      createdAt: contactMessages.createdAt,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      lang: contactMessages.lang,
      replies: replyCount,
    })
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(range.limit)
    .offset(range.offset);
  return rows.map((r) => ({ ...r, replies: Number(r.replies) }));
}

export const messageList = adminList({
  where: messageWhere,
  rows: messageRows,
  count: async (db, where) => (await db.select({ n: count }).from(contactMessages).where(where))[0].n,
  exportAction: "messages.export",
});

export async function messageDetail(db: Db, op: Operator, id: number) {
  requireAdmin(op);
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!message) throw new DomainError("NotFound", "notFound");
  const replies = await db
    .select({ id: contactReplies.id, body: contactReplies.body, at: contactReplies.at, email: adminUsers.email })
    .from(contactReplies)
    .leftJoin(adminUsers, eq(adminUsers.id, contactReplies.adminId))
    .where(eq(contactReplies.messageId, id))
    .orderBy(contactReplies.at);
  return { message, replies };
}

/** The same answer again this soon is the same click twice, not a second answer. */
const SAME_REPLY_MS = 10 * 60_000;

export const replySchema = z.object({ body: z.string().trim().min(1).max(10_000) });

/** Answers a contact message by e-mail, in the visitor's language, and keeps the answer with the message. */
export async function replyToMessage(db: Db, mailer: Mailer | undefined, op: Operator, id: number, input: z.input<typeof replySchema>) {
  requireAdmin(op);
  if (!mailer) throw new DomainError("Conflict", "mailUnavailable");
  const { body } = replySchema.parse(input);
  const message = await inTransaction(db, async (tx) => {
    // The message locked: the same answer sent twice within minutes (a double click, even at once) is written and mailed once.
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for("no key update");
    if (!message) throw new DomainError("NotFound", "notFound");
    const [last] = await tx
      .select({ body: contactReplies.body, at: contactReplies.at })
      .from(contactReplies)
      .where(eq(contactReplies.messageId, id))
      .orderBy(desc(contactReplies.id))
      .limit(1);
    if (last?.body === body && Date.now() - last.at.getTime() < SAME_REPLY_MS) return message;
    const [reply] = await tx.insert(contactReplies).values({ messageId: id, adminId: op.id, body }).returning({ id: contactReplies.id });
    await mailer.send(
      {
        to: message.email,
        lang: isLang(message.lang) ? message.lang : "es",
        template: "contactReply",
        key: `contact-reply:${reply.id}`,
        data: { name: message.name, reply: body, original: message.message },
      },
      { tx },
    );
    return message;
  });
  await audit(db, op, "message.reply", { messageId: id, to: message.email });
  return { email: message.email };
}
