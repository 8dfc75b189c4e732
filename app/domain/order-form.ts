import { isEmailAddress } from "./email.ts";

/**
 * The checkout, full-set and pre-order form (SPEC §3, §5): pure rules shared by
 * the pages; the server checks the same again (`.server/orders/payloads.ts`).
 */
export type CountryCode = "1" | "2" | "3" | "4";

/** '1' Argentina, '2' Brasil, '3' Chile, '4' other. */
export const COUNTRIES: readonly CountryCode[] = ["1", "2", "3", "4"];

export type OrderFormValues = {
  country: CountryCode | "";
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  terms: boolean;
};

export const EMPTY_ORDER_FORM: OrderFormValues = { country: "", firstName: "", lastName: "", email: "", confirmEmail: "", terms: false };

export const isCountry = (value: unknown): value is CountryCode => typeof value === "string" && (COUNTRIES as readonly string[]).includes(value);

/** The e-mail and its confirmation must be exactly equal (surrounding spaces aside). */
export function emailsMatch(values: Pick<OrderFormValues, "email" | "confirmEmail">): boolean {
  return values.email.trim() !== "" && values.email.trim() === values.confirmEmail.trim();
}

/** Submit is enabled once the country is chosen, names and both e-mails are filled and equal, and the terms accepted. */
export function canSubmitOrder(values: OrderFormValues): boolean {
  return (
    isCountry(values.country) &&
    values.firstName.trim() !== "" &&
    values.lastName.trim() !== "" &&
    emailsMatch(values) &&
    isEmailAddress(values.email.trim()) &&
    values.terms
  );
}
