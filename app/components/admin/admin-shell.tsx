import type { ReactNode } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { useAdmin } from "../../admin/use-admin.ts";
import { adminHref, translateAdminPath } from "../../i18n/admin-href.ts";
import type { AdminScreen } from "../../i18n/admin-paths.ts";
import { href } from "../../i18n/href.ts";
import { LANGS } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { useLang, useMessages } from "../../i18n/use-messages.ts";
import { LogoMark } from "../logo.tsx";
import { CsrfField } from "./csrf-field.tsx";
import { useAdminMessages, type AdminMessages } from "../../i18n/messages/admin/index.ts";
import type { Role } from "../../.server/staff/index.ts";

type Item = { screen: AdminScreen; label: (m: AdminMessages["nav"]) => string; roles: readonly Role[] };

const EVERYONE: readonly Role[] = ["admin", "photographer", "organizer"];
const ADMINS: readonly Role[] = ["admin"];

/** An organiser sees only their statement and account; photographers also their races. */
const ITEMS: Item[] = [
  { screen: "adminDashboard", label: (n) => n.dashboard, roles: ["admin", "photographer"] },
  { screen: "adminRaces", label: (n) => n.races, roles: ["admin", "photographer"] },
  { screen: "adminOrders", label: (n) => n.orders, roles: ADMINS },
  { screen: "adminPreorders", label: (n) => n.preorders, roles: ADMINS },
  { screen: "adminEarnings", label: (n) => n.earnings, roles: EVERYONE },
  { screen: "adminSignups", label: (n) => n.signups, roles: ADMINS },
  { screen: "adminMessages", label: (n) => n.messages, roles: ADMINS },
  { screen: "adminSettings", label: (n) => n.settings, roles: ADMINS },
  { screen: "adminOperators", label: (n) => n.operators, roles: ADMINS },
  { screen: "adminAudit", label: (n) => n.audit, roles: ADMINS },
  { screen: "adminAccount", label: (n) => n.account, roles: EVERYONE },
];

/** The back office's frame: top bar with operator and language, section navigation, content. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { operator } = useAdmin();
  const lang = useLang();
  const m = useAdminMessages();
  const location = useLocation();
  const items = ITEMS.filter((item) => item.roles.includes(operator.role));
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="sticky top-0 z-40 bg-ink text-white">
        <div className="flex h-14 items-center gap-3 px-4">
          <a href={adminHref("adminDashboard", lang)} className="mr-auto flex min-w-0 items-center gap-2 font-black tracking-tight">
            <LogoMark className="h-7 w-7 shrink-0" />
            <span className="truncate text-sm sm:text-base">{m.brand}</span>
          </a>
          <nav aria-label={useMessages().nav.language} className="flex gap-1 text-xs">
            {LANGS.map((target) => (
              <a
                key={target}
                href={translateAdminPath(location.pathname + location.search, target)}
                hrefLang={target === "br" ? "pt-BR" : target}
                aria-current={target === lang ? "true" : undefined}
                className={`rounded px-2 py-1 font-semibold ${target === lang ? "bg-white/20" : "hover:bg-white/10"}`}
              >
                {target.toUpperCase()}
              </a>
            ))}
          </nav>
          <span className="hidden text-xs text-slate-300 md:inline" title={m.roles[operator.role]}>
            {fill(m.nav.signedInAs, { email: operator.email })}
          </span>
          <Form method="post" action={adminHref("adminLogout", lang)}>
            <CsrfField />
            <button type="submit" className="whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-white/30 hover:bg-white/10">
              {m.nav.logout}
            </button>
          </Form>
        </div>
      </header>
      <div className="md:flex">
        <nav
          aria-label={m.nav.label}
          className="border-b border-slate-200 bg-white md:min-h-[calc(100vh-3.5rem)] md:w-56 md:shrink-0 md:border-b-0 md:border-r"
        >
          <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col md:overflow-visible">
            {items.map((item) => (
              <li key={item.screen} className="shrink-0">
                <NavLink
                  to={adminHref(item.screen, lang)}
                  end={item.screen === "adminDashboard"}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
                  }
                >
                  {item.label(m.nav)}
                </NavLink>
              </li>
            ))}
            <li className="shrink-0 md:mt-4 md:border-t md:border-slate-200 md:pt-4">
              <a href={href("home", lang)} className="block rounded-lg px-3 py-2 text-sm text-slate-500 hover:bg-slate-100">
                {m.nav.viewShop} ↗
              </a>
            </li>
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/** A page title with optional actions on the right. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      <h1 className="mr-auto text-2xl font-black text-ink">{title}</h1>
      {children}
    </div>
  );
}
