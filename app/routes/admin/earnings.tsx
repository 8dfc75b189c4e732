import { useMemo } from "react";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { formatPeriod, formatWhen, shiftPeriod } from "../../admin/format.ts";
import { operatorContext } from "../../admin/operator-context.ts";
import { attempt, formFields, load } from "../../admin/outcome.ts";
import { useAdmin } from "../../admin/use-admin.ts";
import { PageHeader } from "../../components/admin/admin-shell.tsx";
import { Chart } from "../../components/admin/chart.tsx";
import { Kpi, Panel } from "../../components/admin/panel.tsx";
import { CsrfField } from "../../components/admin/csrf-field.tsx";
import { buttonClass, inputClass, secondaryButtonClass } from "../../components/admin/fields.tsx";
import { cellClass, Table } from "../../components/admin/list-tools.tsx";
import { Notice } from "../../components/admin/notice.tsx";
import { servicesContext } from "../../context.ts";
import { formatCents, type Currency } from "../../domain/money.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang } from "../../i18n/use-messages.ts";
import { currentPeriod, PERIOD } from "../../.server/admin/index.ts";
import { shopPath } from "../../.server/web/index.ts";
import { dbId } from "../../domain/fields.ts";
import type { Route } from "./+types/earnings";
import { ADMIN_MESSAGES, useAdminMessages, type AdminMessages } from "../../i18n/messages/admin/index.ts";

const CHART_MONTHS = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const op = context.get(operatorContext);
  const { partners } = context.get(servicesContext).admin;
  const partner = dbId
    .optional()
    .catch(undefined)
    .parse(url.searchParams.get("partner") ?? undefined);
  const asked = url.searchParams.get("month") ?? "";
  const month = PERIOD.test(asked) ? asked : currentPeriod();
  const notice = url.searchParams.get("notice") === "paid" ? "paid" : null;
  if (op.role === "admin" && partner === undefined) {
    return { kind: "overview" as const, notice, thisMonth: currentPeriod(), ...(await load(lang, () => partners.overview(op, month))) };
  }
  return { kind: "statement" as const, notice, thisMonth: currentPeriod(), ...(await load(lang, () => partners.statement(op, partner))) };
}

const markPaidForm = z.object({ partnerId: dbId, period: z.string().regex(PERIOD), reference: z.string(), back: z.string().startsWith("/") });

/** Marks a partner's month paid (admins); answers where the form came from, with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const m = ADMIN_MESSAGES[lang];
  const parsed = markPaidForm.safeParse(formFields(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: m.errors.invalid }, { status: 400 });
  const { back, ...input } = parsed.data;
  const done = await attempt(lang, () => context.get(servicesContext).admin.partners.markPaid(context.get(operatorContext), input));
  if (!done.ok) return done.response;
  throw redirect(shopPath(back, { notice: "paid" }) ?? adminHref("adminEarnings", lang, {}, { notice: "paid" }));
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const m = ADMIN_MESSAGES[langFromPath(location.pathname)];
  const title =
    loaderData?.kind === "statement" ? fill(m.earnings.partnerTitle, { name: loaderData.partner.name || loaderData.partner.email }) : m.earnings.title;
  return [{ title: `${title} · ${m.brand}` }];
};

export default function Earnings({ loaderData, actionData }: Route.ComponentProps) {
  const m = useAdminMessages();
  return (
    <>
      {loaderData.notice === "paid" && <Notice kind="ok">{m.earnings.paidNotice}</Notice>}
      {actionData && !actionData.ok && <Notice kind="error">{actionData.error}</Notice>}
      {loaderData.kind === "overview" ? <Overview data={loaderData} /> : <Statement data={loaderData} />}
    </>
  );
}

type Data = Route.ComponentProps["loaderData"];
type OverviewData = Extract<Data, { kind: "overview" }>;
type StatementData = Extract<Data, { kind: "statement" }>;
type PaidCell = Partial<Record<Currency, { amount: number; reference: string; paidAt: Date | string }>>;

/** Every partner's month (admins): who earned what, what is paid, the payout file. */
function Overview({ data }: { data: OverviewData }) {
  const m = useAdminMessages();
  const e = m.earnings;
  const lang = useLang();
  const { period, partners, shop } = data;
  const monthHref = (month: string) => adminHref("adminEarnings", lang, {}, { month });
  return (
    <>
      <PageHeader title={e.title}>
        <Link to={adminHref("adminShares", lang)} className={secondaryButtonClass}>
          {e.sharesLink}
        </Link>
        <a href={adminHref("adminExport", lang, { list: "payouts" }, { month: period })} className={secondaryButtonClass} download data-testid="payout-file">
          ⤓ {e.payoutFile}
        </a>
      </PageHeader>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{e.overviewIntro}</p>
      <nav className="mb-4 flex flex-wrap items-center gap-2" aria-label={e.month}>
        <Link to={monthHref(shiftPeriod(period, -1))} className={secondaryButtonClass} rel="prev">
          ← {formatPeriod(shiftPeriod(period, -1), lang)}
        </Link>
        <h2 className="px-2 text-lg font-bold text-ink" data-testid="period">
          {formatPeriod(period, lang)}
        </h2>
        {period < data.thisMonth && (
          <Link to={monthHref(shiftPeriod(period, 1))} className={secondaryButtonClass} rel="next">
            {formatPeriod(shiftPeriod(period, 1), lang)} →
          </Link>
        )}
      </nav>
      <Table head={[e.partner, "AR$", "USD", e.paid]} testId="partners-month" compact>
        {partners.map((p) => (
          <tr key={p.partnerId}>
            <td className={cellClass}>
              <Link to={adminHref("adminEarnings", lang, {}, { partner: p.partnerId })} className="font-semibold text-brand-700 underline">
                {p.name || p.email}
              </Link>
              <span className="block text-xs text-slate-600">{m.roles[p.role as keyof AdminMessages["roles"]] ?? p.role}</span>
              <Counts sold={p.sold} downloads={p.downloads} />
              {p.payoutDetails && <span className="block max-w-xs truncate text-xs text-slate-500">{p.payoutDetails}</span>}
            </td>
            <td className={`${cellClass} tabular-nums`}>{formatCents(p.ars, "ARS")}</td>
            <td className={`${cellClass} tabular-nums`}>{formatCents(p.usd, "USD")}</td>
            <td className={cellClass}>
              <PaidStatus partnerId={p.partnerId} period={period} ars={p.ars} usd={p.usd} paid={p.paid} />
            </td>
          </tr>
        ))}
        <tr className="bg-slate-50 font-semibold">
          <td className={cellClass}>{e.shopPart}</td>
          <td className={`${cellClass} tabular-nums`}>{formatCents(shop.ars, "ARS")}</td>
          <td className={`${cellClass} tabular-nums`}>{formatCents(shop.usd, "USD")}</td>
          <td className={cellClass} />
        </tr>
      </Table>
    </>
  );
}

