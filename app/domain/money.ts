export type Currency = "ARS" | "USD";

/** Minor units (centavos, cents) from whole units as the spec's JSON carries them. */
export const toMinor = (whole: number): number => Math.round(whole * 100);
export const toWhole = (minor: number): number => Math.round(minor / 100);
/** Currency units as the API carries them (whole for every price the shop sets). */
export const toUnits = (minor: number): number => minor / 100;

/** Prices are whole currency units (SPEC §9): round minor units to a multiple of 100. */
export const roundToWhole = (minor: number): number => Math.round(minor / 100) * 100;

const grouping = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 0 });
const grouping2 = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "40.000": whole units with a dot as thousands separator, as the spec shows prices. */
export function formatAmount(minor: number): string {
  return grouping.format(toWhole(minor));
}

/** How prices are labelled: "AR$" for pesos, "USD" for dollars. */
export const currencySymbol = (currency: Currency): string => (currency === "ARS" ? "AR$" : "USD");

/** "AR$ 40.000" / "USD 40". */
export function formatMoney(minor: number, currency: Currency): string {
  return `${currencySymbol(currency)} ${formatAmount(minor)}`;
}

/** "AR$ 1.234,56": to the cent, as partners' statements show earnings. */
export function formatCents(minor: number, currency: Currency): string {
  return `${currencySymbol(currency)} ${formatAmount2(minor)}`;
}

/** Two decimals (the full-set price per image). */
export function formatAmount2(minor: number): string {
  return grouping2.format(minor / 100);
}
