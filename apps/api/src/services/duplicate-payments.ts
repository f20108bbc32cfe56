import { duplicatePayments } from "../db/schema.ts";
import { duplicatePaymentMail, type DuplicatePaymentData } from "../mail/templates/index.ts";
import type { OrderDeps } from "./orders.ts";

/**
 * A payment ECPay reports for an order or gift that another attempt has already paid: a buyer
 * who left two payment pages open and paid both. ECPay's AIO has no way to withdraw an open
 * payment page, so the site cannot prevent it. It records no second sale or gift: the payment is
 * kept in `duplicate_payments` for the office to refund, logged as an error and mailed to the
 * orders' or donations' inbox, once per payment however often ECPay re-sends its notice.
 * Answers whether this call recorded it (false: already known).
 */
export async function recordDuplicatePayment(
  deps: Pick<OrderDeps, "db" | "auth" | "logger" | "mailer" | "shop">,
  payment: Omit<DuplicatePaymentData, "siteUrl"> & { key: string },
  /** Run once the payment is recorded, before the mail: a periodic gift's extra schedule is stopped. */
  stop?: () => Promise<boolean>,
): Promise<boolean> {
  const { key, ...data } = payment;
  const inserted = await deps.db
    .insert(duplicatePayments)
    .values({
      kind: data.kind,
      number: data.number,
      merchant_trade_no: data.merchantTradeNo,
      payment_key: key,
      amount: data.amount,
      paid_at: data.paidAt.toISOString(),
    })
    .onConflictDoNothing()
    .returning({ id: duplicatePayments.id });
  if (inserted.length === 0) return false;
  const report = { ...data, ...(stop ? { scheduleStopped: await stop() } : {}) };
  deps.logger.error(
    {
      kind: report.kind,
      number: report.number,
      trade: report.merchantTradeNo,
      tradeNo: report.tradeNo,
      gwsr: report.gwsr,
      amount: report.amount,
      scheduleStopped: report.scheduleStopped,
    },
    "duplicate payment: to be refunded",
  );
  const to = deps.shop.contactInboxes[report.kind === "order" ? "orders" : "donations"];
  const mail = duplicatePaymentMail({ siteUrl: deps.auth.siteUrl, ...report });
  void deps.mailer.send({ to, ...mail }).catch((error: unknown) => {
    deps.logger.error({ err: error, number: report.number }, "duplicate payment mail not sent");
  });
  return true;
}
