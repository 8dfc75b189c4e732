/**
 * Why a sale or pre-order changed state, as a record machines read (stored as
 * JSON in order_events.cause); the back office words it in the operator's
 * language (app/admin/order-cause.ts).
 */
export type OrderCause =
  | { code: "checkout" }
  | { code: "checkoutFullset" }
  | { code: "preorderForm" }
  | { code: "free" }
  | { code: "delivered" }
  | { code: "expired" }
  /** An operator's move in the back office, with the reason they gave. */
  | { code: "manual"; move: "paid" | "refunded" | "cancelled"; by: string; reason: string }
  /** A payment provider's word on a payment (its status as the provider reported it). */
  | { code: "payment"; provider: string; paymentId: string; status: string }
  /** A sale made and paid by a pre-order. */
  | { code: "paidByPreorder"; preorder: string }
  | { code: "fromPreorder"; preorder: string }
  /** A pre-order closed by the sale it became. */
  | { code: "sale"; order: string }
  | { code: "providerUnavailable"; provider: string }
  /** Written before causes were records, in words migration 0012 could not read. */
  | { code: "legacy"; text: string };
