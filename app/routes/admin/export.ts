import { data } from "react-router";
import { operatorContext } from "../../admin/operator-context.ts";
import { load } from "../../admin/outcome.ts";
import { servicesContext } from "../../context.ts";
import { langFromPath } from "../../i18n/langs.ts";
import { pick } from "../../.server/catalog/index.ts";
import { currentPeriod, listFilterSchema, orderFilterSchema, toCsv } from "../../.server/admin/index.ts";
import type { Route } from "./+types/export";
import { dbId } from "../../domain/fields.ts";
import { ADMIN_MESSAGES } from "../../i18n/messages/admin/index.ts";

const units = (minor: number) => (minor / 100).toFixed(2);

/** CSV of a back-office list with the same filters as on screen; headers in the page's language. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const query = Object.fromEntries(url.searchParams);
  const { admin } = context.get(servicesContext);
  const op = context.get(operatorContext);
  const header = ADMIN_MESSAGES[lang].csv;
  const csv = await load(lang, async () => {
    switch (params.list) {
      case "orders": {
        const rows = await admin.sales.csv(op, orderFilterSchema.parse(query));
        return toCsv(
          header.orders,
          rows.map((r) => [
            r.publicId,
            r.createdAt,
            r.paidAt,
            r.state,
            r.kind,
            pick(r.raceName as { es: string } | null, lang),
            r.email,
            r.firstName,
            r.lastName,
            r.photos,
            r.currency,
            units(r.subtotal),
            units(r.total),
            r.provider,
          ]),
        );
      }
      case "preorders": {
        const rows = await admin.inbox.preordersCsv(op, listFilterSchema.parse(query));
        return toCsv(
          header.preorders,
          rows.map((r) => [
            r.publicId,
            r.createdAt,
            r.paidAt,
            r.state,
            pick(r.raceName, lang),
            r.dni,
            r.distance,
            r.email,
            r.firstName,
            r.lastName,
            r.currency,
            units(r.total),
            r.orderPublicId,
          ]),
        );
      }
      case "signups": {
        const rows = await admin.inbox.signupsCsv(op, listFilterSchema.parse(query));
        return toCsv(
          header.signups,
          rows.map((r) => [r.createdAt, pick(r.raceName, lang), r.firstName, r.lastName, r.email, r.category, r.bib, r.photosSeen, r.lang, r.notifiedAt]),
        );
      }
      case "messages": {
        const rows = await admin.inbox.messagesCsv(op, listFilterSchema.parse(query));
        return toCsv(
          header.messages,
          rows.map((r) => [r.createdAt, r.name, r.email, r.phone, r.message, r.lang, r.replies]),
        );
      }
      case "earnings": {
        // A partner's own statement, or (admins) anyone's by ?partner=.
        const partner = dbId.optional().catch(undefined).parse(query.partner);
        const rows = await admin.partners.statementCsv(op, partner);
        return toCsv(
          header.earnings,
          rows.map((r) => [r.period, pick(r.name, lang), r.sold, r.downloads, units(r.ars), units(r.usd)]),
        );
      }
      case "payouts": {
        // This month unless another is asked for, as on the earnings screen.
        const month = typeof query.month === "string" && query.month ? query.month : currentPeriod();
        const rows = await admin.partners.payoutFile(op, month);
        return toCsv(
          header.payouts,
          rows.map((r) => [
            r.period,
            r.name,
            r.email,
            ADMIN_MESSAGES[lang].roles[r.role as "photographer"] ?? r.role,
            r.payoutDetails,
            r.currency,
            units(r.amount),
          ]),
        );
      }
      default:
        throw data(null, { status: 404 });
    }
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${params.list}-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
