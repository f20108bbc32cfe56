import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { donations, duplicatePayments, orders } from "../db/schema.ts";
import { duplicatePaymentMail, duplicatePaymentNoticeMail, orderViewUrl } from "../mail/templates/index.ts";
import { orderMailKey, type OrderDeps } from "./orders.ts";

/*
 * A payment ECPay reports for an order or gift that another attempt has already paid: a buyer
 * who left two payment pages open and paid both. ECPay's AIO has no way to withdraw an open
 * payment page, so the site cannot prevent it. It records no second sale or gift: the payment is
 * kept in `duplicate_payments` for the office to refund, logged as an error and mailed to the
 * orders' or donations' inbox, once per payment however often ECPay re-sends its notice.
 *
 * Two steps, so that nothing is lost: `keepDuplicatePayment` writes the row in the transaction that
 * marks the attempt `duplicate`; `reportDuplicatePayments` then claims the trade's unreported rows
 * and reports them. It runs after every paid notice of a trade: if the process stops between the
 * two steps, ECPay (answered no `1|OK`) re-sends the notice, and the report is made then.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DuplicatePayment = {
  kind: "order" | "donation";
  /** The order's or gift's number. */
  number: string;
  merchantTradeNo: string;
  /** What tells this payment from the trade's others: its TradeNo, or `gwsr:<Gwsr>` for a later charge. */
  key: string;
  tradeNo?: string | undefined;
  amount: number;
  paidAt: Date;
};

/** Keeps a duplicate payment; a second call for the same payment changes nothing. */
export async function keepDuplicatePayment(db: Database | Tx, payment: DuplicatePayment): Promise<void> {
  await db
    .insert(duplicatePayments)
    .values({
      kind: payment.kind,
      number: payment.number,
      merchant_trade_no: payment.merchantTradeNo,
      payment_key: payment.key,
      trade_no: payment.tradeNo ?? null,
      amount: payment.amount,
      paid_at: payment.paidAt.toISOString(),
    })
    .onConflictDoNothing();
}

/**
 * Reports the kept, unreported duplicates of `merchantTradeNo`, each claimed by one UPDATE so that
 * concurrent notices report it once: `stop` runs first (a periodic gift's extra card schedule is
 * stopped at ECPay), then the error log and the mail to the inbox. Answers how many were reported.
 */
export async function reportDuplicatePayments(
  deps: Pick<OrderDeps, "db" | "auth" | "logger" | "mailer" | "shop">,
  merchantTradeNo: string,
  now: Date,
  /** Stops the card schedule the payment opened: true once ECPay says so, undefined when there is none. */
  stop?: () => Promise<boolean | undefined>,
): Promise<number> {
  const claimed = await deps.db
    .update(duplicatePayments)
    .set({ reported_at: now.toISOString() })
    .where(
      and(eq(duplicatePayments.merchant_trade_no, merchantTradeNo), isNull(duplicatePayments.reported_at)),
    )
    .returning();
  for (const row of claimed) {
    const scheduleStopped = stop ? await stop() : undefined;
    const gwsr = row.payment_key.startsWith("gwsr:") ? row.payment_key.slice("gwsr:".length) : undefined;
    const report = {
      kind: row.kind,
      number: row.number,
      merchantTradeNo: row.merchant_trade_no,
      tradeNo: row.trade_no ?? undefined,
      gwsr,
      amount: row.amount,
      paidAt: new Date(row.paid_at),
      ...(scheduleStopped === undefined ? {} : { scheduleStopped }),
    };
    deps.logger.error(
      {
        kind: report.kind,
        number: report.number,
        trade: report.merchantTradeNo,
        tradeNo: report.tradeNo,
        gwsr,
        amount: report.amount,
        scheduleStopped,
      },
      "duplicate payment: to be refunded",
    );
    const to = deps.shop.contactInboxes[report.kind === "order" ? "orders" : "donations"];
    const mail = duplicatePaymentMail({ siteUrl: deps.auth.siteUrl, ...report });
    void deps.mailer.send({ to, ...mail }).catch((error: unknown) => {
      deps.logger.error({ err: error, number: report.number }, "duplicate payment mail not sent");
    });
    // And the person who paid twice is told the second payment comes back to them.
    const payer = await payerOf(deps.db, report.kind, report.number);
    if (payer) {
      const viewUrl =
        report.kind === "order"
          ? orderViewUrl(deps.auth.siteUrl, report.number, orderMailKey(deps.auth.jwtSecret, report.number))
          : undefined;
      const notice = duplicatePaymentNoticeMail({
        siteUrl: deps.auth.siteUrl,
        ...report,
        name: payer.name,
        viewUrl,
      });
      // A reply goes to the inbox that refunds it, not to the no-reply sender.
      void deps.mailer.send({ to: payer.email, replyTo: to, ...notice }).catch((error: unknown) => {
        deps.logger.error({ err: error, number: report.number }, "duplicate payment notice not sent");
      });
    }
  }
  return claimed.length;
}

/** Who paid for an order (its buyer) or a gift (its donor). */
async function payerOf(
  db: Database,
  kind: "order" | "donation",
  number: string,
): Promise<{ name: string; email: string } | undefined> {
  if (kind === "order") {
    const [row] = await db
      .select({ customer: orders.customer })
      .from(orders)
      .where(eq(orders.number, number));
    return row && { name: row.customer.name, email: row.customer.email };
  }
  const [row] = await db
    .select({ name: donations.name, email: donations.email })
    .from(donations)
    .where(eq(donations.number, number));
  return row;
}
