import { describe, expect, it } from "vitest";
import { canSubmitOrder, EMPTY_ORDER_FORM, emailsMatch } from "./order-form.ts";

const filled = { country: "1" as const, firstName: "Ana", lastName: "Pérez", email: "ana@example.com", confirmEmail: "ana@example.com", terms: true };

describe("order form rules", () => {
  it("needs the country, both names, equal e-mails and the terms", () => {
    expect(canSubmitOrder(filled)).toBe(true);
    expect(canSubmitOrder(EMPTY_ORDER_FORM)).toBe(false);
    expect(canSubmitOrder({ ...filled, country: "" })).toBe(false);
    expect(canSubmitOrder({ ...filled, lastName: "  " })).toBe(false);
    expect(canSubmitOrder({ ...filled, terms: false })).toBe(false);
    expect(canSubmitOrder({ ...filled, confirmEmail: "ana@example.co" })).toBe(false);
    expect(canSubmitOrder({ ...filled, email: "ana", confirmEmail: "ana" })).toBe(false);
  });

  it("compares the e-mails exactly, apart from surrounding spaces", () => {
    expect(emailsMatch({ email: "ana@example.com ", confirmEmail: "ana@example.com" })).toBe(true);
    expect(emailsMatch({ email: "Ana@example.com", confirmEmail: "ana@example.com" })).toBe(false);
    expect(emailsMatch({ email: "", confirmEmail: "" })).toBe(false);
  });
});
