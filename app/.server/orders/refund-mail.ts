import { eq } from "drizzle-orm";
import { formatMoney } from "../../domain/money.ts";
import { isLang } from "../../i18n/langs.ts";
import { type Db, customers, orders } from "../db/index.ts";
import type { Mailer } from "../mail/index.ts";

/** Tells the buyer, in their language, that their purchase was refunded and its downloads have ended. Once per sale. */
export async function mailRefunded(mailer: Mailer, tx: Db, orderId: number): Promise<void> {
  const [row] = await tx
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!row) return;
  await mailer.send(
    {
      to: row.customer.email,
      lang: isLang(row.order.lang) ? row.order.lang : "es",
      template: "purchaseRefunded",
      data: { firstName: row.customer.firstName, id: row.order.publicId, total: formatMoney(row.order.total, row.order.currency) },
      key: `purchase-refunded:${row.order.id}`,
    },
    { tx },
  );
}
