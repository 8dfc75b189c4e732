import type { ReactNode } from "react";
import { Link } from "react-router";
import { pageWindow } from "../domain/pagination.ts";
import { fill } from "../i18n/messages/index.ts";
import { useMessages } from "../i18n/use-messages.ts";
import { ChevronIcon, DoubleChevronIcon } from "./icons.tsx";

/**
 * First, previous, the numbered window of SPEC §9, next and last — all real
 * links. On phones only the arrows show, with "page of pages" between them.
 */
export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  const m = useMessages();
  if (pages <= 1) return null;
  const arrow = (target: number, label: string, icon: ReactNode, testId: string) =>
    target === page || target < 1 || target > pages ? (
      <span className="flex h-11 w-11 items-center justify-center rounded-xl text-slate-300" aria-hidden="true">
        {icon}
      </span>
    ) : (
      <Link
        to={hrefFor(target)}
        aria-label={label}
        title={label}
        className="flex h-11 w-11 items-center justify-center rounded-xl bg-white ring-1 ring-slate-200 hover:ring-ink"
        data-testid={testId}
      >
        {icon}
      </Link>
    );
  return (
    <nav aria-label={m.pager.label} className="mt-10 flex items-center justify-center gap-1.5" data-testid="pagination">
      {arrow(1, m.pager.first, <DoubleChevronIcon direction="left" />, "page-first")}
      {arrow(page - 1, m.pager.previous, <ChevronIcon direction="left" />, "page-previous")}
      <span className="px-3 text-sm font-semibold text-slate-600 sm:hidden">{fill(m.lightbox.position, { index: page, total: pages })}</span>
      <ul className="hidden items-center gap-1.5 sm:flex">
        {pageWindow(page, pages).map((p) => (
          <li key={p}>
            <Link
              to={hrefFor(p)}
              aria-label={fill(m.pager.page, { n: p })}
              aria-current={p === page ? "page" : undefined}
              className={`flex h-11 min-w-11 items-center justify-center rounded-xl px-3 text-sm font-bold tabular-nums ${
                p === page ? "bg-ink text-white" : "bg-white ring-1 ring-slate-200 hover:ring-ink"
              }`}
            >
              {p}
            </Link>
          </li>
        ))}
      </ul>
      {arrow(page + 1, m.pager.next, <ChevronIcon direction="right" />, "page-next")}
      {arrow(pages, m.pager.last, <DoubleChevronIcon direction="right" />, "page-last")}
    </nav>
  );
}