/** One partner's statement: what they earned by month and race, what was paid. */
function Statement({ data }: { data: StatementData }) {
  const m = useAdminMessages();
  const e = m.earnings;
  const lang = useLang();
  const { operator } = useAdmin();
  const { partner, months, races, total, due } = data;
  const own = operator.id === partner.id;
  const chartMonths = useMemo(() => {
    const list: string[] = [];
    for (let i = CHART_MONTHS - 1; i >= 0; i--) list.push(shiftPeriod(data.thisMonth, -i));
    return list;
  }, [data.thisMonth]);
  const series = useMemo(() => {
    const byPeriod = new Map(months.map((row) => [row.period, row]));
    return [
      { label: "AR$", values: chartMonths.map((p) => (byPeriod.get(p)?.ars ?? 0) / 100), color: "#14213d" },
      { label: "USD", values: chartMonths.map((p) => (byPeriod.get(p)?.usd ?? 0) / 100), color: "#10b981", axis: "right" as const },
    ];
  }, [months, chartMonths]);
  return (
    <>
      <PageHeader title={own ? e.myTitle : fill(e.partnerTitle, { name: partner.name || partner.email })}>
        {operator.role === "admin" && (
          <Link to={adminHref("adminEarnings", lang)} className={secondaryButtonClass}>
            ← {e.allPartners}
          </Link>
        )}
        <a
          href={adminHref("adminExport", lang, { list: "earnings" }, own ? {} : { partner: partner.id })}
          className={secondaryButtonClass}
          download
          data-testid="statement-csv"
        >
          ⤓ {m.common.exportCsv}
        </a>
      </PageHeader>
      <p className="mb-4 text-sm text-slate-600">
        <span className="font-semibold text-ink">{partner.name || partner.email}</span> · {m.roles[partner.role]}
        {partner.payoutDetails && (
          <>
            {" "}
            · {e.payTo}: <span className="font-mono">{partner.payoutDetails}</span>
          </>
        )}
      </p>
      <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-6" data-testid="earnings-kpis">
        <Kpi label={`${e.earned} AR$`} value={formatCents(total.ars, "ARS")} testId="earned-ars" />
        <Kpi label={`${e.earned} USD`} value={formatCents(total.usd, "USD")} testId="earned-usd" />
        <Kpi label={`${e.due} AR$`} value={formatCents(due.ars, "ARS")} testId="due-ars" />
        <Kpi label={`${e.due} USD`} value={formatCents(due.usd, "USD")} testId="due-usd" />
        <Kpi label={e.sold} value={String(total.sold)} testId="sold" />
        <Kpi label={e.downloads} value={String(total.downloads)} testId="downloads" />
      </dl>
      {months.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200" data-testid="no-earnings">
          {e.none}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <Panel title={e.perMonth}>
            <Chart
              kind="bar"
              labels={chartMonths.map((p) => formatPeriod(p, lang, true))}
              series={series}
              title={fill(m.dashboard.chartLabel, { title: e.perMonth })}
            />
          </Panel>
          <Panel title={e.perRace}>
            <Table head={[m.common.race, "AR$", "USD"]} testId="earnings-per-race" compact>
              {races.map((r) => (
                <tr key={r.raceId}>
                  <td className={cellClass}>
                    {r.name[lang] || r.name.es}
                    <Counts sold={r.sold} downloads={r.downloads} />
                  </td>
                  <td className={`${cellClass} tabular-nums`}>{formatCents(r.ars, "ARS")}</td>
                  <td className={`${cellClass} tabular-nums`}>{formatCents(r.usd, "USD")}</td>
                </tr>
              ))}
            </Table>
          </Panel>
          <div className="min-w-0 xl:col-span-2">
            <Panel title={e.months}>
              <Table head={[e.month, "AR$", "USD", e.paid]} testId="earnings-per-month" compact>
                {months.map((row) => (
                  <tr key={row.period}>
                    <td className={cellClass}>
                      {formatPeriod(row.period, lang)}
                      <Counts sold={row.sold} downloads={row.downloads} />
                    </td>
                    <td className={`${cellClass} tabular-nums`}>{formatCents(row.ars, "ARS")}</td>
                    <td className={`${cellClass} tabular-nums`}>{formatCents(row.usd, "USD")}</td>
                    <td className={cellClass}>
                      <PaidStatus partnerId={partner.id} period={row.period} ars={row.ars} usd={row.usd} paid={row.paid} />
                    </td>
                  </tr>
                ))}
              </Table>
            </Panel>
          </div>
        </div>
      )}
    </>
  );
}

