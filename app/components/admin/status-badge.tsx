import { useAdminMessages } from "../../i18n/messages/admin/index.ts";

const STYLES: Record<string, string> = {
  draft: "bg-slate-100 text-slate-700",
  preparing: "bg-amber-100 text-amber-900",
  published: "bg-emerald-100 text-emerald-900",
  archived: "bg-slate-200 text-slate-600",
};

/** A race's status as a small coloured label. */
export function StatusBadge({ status }: { status: "draft" | "preparing" | "published" | "archived" }) {
  const m = useAdminMessages();
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STYLES[status]}`}>{m.statuses[status]}</span>;
}
