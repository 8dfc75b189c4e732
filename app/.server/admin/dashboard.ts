import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/index.ts";
import type { Operator } from "../staff/index.ts";
import { listRaces } from "./races.ts";
import { earningsSince } from "../partners/index.ts";
import { orderRace } from "./sales.ts";
import { SHOP_ZONE } from "../../domain/shop-zone.ts";

export const DASHBOARD_DAYS = 30;

export type DayPoint = { day: string; orders: number; ars: number; usd: number };
export type RaceSales = { raceId: number; name: { es: string; en?: string; br?: string }; orders: number; ars: number; usd: number; views: number };

/**
 * The last 30 days of sales: revenue per currency, paid orders and revenue
 * per day, sales per race with its race-page views (conversion), and the
 * photos still waiting for a bib. Photographers only get the last part.
 */
export async function dashboard(db: Db, op: Operator) {
  const races = await listRaces(db, op);
  const untagged = races
    .filter((r) => r.untagged > 0)
    .sort((a, b) => b.untagged - a.untagged)
    .map((r) => ({ raceId: r.id, name: r.name, untagged: r.untagged, photos: r.photos }));
  if (op.role !== "admin") return { sales: null, untagged };

  const since = sql`now() - make_interval(days => ${DASHBOARD_DAYS})`;
  // Paid means payment received or delivered (states 2 and 3), dated by the payment.
  const paid = sql`o.state in (2, 3) and o.paid_at >= ${since}`;

  const totals = rowsOf<{ currency: "ARS" | "USD"; orders: number; revenue: number }>(
    await db.execute(
      sql`select o.currency, count(*)::int as orders, coalesce(sum(o.total), 0)::bigint as revenue from orders o where ${paid} group by o.currency`,
    ),
  );

  const perDay = rowsOf<{ day: string; orders: number; ars: number; usd: number }>(
    await db.execute(sql`
      with days as (
        select generate_series(((now() at time zone ${SHOP_ZONE})::date - ${DASHBOARD_DAYS - 1}::int)::timestamp, (now() at time zone ${SHOP_ZONE})::date::timestamp, interval '1 day')::date as day
      )
      select to_char(d.day, 'YYYY-MM-DD') as day,
        count(o.id)::int as orders,
        coalesce(sum(o.total) filter (where o.currency = 'ARS'), 0)::bigint as ars,
        coalesce(sum(o.total) filter (where o.currency = 'USD'), 0)::bigint as usd
      from days d
      left join orders o on o.state in (2, 3) and (o.paid_at at time zone ${SHOP_ZONE})::date = d.day
      group by d.day order by d.day`),
  );

  const perRace = rowsOf<{ race_id: number; orders: number; ars: number; usd: number }>(
    await db.execute(sql`
      select race_id, count(*)::int as orders,
        coalesce(sum(total) filter (where currency = 'ARS'), 0)::bigint as ars,
        coalesce(sum(total) filter (where currency = 'USD'), 0)::bigint as usd
      from (select ${orderRace} as race_id, orders.total, orders.currency from orders
            where orders.state in (2, 3) and orders.paid_at >= ${since}) s
      where race_id is not null
      group by race_id`),
  );
  const views = rowsOf<{ race_id: number; views: number }>(
    await db.execute(sql`select race_id, count(*)::int as views from page_views where race_id is not null and at >= ${since} group by race_id`),
  );

  const byRace = new Map<number, RaceSales>();
  for (const race of races) byRace.set(race.id, { raceId: race.id, name: race.name, orders: 0, ars: 0, usd: 0, views: 0 });
  for (const row of perRace) {
    const entry = byRace.get(Number(row.race_id));
    if (entry) Object.assign(entry, { orders: Number(row.orders), ars: Number(row.ars), usd: Number(row.usd) });
  }
  for (const row of views) {
    const entry = byRace.get(Number(row.race_id));
    if (entry) entry.views = Number(row.views);
  }
  const salesPerRace = [...byRace.values()].filter((r) => r.orders > 0 || r.views > 0).sort((a, b) => b.orders - a.orders || b.views - a.views);

  // What each partner earned of it (their parts of the splits paid in the period) and the shop's part.
  const partners = await earningsSince(db, new Date(Date.now() - DASHBOARD_DAYS * 24 * 3600 * 1000));

  const revenue = { ARS: 0, USD: 0 };
  let orders = 0;
  for (const t of totals) {
    revenue[t.currency] = Number(t.revenue);
    orders += Number(t.orders);
  }
  return {
    sales: {
      days: DASHBOARD_DAYS,
      revenue,
      orders,
      perDay: perDay.map((d): DayPoint => ({ day: d.day, orders: Number(d.orders), ars: Number(d.ars), usd: Number(d.usd) })),
      perRace: salesPerRace,
      // Two currencies cannot be added up: the top races are those with the most paid orders.
      topRaces: salesPerRace.filter((r) => r.orders > 0).slice(0, 5),
      views: salesPerRace.reduce((sum, r) => sum + r.views, 0),
      partners,
    },
    untagged,
  };
}
