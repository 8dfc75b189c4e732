import { describe, expect, it } from "vitest";
import { createScratch } from "./scratch.ts";

describe("the models' scratch inputs", () => {
  it("lends back a buffer given back, at the length asked", () => {
    const scratch = createScratch();
    const first = scratch.borrow(1440 * 960 * 3);
    expect(first.length).toBe(1440 * 960 * 3);
    scratch.giveBack(first);
    const again = scratch.borrow(960 * 1440 * 3);
    expect(again.buffer).toBe(first.buffer);
    // A window of another size within the same capacity shares it too.
    scratch.giveBack(again);
    expect(scratch.borrow(1440 * 960 * 3 - 32 * 3).buffer).toBe(first.buffer);
  });

  it("never lends one buffer to two runs at once", () => {
    const scratch = createScratch();
    const a = scratch.borrow(300_000);
    const b = scratch.borrow(300_000);
    expect(b.buffer).not.toBe(a.buffer);
    scratch.giveBack(a);
    scratch.giveBack(a);
    const c = scratch.borrow(300_000);
    const d = scratch.borrow(300_000);
    expect(c.buffer).toBe(a.buffer);
    expect(d.buffer).not.toBe(a.buffer);
  });

  it("keeps a few buffers of a size, and none of small arrays or views it did not lend", () => {
    const scratch = createScratch();
    const lent = [1, 2, 3, 4].map(() => scratch.borrow(200_000));
    for (const array of lent) scratch.giveBack(array);
    const again = [1, 2, 3, 4].map(() => scratch.borrow(200_000).buffer);
    expect(again.filter((buffer) => lent.some((array) => array.buffer === buffer))).toHaveLength(2);

    const small = scratch.borrow(100);
    scratch.giveBack(small);
    expect(scratch.borrow(100).buffer).not.toBe(small.buffer);
    const view = new Float32Array(new ArrayBuffer(4 * 400_000), 4 * 1000, 200_000);
    scratch.giveBack(view);
    expect(scratch.borrow(200_000).buffer).not.toBe(view.buffer);
  });
});
