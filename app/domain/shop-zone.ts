/** The shop's home time zone: its business days and months (sales filters, the dashboard, partners' statements) are Argentine ones. */
export const SHOP_ZONE = "America/Argentina/Buenos_Aires";
