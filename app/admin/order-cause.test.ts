import { describe, expect, it } from "vitest";
import { causeText } from "./order-cause.ts";

describe("order history causes", () => {
  it("words each cause's record in the operator's language", () => {
    expect(causeText("es", { code: "manual", move: "refunded", by: "ana@dorsal.test", reason: "el corredor lo pidió" })).toBe(
      "Devuelta a mano por ana@dorsal.test: el corredor lo pidió",
    );
    expect(causeText("en", { code: "payment", provider: "demo", paymentId: "Kx9", status: "approved" })).toBe("demo payment Kx9: Approved");
    expect(causeText("br", { code: "checkout" })).toBe("Compra na loja");
    expect(causeText("en", { code: "paidByPreorder", preorder: "AbC123" })).toBe("Paid by pre-order AbC123");
    expect(causeText("br", { code: "sale", order: "Zq81" })).toBe("Fechada pela venda Zq81");
    expect(causeText("es", { code: "legacy", text: "something old" })).toBe("something old");
  });
});
