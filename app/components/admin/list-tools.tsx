import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { fill } from "../../i18n/messages/index.ts";
import { buttonClass, inputClass, secondaryButtonClass } from "./fields.tsx";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";

/** A GET form of filters over a list, with search, clear and CSV export (the export keeps the filters). */
export function FilterBar({ children, exportHref, q, searchLabel }: { children?: ReactNode; exportHref?: string; q?: string; searchLabel: string }) {
  const m = useAdminMessages();
  const location = useLocation();
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200" role="search">
      <label className="min-w-56 flex-1 text-xs font-semibold text-slate-600">
        {searchLabel}
        <input type="search" name="q" defaultValue={q ?? ""} className={`${inputClass} mt-0.5 py-1.5`} />
      </label>
      {children}
      <button type="submit" className={buttonClass}>
        {m.common.filter}
      </button>
      <Link to={location.pathname} className={secondaryButtonClass}>
        {m.common.clear}
      </Link>
      {exportHref && (
        <a href={exportHref} className={secondaryButtonClass} data-testid="csv-export" download>
          ⤓ {m.common.exportCsv}
        </a>
      )}
    </Form>
  );
}

/** A small labelled select or date inside a FilterBar. */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child it wraps
    <label className="text-xs font-semibold text-slate-600">
      {label}
      <div className="mt-0.5">{children}</div>
    </label>
  );
}

export const filterInputClass = `${inputClass} py-1.5`;

/** "1–50 of 312" with previous and next links that keep the filters. */
export function Pager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const m = useAdminMessages();
  const location = useLocation();
  const to = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(p));
    return `${location.pathname}?${params}`;
  };
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  return (
    <nav className="mt-4 flex items-center justify-between text-sm text-slate-600" aria-label={m.common.range}>
      <span>{fill(m.common.range, { from, to: Math.min(total, page * pageSize), total })}</span>
      <span className="flex gap-2">
        {page > 1 && (
          <Link to={to(page - 1)} className={secondaryButtonClass}>
            ← {m.common.previous}
          </Link>
        )}
        {page * pageSize < total && (
          <Link to={to(page + 1)} className={secondaryButtonClass}>
            {m.common.next} →
          </Link>
        )}
      </span>
    </nav>
  );
}

/** A horizontally scrollable table shell with the house style. */
export function Table({ head, children, testId, compact = false }: { head: ReactNode[]; children: ReactNode; testId?: string; compact?: boolean }) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className={`w-full text-left text-sm ${compact ? "" : "min-w-[44rem]"}`} data-testid={testId}>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-3 py-2 align-top";
