import { sql, type SQL } from "drizzle-orm";
import type { Currency } from "../../domain/money.ts";
import { SHOP_ZONE } from "../../domain/shop-zone.ts";
import { rowsOf, type Db, type LocalizedText } from "../db/index.ts";

/** "YYYY-MM": a month of the shop's calendar. */
export type Period = string;
export const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Photos sold (refunds taken back), free photos delivered, and earnings per currency in minor units. */
export type Figures = { sold: number; downloads: number; ars: number; usd: number };
export type Paid = { amount: number; reference: string; paidAt: Date };
export type MonthFigures = Figures & { period: Period; paid: Partial<Record<Currency, Paid>> };
export type RaceFigures = Figures & { raceId: number; name: LocalizedText };

const month = sql`to_char(s.at at time zone ${SHOP_ZONE}, 'YYYY-MM')`;

/**
 * The partners' parts of the lines whose split (`s`) matches `where`: a row
 * for a photographer's part and one for an organiser's, each with its partner,
 * race, sale's currency, date and kind (a sale or its refund). With
 * `partnerId`, only that partner's.
 */
const partnerParts = (where: SQL, partnerId?: number) => {
  const of = (column: SQL) => (partnerId === undefined ? sql`${column} is not null` : sql`${column} = ${partnerId}`);
  return sql`
    select l.photographer_id as partner_id, l.race_id, l.free, s.entry, s.currency, s.at, l.photographer_part as part
    from split_lines l join sale_splits s on s.id = l.split_id where ${of(sql`l.photographer_id`)} and ${where}
    union all
    select l.organizer_id, l.race_id, l.free, s.entry, s.currency, s.at, l.organizer_part
    from split_lines l join sale_splits s on s.id = l.split_id where ${of(sql`l.organizer_id`)} and ${where}`;
};
const always = sql`true`;

/** The shop's part of the splits matching `where`, per currency. */
async function shopPart(db: Db, where: SQL): Promise<Figures> {
  const [row] = rowsOf<{ ars: string | number; usd: string | number }>(
    await db.execute(sql`
      select coalesce(sum(l.shop_part) filter (where s.currency = 'ARS'), 0)::bigint as ars,
        coalesce(sum(l.shop_part) filter (where s.currency = 'USD'), 0)::bigint as usd
      from split_lines l join sale_splits s on s.id = l.split_id where ${where}`),
  );
  return { sold: 0, downloads: 0, ars: Number(row.ars), usd: Number(row.usd) };
}

const figures = sql`
  coalesce(sum(case when s.entry is null or s.free then 0 when s.entry = 'sale' then 1 else -1 end), 0)::int as sold,
  coalesce(sum(case when s.free and s.entry = 'sale' then 1 else 0 end), 0)::int as downloads,
  coalesce(sum(s.part) filter (where s.currency = 'ARS'), 0)::bigint as ars,
  coalesce(sum(s.part) filter (where s.currency = 'USD'), 0)::bigint as usd`;

type FigureRow = { sold: number; downloads: number; ars: number | string; usd: number | string };
const toFigures = (r: FigureRow): Figures => ({ sold: Number(r.sold), downloads: Number(r.downloads), ars: Number(r.ars), usd: Number(r.usd) });

/** A partner's statement: earnings by month (newest first, with what was paid of each) and by race. */
export async function partnerStatement(db: Db, partnerId: number): Promise<{ months: MonthFigures[]; races: RaceFigures[]; total: Figures; due: Figures }> {
  const months = rowsOf<FigureRow & { period: string }>(
    await db.execute(sql`select ${month} as period, ${figures} from (${partnerParts(always, partnerId)}) s group by 1 order by 1 desc`),
  );
  const races = rowsOf<FigureRow & { race_id: number; name: LocalizedText }>(
    await db.execute(sql`
      select s.race_id, r.name, ${figures} from (${partnerParts(always, partnerId)}) s join races r on r.id = s.race_id
      group by s.race_id, r.name order by 5 desc, 6 desc, s.race_id`),
  );
  const paid = await payoutsOf(db, partnerId);
  const byMonth = months.map((r): MonthFigures => ({ period: r.period, ...toFigures(r), paid: paid.get(r.period) ?? {} }));
  const total = sum(byMonth);
  const paidTotal = { ARS: 0, USD: 0 };
  for (const m of byMonth) for (const [currency, p] of Object.entries(m.paid)) paidTotal[currency as Currency] += p.amount;
  return {
    months: byMonth,
    races: races.map((r) => ({ raceId: Number(r.race_id), name: r.name, ...toFigures(r) })),
    total,
    due: { sold: 0, downloads: 0, ars: total.ars - paidTotal.ARS, usd: total.usd - paidTotal.USD },
  };
}

