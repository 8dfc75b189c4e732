import { useAdminMessages } from "../../i18n/messages/admin/index.ts";

const STYLES: Record<number, string> = {
  1: "bg-amber-100 text-amber-900",
  2: "bg-sky-100 text-sky-900",
  3: "bg-emerald-100 text-emerald-900",
  4: "bg-slate-200 text-slate-700",
  5: "bg-red-100 text-red-800",
  6: "bg-red-100 text-red-800",
};

/** A sale's or pre-purchase's state (SPEC §4) as a coloured label. */
export function OrderStateBadge({ state }: { state: number }) {
  const m = useAdminMessages();
  const label = (m.orders.states as Record<string, string>)[String(state)] ?? String(state);
  return <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STYLES[state] ?? ""}`}>{label}</span>;
}
