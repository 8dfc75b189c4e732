/**
 * Sale and pre-purchase states (SPEC §4, `id_estado`) and the only moves
 * between them. Pure: the server enforces it, the pages read the labels' keys.
 */
export const STATE = {
  pending: 1,
  paid: 2,
  closed: 3,
  cancelled: 4,
  refunded: 5,
  /** A refund the old system could not label; shown without a badge. */
  refundedUnlabeled: 6,
} as const;

export type StateId = (typeof STATE)[keyof typeof STATE];
export type StateName = keyof typeof STATE;

export const STATE_NAMES: Record<StateId, StateName> = {
  1: "pending",
  2: "paid",
  3: "closed",
  4: "cancelled",
  5: "refunded",
  6: "refundedUnlabeled",
};

/**
 * Allowed transitions of a sale. A cancelled sale may still become paid: a
 * payment the provider approves late must never be lost.
 */
const SALE_MOVES: Record<StateId, readonly StateId[]> = {
  1: [2, 4],
  2: [3, 5, 6],
  3: [5, 6],
  4: [2],
  5: [],
  6: [],
};

/**
 * Pre-purchases never reach a refunded state: a refunded pre-payment cancels
 * the pre-purchase instead. Closed means its sale exists.
 */
const PREORDER_MOVES: Record<StateId, readonly StateId[]> = {
  1: [2, 4],
  2: [3, 4],
  3: [],
  4: [2],
  5: [],
  6: [],
};

export type Kind = "sale" | "preorder";

export function isStateId(value: unknown): value is StateId {
  return typeof value === "number" && value >= 1 && value <= 6 && Number.isInteger(value);
}

export function canMove(kind: Kind, from: StateId, to: StateId): boolean {
  return (kind === "sale" ? SALE_MOVES : PREORDER_MOVES)[from].includes(to);
}

/** A sale of free photos only cost nothing: there is nothing to give back. */
export const hasNothingToRefund = (total: number): boolean => total === 0;

/** The states an operator may move a sale to by hand: a refund only of a sale that cost something. */
export function manualMovesOf(state: StateId, total: number): ("paid" | "refunded" | "cancelled")[] {
  return (["paid", "refunded", "cancelled"] as const).filter((to) => canMove("sale", state, STATE[to]) && !(to === "refunded" && hasNothingToRefund(total)));
}

/** Paid sales (received or closed) may download their photos. */
export function isPaidState(state: number): boolean {
  return state === STATE.paid || state === STATE.closed;
}

/** State 6 shows no label (SPEC §4). */
export function hasLabel(state: number): boolean {
  return isStateId(state) && state !== STATE.refundedUnlabeled;
}
