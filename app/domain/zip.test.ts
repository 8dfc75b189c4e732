import { describe, expect, it } from "vitest";
import { STATE } from "./order-states.ts";
import { ZIP_MIN_PHOTOS, zipOffered } from "./zip.ts";

describe("the purchase page's zip", () => {
  it("is offered from ten photos, once paid, while the sale is paid or closed", () => {
    expect(zipOffered({ photos: ZIP_MIN_PHOTOS, paid: true, state: STATE.paid })).toBe(true);
    expect(zipOffered({ photos: 40, paid: true, state: STATE.closed })).toBe(true);
    expect(zipOffered({ photos: ZIP_MIN_PHOTOS - 1, paid: true, state: STATE.closed })).toBe(false);
    expect(zipOffered({ photos: 40, paid: false, state: STATE.pending })).toBe(false);
    expect(zipOffered({ photos: 40, paid: true, state: STATE.refunded })).toBe(false);
  });
});
