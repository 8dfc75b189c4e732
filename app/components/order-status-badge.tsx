import { hasLabel, STATE_NAMES, type StateId } from "../domain/order-states.ts";
import { useMessages } from "../i18n/use-messages.ts";

const TONES: Record<StateId, string> = {
  1: "bg-amber-100 text-amber-900 ring-amber-300",
  2: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  3: "bg-sky-100 text-sky-900 ring-sky-300",
  4: "bg-slate-200 text-slate-800 ring-slate-300",
  5: "bg-red-100 text-red-900 ring-red-300",
  6: "",
};

/** SPEC §4's status badge in the page's language; state 6 shows nothing. */
export function OrderStatusBadge({ state }: { state: number }) {
  const m = useMessages();
  if (!hasLabel(state)) return null;
  const id = state as Exclude<StateId, 6>;
  const name = STATE_NAMES[id] as Exclude<(typeof STATE_NAMES)[StateId], "refundedUnlabeled">;
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-xs font-black tracking-wider ring-1 ${TONES[id]}`} data-testid="status-badge" data-state={state}>
      {m.orderStates[name]}
    </span>
  );
}
