import { describe, expect, it } from "vitest";
import { causeText } from "./order-cause.ts";

describe("order history causes", () => {
  it("reads the orders module's records in each language and keeps unknown ones as written", () => {
    expect(causeText("es", "manual refunded by ana@dorsal.test: el corredor lo pidió")).toBe("Devuelta a mano por ana@dorsal.test: el corredor lo pidió");
    expect(causeText("en", "demo payment Kx9 approved")).toBe("demo payment Kx9: Approved");
    expect(causeText("br", "checkout")).toBe("Compra na loja");
    expect(causeText("en", "paid by pre-order AbC123")).toBe("Paid by pre-order AbC123");
    expect(causeText("es", "something new")).toBe("something new");
  });
});