/** A partner's figures by month and race, oldest first: their statement's CSV. */
export async function statementLines(db: Db, partnerId: number): Promise<(Figures & { period: Period; raceId: number; name: LocalizedText })[]> {
  const rows = rowsOf<FigureRow & { period: string; race_id: number; name: LocalizedText }>(
    await db.execute(sql`
      select ${month} as period, s.race_id, r.name, ${figures} from (${partnerParts(always, partnerId)}) s join races r on r.id = s.race_id
      group by 1, s.race_id, r.name order by 1, s.race_id`),
  );
  return rows.map((r) => ({ period: r.period, raceId: Number(r.race_id), name: r.name, ...toFigures(r) }));
}

export type PartnerMonth = Figures & {
  partnerId: number;
  name: string;
  email: string;
  role: string;
  payoutDetails: string;
  paid: Partial<Record<Currency, Paid>>;
};

/**
 * Every partner's figures for one month: those who earned in it and every
 * photographer and organiser account, plus the shop's own part.
 */
export async function periodOverview(db: Db, period: Period): Promise<{ partners: PartnerMonth[]; shop: Figures }> {
  const rows = rowsOf<FigureRow & { partner_id: number; name: string; email: string; role: string; payout_details: string }>(
    await db.execute(sql`
      with lines as (${partnerParts(sql`${month} = ${period}`)})
      select u.id as partner_id, u.name, u.email, u.role, u.payout_details, ${figures}
      from admin_users u left join lines s on s.partner_id = u.id
      where u.role in ('photographer', 'organizer') or s.partner_id is not null
      group by u.id order by 8 desc, 9 desc, u.name, u.email`),
  );
  const paid = await payoutsIn(db, period);
  return {
    partners: rows.map((r) => ({
      partnerId: Number(r.partner_id),
      name: r.name,
      email: r.email,
      role: r.role,
      payoutDetails: r.payout_details,
      ...toFigures(r),
      paid: paid.get(Number(r.partner_id)) ?? {},
    })),
    shop: await shopPart(db, sql`${month} = ${period}`),
  };
}

/** Earnings per partner and the shop's part since a moment (the dashboard's 30 days). */
export async function earningsSince(
  db: Db,
  since: Date,
): Promise<{ partners: (Figures & { partnerId: number; name: string; role: string })[]; shop: Figures }> {
  const rows = rowsOf<FigureRow & { partner_id: number; name: string; role: string }>(
    await db.execute(sql`
      with lines as (${partnerParts(sql`s.at >= ${since}`)})
      select u.id as partner_id, coalesce(nullif(u.name, ''), u.email) as name, u.role, ${figures}
      from lines s join admin_users u on u.id = s.partner_id
      group by u.id order by 6 desc, 7 desc`),
  );

  return {
    partners: rows.map((r) => ({ partnerId: Number(r.partner_id), name: r.name, role: r.role, ...toFigures(r) })),
    shop: await shopPart(db, sql`s.at >= ${since}`),
  };
}

function sum(list: Figures[]): Figures {
  return list.reduce((t, f) => ({ sold: t.sold + f.sold, downloads: t.downloads + f.downloads, ars: t.ars + f.ars, usd: t.usd + f.usd }), {
    sold: 0,
    downloads: 0,
    ars: 0,
    usd: 0,
  });
}

type PayoutRow = { partner_id: number; period: string; currency: Currency; amount: number; reference: string; paid_at: string | Date };
const paidOf = (r: PayoutRow): Paid => ({ amount: Number(r.amount), reference: r.reference, paidAt: new Date(r.paid_at) });

/** Payouts grouped by `key` (a month, or a partner), each with what was paid per currency. */
async function paidBy<K>(db: Db, where: SQL, key: (row: PayoutRow) => K): Promise<Map<K, Partial<Record<Currency, Paid>>>> {
  const rows = rowsOf<PayoutRow>(await db.execute(sql`select * from payouts where ${where}`));
  const out = new Map<K, Partial<Record<Currency, Paid>>>();
  for (const r of rows) out.set(key(r), { ...out.get(key(r)), [r.currency]: paidOf(r) });
  return out;
}

const payoutsOf = (db: Db, partnerId: number) => paidBy(db, sql`partner_id = ${partnerId}`, (r) => r.period);
const payoutsIn = (db: Db, period: Period) => paidBy(db, sql`period = ${period}`, (r) => Number(r.partner_id));
