import { isRouteErrorResponse, Outlet, useMatches, useRouteError, useRouteLoaderData } from "react-router";
import { operatorContext } from "../../admin/operator-context.ts";
import { adminFrame } from "../../admin/use-admin.ts";
import { AdminShell } from "../../components/admin/admin-shell.tsx";
import { adminSession } from "../../middleware/admin-session.ts";
import { adminHref } from "../../i18n/admin-href.ts";
import { useLang } from "../../i18n/use-messages.ts";
import type { Route } from "./+types/layout";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";

export const middleware: Route.MiddlewareFunction[] = [adminSession];

export function loader({ context }: Route.LoaderArgs) {
  return adminFrame(context.get(operatorContext));
}

// Operators never need search engines, and no page here may be framed or cached.
export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout() {
  // A screen may ask to be shown without the frame (the visitor-eyed race preview).
  const bare = useMatches().some((match) => (match.handle as { bare?: boolean } | undefined)?.bare);
  return bare ? (
    <Outlet />
  ) : (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

/** Refusals (403, 404, an expired CSRF token) are explained in place; the text comes localized from the server. */
export function ErrorBoundary() {
  const error = useRouteError();
  const m = useAdminMessages();
  const lang = useLang();
  const inShell = Boolean(useRouteLoaderData("admin-layout"));
  const text = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data
      ? error.data
      : error.status === 404
        ? m.errors.notFound
        : error.status === 403
          ? m.errors.forbidden
          : m.errors.generic
    : m.errors.generic;
  const content = (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${text} · ${m.brand}`}</title>
      <h1 className="text-2xl font-black text-ink">{text}</h1>
      <p className="mt-6">
        <a href={adminHref("adminDashboard", lang)} className="font-semibold text-brand-700 underline">
          {m.nav.dashboard}
        </a>
      </p>
    </div>
  );
  // A child's failure keeps the frame; a failure of the session itself shows the message alone.
  return inShell ? <AdminShell>{content}</AdminShell> : <main id="main">{content}</main>;
}
