import { useMemo } from "react";
import { Link, redirect } from "react-router";
import { operatorContext } from "../../admin/operator-context.ts";
import { load } from "../../admin/outcome.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { Chart } from "../../components/admin/chart.tsx";
import { Kpi, Panel } from "../../components/admin/panel.tsx";
import { cellClass, Table } from "../../components/admin/list-tools.tsx";
import { servicesContext } from "../../context.ts";
import { formatCents, formatMoney } from "../../domain/money.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/dashboard";
import { ADMIN_MESSAGES, useAdminMessages } from "../../i18n/messages/admin/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const op = context.get(operatorContext);
  // An organiser's back office is their statement.
  if (op.role === "organizer") throw redirect(adminHref("adminEarnings", lang));
  return load(lang, () => context.get(servicesContext).admin.dashboard(op));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  return [{ title: `${m.dashboard.title} · ${m.brand}` }];
};

const percent = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : "—");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { sales, untagged } = loaderData;
  const m = useAdminMessages();
  const d = m.dashboard;
  const lang = useLang();
  const days = useMemo(() => sales?.perDay.map((p) => p.day.slice(5)) ?? [], [sales]);
  const orderSeries = useMemo(() => [{ label: d.paidOrders, values: sales?.perDay.map((p) => p.orders) ?? [], color: "#f26419" }], [sales, d.paidOrders]);
  const revenueSeries = useMemo(
    () => [
      { label: "AR$", values: sales?.perDay.map((p) => p.ars / 100) ?? [], color: "#14213d" },
      { label: "USD", values: sales?.perDay.map((p) => p.usd / 100) ?? [], color: "#10b981", axis: "right" as const },
    ],
    [sales],
  );
  const untaggedList = (
    <Panel title={d.untagged}>
      {untagged.length === 0 ? (
        <p className="text-sm text-emerald-700">{d.untaggedNone}</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="untagged-list">
          {untagged.map((r) => (
            <li key={r.raceId} className="flex items-center gap-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate">{r.name[lang] || r.name.es}</span>
              <span className="tabular-nums font-bold text-amber-700">{r.untagged}</span>
              <Link to={adminHref("adminRaceTagging", lang, { raceId: r.raceId }, { filter: "untagged" })} className="font-semibold text-brand-700 underline">
                {d.tagNow}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );

  if (!sales) {
    return (
      <>
        <PageHeader title={d.title} />
        <p className="mb-6 text-slate-600">
          {d.photographerIntro}{" "}
          <Link to={adminHref("adminRaces", lang)} className="font-semibold text-brand-700 underline">
            {m.nav.races} →
          </Link>
        </p>
        {untaggedList}
      </>
    );
  }

  const views = sales.views;
  return (
    <>
      <PageHeader title={d.title}>
        <span className="text-sm text-slate-500">{d.period}</span>
      </PageHeader>
      <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="kpis">
        <Kpi label={`${d.revenue} AR$`} value={formatMoney(sales.revenue.ARS, "ARS")} />
        <Kpi label={`${d.revenue} USD`} value={formatMoney(sales.revenue.USD, "USD")} />
        <Kpi label={d.paidOrders} value={String(sales.orders)} />
        <Kpi label={d.views} value={String(views)} />
        <Kpi label={d.rate} value={percent(sales.orders, views)} />
      </dl>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Panel title={d.ordersPerDay}>
          <Chart kind="bar" labels={days} series={orderSeries} title={fill(d.chartLabel, { title: d.ordersPerDay })} />
        </Panel>
        <Panel title={d.revenuePerDay}>
          <Chart kind="line" labels={days} series={revenueSeries} title={fill(d.chartLabel, { title: d.revenuePerDay })} />
        </Panel>
        <div className="min-w-0 xl:col-span-2">
          <Panel title={`${d.salesPerRace} · ${d.conversion}`}>
            {sales.perRace.length === 0 ? (
              <p className="text-sm text-slate-500">{d.noSales}</p>
            ) : (
              <Table head={[m.common.race, d.views, d.paidOrders, d.rate, "AR$", "USD"]} testId="sales-per-race">
                {sales.perRace.map((r) => (
                  <tr key={r.raceId}>
                    <td className={cellClass}>{r.name[lang] || r.name.es}</td>
                    <td className={`${cellClass} tabular-nums`}>{r.views}</td>
                    <td className={`${cellClass} tabular-nums`}>{r.orders}</td>
                    <td className={`${cellClass} tabular-nums`}>{percent(r.orders, r.views)}</td>
                    <td className={`${cellClass} tabular-nums`}>{formatMoney(r.ars, "ARS")}</td>
                    <td className={`${cellClass} tabular-nums`}>{formatMoney(r.usd, "USD")}</td>
                  </tr>
                ))}
              </Table>
            )}
          </Panel>
        </div>
        <div className="min-w-0 xl:col-span-2">
          <Panel title={`${d.byPartner} · ${d.period}`}>
            {sales.partners.partners.length === 0 ? (
              <p className="text-sm text-slate-500">{d.noPartners}</p>
            ) : (
              <Table head={[m.earnings.partner, m.operators.role, m.earnings.sold, m.earnings.downloads, "AR$", "USD"]} testId="earnings-per-partner">
                {sales.partners.partners.map((p) => (
                  <tr key={p.partnerId}>
                    <td className={cellClass}>
                      <Link to={adminHref("adminEarnings", lang, {}, { partner: p.partnerId })} className="font-semibold text-brand-700 underline">
                        {p.name}
                      </Link>
                    </td>
                    <td className={cellClass}>{m.roles[p.role as keyof typeof m.roles] ?? p.role}</td>
                    <td className={`${cellClass} tabular-nums`}>{p.sold}</td>
                    <td className={`${cellClass} tabular-nums`}>{p.downloads}</td>
                    <td className={`${cellClass} tabular-nums`}>{formatCents(p.ars, "ARS")}</td>
                    <td className={`${cellClass} tabular-nums`}>{formatCents(p.usd, "USD")}</td>
                  </tr>
                ))}
                <tr className="bg-slate-50 font-semibold">
                  <td className={cellClass} colSpan={4}>
                    {m.earnings.shopPart}
                  </td>
                  <td className={`${cellClass} tabular-nums`}>{formatCents(sales.partners.shop.ars, "ARS")}</td>
                  <td className={`${cellClass} tabular-nums`}>{formatCents(sales.partners.shop.usd, "USD")}</td>
                </tr>
              </Table>
            )}
          </Panel>
        </div>
        <Panel title={d.topRaces}>
          {sales.topRaces.length === 0 ? (
            <p className="text-sm text-slate-500">{d.noSales}</p>
          ) : (
            <ol className="space-y-2 text-sm">
              {sales.topRaces.map((r, i) => (
                <li key={r.raceId} className="flex items-center gap-3">
                  <span className="flex h-6 w-6 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">{i + 1}</span>
                  <span className="min-w-0 flex-1 truncate">{r.name[lang] || r.name.es}</span>
                  <span className="tabular-nums text-slate-600">
                    {formatMoney(r.ars, "ARS")} · {formatMoney(r.usd, "USD")}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
        {untaggedList}
      </div>
      <details className="mt-6 text-sm">
        <summary className="cursor-pointer font-semibold text-slate-600">
          {d.ordersPerDay} · {d.revenuePerDay}
        </summary>
        <Table head={[m.common.date, d.paidOrders, "AR$", "USD"]}>
          {sales.perDay.map((p) => (
            <tr key={p.day}>
              <td className={cellClass}>{p.day}</td>
              <td className={`${cellClass} tabular-nums`}>{p.orders}</td>
              <td className={`${cellClass} tabular-nums`}>{formatMoney(p.ars, "ARS")}</td>
              <td className={`${cellClass} tabular-nums`}>{formatMoney(p.usd, "USD")}</td>
            </tr>
          ))}
        </Table>
      </details>
    </>
  );
}
