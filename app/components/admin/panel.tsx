import type { ReactNode } from "react";

/** A titled white card of the dashboard and the statements. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="mb-3 font-bold text-ink">{title}</h2>
      {children}
    </section>
  );
}

/** One headline figure (inside a `<dl>`). */
export function Kpi({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-xs font-semibold text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-black tabular-nums text-ink sm:text-2xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
