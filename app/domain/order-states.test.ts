import { describe, expect, it } from "vitest";
import { canMove, hasLabel, isPaidState, manualMovesOf, STATE } from "./order-states.ts";

describe("sale state machine", () => {
  it("allows pending → paid → closed, pending → cancelled and paid or closed → refunded", () => {
    expect(canMove("sale", STATE.pending, STATE.paid)).toBe(true);
    expect(canMove("sale", STATE.paid, STATE.closed)).toBe(true);
    expect(canMove("sale", STATE.pending, STATE.cancelled)).toBe(true);
    expect(canMove("sale", STATE.paid, STATE.refunded)).toBe(true);
    expect(canMove("sale", STATE.closed, STATE.refunded)).toBe(true);
  });

  it("lets a late approved payment revive a cancelled sale", () => {
    expect(canMove("sale", STATE.cancelled, STATE.paid)).toBe(true);
  });

  it("refuses every other move", () => {
    expect(canMove("sale", STATE.pending, STATE.closed)).toBe(false);
    expect(canMove("sale", STATE.pending, STATE.refunded)).toBe(false);
    expect(canMove("sale", STATE.closed, STATE.paid)).toBe(false);
    expect(canMove("sale", STATE.closed, STATE.pending)).toBe(false);
    expect(canMove("sale", STATE.refunded, STATE.paid)).toBe(false);
    expect(canMove("sale", STATE.cancelled, STATE.closed)).toBe(false);
    expect(canMove("sale", STATE.paid, STATE.paid)).toBe(false);
  });

  it("never takes a pre-purchase to a refunded state", () => {
    for (const from of [1, 2, 3, 4, 5, 6] as const) {
      expect(canMove("preorder", from, STATE.refunded)).toBe(false);
      expect(canMove("preorder", from, STATE.refundedUnlabeled)).toBe(false);
    }
    expect(canMove("preorder", STATE.pending, STATE.paid)).toBe(true);
    expect(canMove("preorder", STATE.paid, STATE.closed)).toBe(true);
  });

  it("offers an operator only the moves a sale can make, and no refund of free photos", () => {
    expect(manualMovesOf(STATE.pending, 5000)).toEqual(["paid", "cancelled"]);
    expect(manualMovesOf(STATE.closed, 5000)).toEqual(["refunded"]);
    expect(manualMovesOf(STATE.closed, 0)).toEqual([]);
    expect(manualMovesOf(STATE.refunded, 5000)).toEqual([]);
  });

  it("knows which states are paid and which carry a label", () => {
    expect([1, 2, 3, 4, 5, 6].filter(isPaidState)).toEqual([2, 3]);
    expect(hasLabel(6)).toBe(false);
    expect(hasLabel(5)).toBe(true);
  });
});