/** "2 sold · 1 free download" under a row's name. */
function Counts({ sold, downloads }: { sold: number; downloads: number }) {
  const lang = useLang();
  return <span className="block text-xs tabular-nums text-slate-500">{fill(useAdminMessages().earnings.counts, { sold, downloads }, lang)}</span>;
}

/** What was paid of a month, per currency; an admin marks the rest paid with the transfer's reference. */
function PaidStatus({ partnerId, period, ars, usd, paid }: { partnerId: number; period: string; ars: number; usd: number; paid: PaidCell }) {
  const m = useAdminMessages();
  const e = m.earnings;
  const lang = useLang();
  const isAdmin = useAdmin().operator.role === "admin";
  const owed = ([["ARS", ars] as const, ["USD", usd] as const] as const).filter(([currency, amount]) => amount > 0 && !paid[currency]);
  const done = Object.entries(paid) as [Currency, NonNullable<PaidCell[Currency]>][];
  return (
    <div className="space-y-1 text-xs" data-testid="paid-status">
      {done.map(([currency, p]) => (
        <p key={currency} className="text-emerald-800">
          ✓ {fill(e.paidWith, { amount: formatCents(p.amount, currency), reference: p.reference, when: formatWhen(new Date(p.paidAt), lang) })}
        </p>
      ))}
      {owed.length > 0 && !isAdmin && <p className="text-amber-700">{e.pending}</p>}
      {owed.length > 0 && isAdmin && <MarkPaid partnerId={partnerId} period={period} />}
      {owed.length === 0 && done.length === 0 && <p className="text-slate-400">—</p>}
    </div>
  );
}

/** An admin's form to mark what is owed of a month paid, with the transfer's reference. */
function MarkPaid({ partnerId, period }: { partnerId: number; period: string }) {
  const e = useAdminMessages().earnings;
  const lang = useLang();
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  // Back to the page the form is on, without an earlier notice.
  const back = location.pathname + location.search.replace(/([?&])notice=[^&]*/g, "$1");
  return (
    <Form method="post" action={adminHref("adminEarnings", lang)} className="flex flex-wrap items-center gap-1">
      <CsrfField />
      <input type="hidden" name="partnerId" value={partnerId} />
      <input type="hidden" name="period" value={period} />
      <input type="hidden" name="back" value={back} />
      <input name="reference" required maxLength={120} placeholder={e.reference} aria-label={e.reference} className={`${inputClass} mt-0 w-28 py-1 text-xs`} />
      <button type="submit" className={`${buttonClass} px-2 py-1 text-xs`} disabled={busy} data-testid="mark-paid">
        {e.markPaid}
      </button>
    </Form>
  );
}
