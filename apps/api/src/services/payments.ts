import {
  buildCreateShipment,
  buildInvoiceRequest,
  getIssueData,
  parseGetIssueResponse,
  parseIssueInvoiceResponse,
  parseCreateShipmentReply,
  type LogisticsSubType,
  type PaymentInfo,
  type PaymentResult,
  type EcpayRequest,
  type Shipment,
} from "@shiyi/ecpay";
import {
  addressLine,
  cvsBrandNames,
  cvsGoodsLimit,
  isTaiwanMobile,
  orderLineName,
  pickUpDeadline,
  type CvsBrand,
  type OrderLine,
} from "@shiyi/contracts";
import { and, eq, gt, inArray, isNull, lt, notExists, notInArray, or } from "drizzle-orm";
import { orderLines, orderPayments, orders, type StoredAddress } from "../db/schema.ts";
import {
  orderConfirmationMail,
  orderViewUrl,
  outOfStockMail,
  paymentCodeMail,
  paymentFailedMail,
  parcelArrivedMail,
} from "../mail/templates/index.ts";
import { keepDuplicatePayment, reportDuplicatePayments } from "./duplicate-payments.ts";
import {
  isOutOfStock,
  orderMailKey,
  readOrder,
  retakeStock,
  type OrderDeps,
  type OrderRow,
} from "./orders.ts";

/*
 * What ECPay tells us about an order's payment and its parcel, and what follows a payment: the
 * convenience-store shipment, the e-invoice and the confirmation mail.
 *
 * Notifications are re-sent until we answer `1|OK` and may arrive several at once, so every
 * change is one conditional UPDATE that only moves forward (started → awaiting → paid; pending →
 * awaiting_payment → paid): of ten identical notifications exactly one makes the change, and only
 * that one goes on to ship, invoice and mail. An attempt paid after another paid the order moves
 * to `duplicate` instead, and its money to the office for a refund (duplicate-payments.ts).
 */

/** Why a notification was not taken; each is logged, and ECPay is told `0|…` to look again. */
export type Refusal = "unknown-trade" | "amount";

/** What a notification did: changed something, repeated what was known, or was refused. */
export type Outcome = { ok: true; changed: boolean } | { ok: false; refusal: Refusal };

/**
 * The way a payment was made, from ECPay's PaymentType (`Credit_CreditCard`, `ATM_TAISHIN`,
 * `CVS_CVS`, `BARCODE_BARCODE`): an order or gift may have been given another way after the attempt
 * that paid began (a second tab), and it says the way it was paid by. Undefined for one unknown.
 */
function paidMethodOf(paymentType: string | undefined): "credit" | "atm" | "cvs" | undefined {
  const kind = paymentType?.split("_")[0];
  return kind === "Credit"
    ? "credit"
    : kind === "ATM"
      ? "atm"
      : kind === "CVS" || kind === "BARCODE"
        ? "cvs"
        : undefined;
}

/** The `payment_method` to record with a payment, when its PaymentType names one. */
export const methodPaidBy = (paymentType: string | undefined) => {
  const method = paidMethodOf(paymentType);
  return method ? { payment_method: method } : {};
};

/** The ATM account or CVS code of a PaymentInfoURL notification, as orders and gifts keep it. */
export function paymentCodeOf(info: PaymentInfo, expireAt: Date | undefined) {
  const expire_at = expireAt?.toISOString() ?? null;
  return info.method === "ATM"
    ? {
        method: "atm" as const,
        bank_code: info.bankCode,
        account: info.virtualAccount,
        payment_no: null,
        expire_at,
      }
    : {
        method: "cvs" as const,
        bank_code: null,
        account: null,
        payment_no: info.method === "CVS" ? info.paymentNo : info.barcodes.join(" "),
        expire_at,
      };
}

/**
 * Taiwan time as ECPay writes it (`yyyy/MM/dd` or `yyyy/MM/dd HH:mm:ss`) to an instant; a bare
 * date means the end of that day.
 */
export function taipeiInstant(value: string): Date | undefined {
  const match = /^(\d{4})\/(\d{2})\/(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = "23", mi = "59", s = "59"] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+08:00`);
}

/** ReturnURL: the result of a payment (card at once; ATM and CVS codes when paid, days later). */
export async function applyPaymentResult(
  deps: OrderDeps,
  result: PaymentResult,
  now: Date,
): Promise<Outcome> {
  const { db, logger } = deps;
  const [attempt] = await db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.merchant_trade_no, result.merchantTradeNo));
  if (!attempt) return { ok: false, refusal: "unknown-trade" };
  if (result.amount !== attempt.amount) return { ok: false, refusal: "amount" };
  if (result.simulated) {
    // ECPay's back-office test: no money moved. Acknowledge, change nothing.
    logger.info({ trade: result.merchantTradeNo }, "simulated payment notification ignored");
    return { ok: true, changed: false };
  }

  if (!result.paid) {
    const failed = await db
      .update(orderPayments)
      .set({
        status: "failed",
        rtn_code: result.rtnCode,
        rtn_msg: result.rtnMsg,
        trade_no: result.tradeNo,
        updated_at: now.toISOString(),
      })
      .where(and(eq(orderPayments.id, attempt.id), inArray(orderPayments.status, ["started", "awaiting"])))
      .returning({ id: orderPayments.id });
    if (failed.length > 0) {
      const [before] = await db.select().from(orders).where(eq(orders.id, attempt.order_id));
      // The order stays (or becomes again) payable: a new attempt may start. An order waiting on
      // an ATM or CVS code waits on while any of its attempts still has a code to pay.
      const reopened = await db
        .update(orders)
        .set({ status: "pending", payment_failure: result.rtnMsg || "付款失敗", payment_code: null })
        .where(
          and(
            eq(orders.id, attempt.order_id),
            or(
              eq(orders.status, "pending"),
              and(
                eq(orders.status, "awaiting_payment"),
                notExists(
                  db
                    .select({ id: orderPayments.id })
                    .from(orderPayments)
                    .where(
                      and(eq(orderPayments.order_id, attempt.order_id), eq(orderPayments.status, "awaiting")),
                    ),
                ),
              ),
            ),
          ),
        )
        .returning();
      // The first failure is mailed, with the way back to the order; later ones are the buyer's
      // own retries, seen on the page they are on.
      const order = reopened[0];
      if (order && before && before.status === "pending" && before.payment_failure === null) {
        sendPaymentFailed(deps, order, result.rtnMsg || "付款失敗");
      }
    }
    return { ok: true, changed: failed.length > 0 };
  }

  const paidAt = (result.paymentDate ?? now).toISOString();
  const transitioned = await db.transaction(async (tx) => {
    const paid = await tx
      .update(orderPayments)
      .set({
        status: "paid",
        rtn_code: result.rtnCode,
        rtn_msg: result.rtnMsg,
        trade_no: result.tradeNo,
        payment_type: result.paymentType,
        paid_at: paidAt,
        updated_at: now.toISOString(),
      })
      // A re-sent notice of a payment already taken (or already found a duplicate) changes nothing.
      .where(and(eq(orderPayments.id, attempt.id), notInArray(orderPayments.status, ["paid", "duplicate"])))
      .returning({ id: orderPayments.id });
    if (paid.length === 0) return undefined;
    const [before] = await tx.select().from(orders).where(eq(orders.id, attempt.order_id)).for("update");
    if (!before) return undefined;
    if (before.status === "paid") {
      // Another attempt paid first: this money is not a second sale. It is kept for a refund with
      // the attempt's mark, so that neither can be lost without the other.
      await tx.update(orderPayments).set({ status: "duplicate" }).where(eq(orderPayments.id, attempt.id));
      await keepDuplicatePayment(tx, {
        kind: "order",
        number: before.number,
        merchantTradeNo: result.merchantTradeNo,
        key: result.tradeNo,
        tradeNo: result.tradeNo,
        amount: result.amount,
        paidAt: result.paymentDate ?? now,
      });
      return { duplicate: true } as const;
    }
    const [after] = await tx
      .update(orders)
      .set({
        status: "paid",
        paid_at: paidAt,
        payment_failure: null,
        ...methodPaidBy(result.paymentType),
        updated_at: now.toISOString(),
      })
      .where(eq(orders.id, attempt.order_id))
      .returning();
    return { duplicate: false, before: before, after: after! } as const;
  });
  // A duplicate found now, or one found earlier whose report was cut short: reported once.
  if (!transitioned || transitioned.duplicate) {
    await reportDuplicatePayments(deps, result.merchantTradeNo, now);
    return { ok: true, changed: transitioned !== undefined };
  }
  const paid = transitioned.before.stock_released_at
    ? await retakeStock(deps, transitioned.after)
    : transitioned.after;
  if (isOutOfStock(paid)) reportOutOfStock(deps, paid);
  await fulfil(deps, paid, now);
  return { ok: true, changed: true };
}

/** PaymentInfoURL: an ATM account or CVS code was issued; the order waits for the money. */
export async function applyPaymentInfo(deps: OrderDeps, info: PaymentInfo, now: Date): Promise<Outcome> {
  const { db } = deps;
  const [attempt] = await db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.merchant_trade_no, info.merchantTradeNo));
  if (!attempt) return { ok: false, refusal: "unknown-trade" };
  if (info.amount !== attempt.amount) return { ok: false, refusal: "amount" };
  if (!info.issued) {
    const failed = await db
      .update(orderPayments)
      .set({ status: "failed", rtn_code: info.rtnCode, rtn_msg: info.rtnMsg, updated_at: now.toISOString() })
      .where(and(eq(orderPayments.id, attempt.id), eq(orderPayments.status, "started")))
      .returning({ id: orderPayments.id });
    if (failed.length > 0) {
      await db
        .update(orders)
        .set({ payment_failure: info.rtnMsg || "取號失敗" })
        .where(and(eq(orders.id, attempt.order_id), eq(orders.status, "pending")));
    }
    return { ok: true, changed: failed.length > 0 };
  }
  const expireAt = taipeiInstant(info.expireDate);
  const outcome = await db.transaction(async (tx) => {
    const awaiting = await tx
      .update(orderPayments)
      .set({
        status: "awaiting",
        rtn_code: info.rtnCode,
        rtn_msg: info.rtnMsg,
        trade_no: info.tradeNo,
        updated_at: now.toISOString(),
      })
      .where(and(eq(orderPayments.id, attempt.id), eq(orderPayments.status, "started")))
      .returning({ id: orderPayments.id });
    if (awaiting.length === 0) return { ok: true, changed: false } as const;
    const code = paymentCodeOf(info, expireAt);
    const moved = await tx
      .update(orders)
      .set({
        status: "awaiting_payment",
        payment_code: code,
        // The way of the attempt that issued the code, whatever was chosen since (another tab).
        payment_method: code.method,
        payment_failure: null,
        // The stock is held for as long as the code can be paid.
        ...(expireAt ? { reserved_until: expireAt.toISOString() } : {}),
        updated_at: now.toISOString(),
      })
      .where(and(eq(orders.id, attempt.order_id), eq(orders.status, "pending")))
      .returning();
    return { ok: true, changed: moved.length > 0, order: moved[0] } as const;
  });
  const order = outcome.ok ? outcome.order : undefined;
  if (order?.payment_code) {
    const mail = paymentCodeMail({
      siteUrl: deps.auth.siteUrl,
      kind: "order",
      number: order.number,
      name: order.customer.name,
      amount: order.total,
      code: order.payment_code,
      viewUrl: orderViewUrl(deps.auth.siteUrl, order.number, orderMailKey(deps.auth.jwtSecret, order.number)),
    });
    void deps.mailer.send({ to: order.customer.email, ...mail }).catch((error: unknown) => {
      deps.logger.warn({ err: error, order: order.number }, "payment code mail not sent");
    });
  }
  return { ok: true, changed: outcome.changed };
}

// ---------------------------------------------------------------------------------------------
// After payment

/** ECPay logistics status codes (reference §4.4) as our shipment states; others leave it as is. */
const shipmentStates: Record<string, OrderRow["shipment_status"]> = {
  "300": "created",
  "2030": "in_transit",
  "2068": "in_transit",
  "3024": "in_transit",
  "3032": "in_transit",
  "2063": "arrived",
  "2073": "arrived",
  "3018": "arrived",
  "3029": "arrived",
  "2067": "picked_up",
  "3022": "picked_up",
  "2074": "returned",
  "2065": "returned",
  "3020": "returned",
  "3025": "returned",
};

/**
 * How far along a shipment is: ECPay's notices can arrive late or out of order (the creation's
 * 300 is sent a moment after Express/Create answers, and retried), so a notice only ever moves a
 * shipment forward.
 */
const shipmentStage: Record<string, number> = {
  pending: 0,
  failed: 0,
  created: 1,
  in_transit: 2,
  arrived: 3,
  picked_up: 4,
  returned: 4,
};

/** The MerchantTradeNo of an order's CVS shipment (Express/Create), and back to the order's number. */
const shipmentTradeNo = (orderNumber: string) => `${orderNumber}L`;
const orderOfShipment = (merchantTradeNo: string) => /^(\d+)L$/.exec(merchantTradeNo)?.[1];

/**
 * A logistics status notification (signature already checked). A shipment not known by its
 * AllPayLogisticsID may be one whose creation answer was lost (a timeout after ECPay created it;
 * the retry was refused as a duplicate): found by its MerchantTradeNo on an order with no shipment
 * id yet, it is adopted.
 */
export async function applyShipmentStatus(deps: OrderDeps, shipment: Shipment, now: Date) {
  const state = shipmentStates[shipment.rtnCode];
  let [row] = await deps.db.select().from(orders).where(eq(orders.logistics_id, shipment.logisticsId));
  if (!row) row = await adoptShipment(deps, shipment, now);
  if (!row) return { ok: false as const, refusal: "unknown-trade" as const };
  const ahead = (status: string) => (shipmentStage[status] ?? 0) < (shipmentStage[state ?? ""] ?? 0);
  if (state && ahead(row.shipment_status)) {
    // Conditional on the stages it may move from, so that a notice repeated to two instances at
    // once mails the buyer once, and a late one never moves the shipment back.
    const [moved] = await deps.db
      .update(orders)
      .set({ shipment_status: state, shipment_status_at: now.toISOString(), updated_at: now.toISOString() })
      .where(
        and(eq(orders.id, row.id), inArray(orders.shipment_status, Object.keys(shipmentStage).filter(ahead))),
      )
      .returning();
    if (moved && state === "arrived") mailParcelArrived(deps, moved);
  }
  return { ok: true as const, changed: Boolean(state) };
}

/** Tells the buyer their store-pickup parcel is at the store, and until when it waits there. */
function mailParcelArrived(deps: OrderDeps, order: OrderRow) {
  const store = order.receiver.store;
  const arrivedAt = order.shipment_status_at;
  if (!store || !arrivedAt) return;
  const mail = parcelArrivedMail({
    siteUrl: deps.auth.siteUrl,
    number: order.number,
    name: order.customer.name,
    receiver: order.receiver.name,
    store: `${cvsBrandNames[store.brand as CvsBrand] ?? ""} ${store.name}`.trim(),
    storeAddress: store.address,
    pickUpBy: pickUpDeadline(new Date(arrivedAt)),
    viewUrl: orderViewUrl(deps.auth.siteUrl, order.number, orderMailKey(deps.auth.jwtSecret, order.number)),
  });
  void deps.mailer.send({ to: order.customer.email, ...mail }).catch((error: unknown) => {
    deps.logger.warn({ err: error, order: order.number }, "parcel arrival mail not sent");
  });
}

async function adoptShipment(deps: OrderDeps, shipment: Shipment, now: Date) {
  const number = orderOfShipment(shipment.merchantTradeNo);
  if (!number) return undefined;
  const [adopted] = await deps.db
    .update(orders)
    .set({ shipment_status: "created", logistics_id: shipment.logisticsId, updated_at: now.toISOString() })
    .where(
      and(
        eq(orders.number, number),
        eq(orders.shipping_method, "cvs"),
        isNull(orders.logistics_id),
        inArray(orders.shipment_status, ["pending", "failed"]),
      ),
    )
    .returning();
  if (adopted)
    deps.logger.warn(
      { order: number, shipment: shipment.logisticsId },
      "CVS shipment adopted from its notice",
    );
  return adopted;
}

/**
 * How long the request that recorded a payment has to ship, invoice and mail the order before the
 * sweep takes what is left over (each of ECPay's calls may take up to ten seconds).
 */
export const fulfilmentGraceMs = 10 * 60_000;
/** Paid orders older than this are left to the office, however their steps stand. */
const fulfilmentRetryWindowMs = 7 * 24 * 60 * 60_000;
/** Orders taken up per sweep, oldest payment first (each may wait on ECPay for up to 20 s). */
const fulfilmentBatch = 20;

/**
 * Finishes paid orders whose fulfilment was cut short: the process stopped between recording the
 * payment and shipping, invoicing or mailing, or ECPay could not be reached. Each step still
 * `pending` runs again; a step ECPay refused (`failed`) is left to the office. Each order is
 * claimed by one UPDATE of its `updated_at` (to the real time) just before its steps run, so
 * concurrent sweeps on other instances never run the same order twice, and an order is tried
 * again at most once per grace period. Safe to run anywhere at any time. Returns the numbers of
 * the orders it took up.
 */
export async function resumeFulfilment(deps: OrderDeps, now: Date): Promise<string[]> {
  const quiet = new Date(now.getTime() - fulfilmentGraceMs).toISOString();
  const oldest = new Date(now.getTime() - fulfilmentRetryWindowMs).toISOString();
  const unfinished = and(
    eq(orders.status, "paid"),
    gt(orders.paid_at, oldest),
    lt(orders.updated_at, quiet),
    or(
      and(
        eq(orders.shipping_method, "cvs"),
        eq(orders.shipment_status, "pending"),
        isNull(orders.stock_released_at),
      ),
      eq(orders.invoice_status, "pending"),
      isNull(orders.confirmation_sent_at),
    ),
  );
  const candidates = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(unfinished)
    .orderBy(orders.paid_at)
    .limit(fulfilmentBatch);
  const resumed: string[] = [];
  // Each order is claimed just before its steps run, so a slow batch never outlives its claims.
  for (const { id } of candidates) {
    const [row] = await deps.db
      .update(orders)
      .set({ updated_at: new Date().toISOString() })
      .where(and(eq(orders.id, id), unfinished))
      .returning();
    if (!row) continue;
    deps.logger.warn({ order: row.number }, "resuming the fulfilment of a paid order");
    await fulfil(deps, row, now);
    resumed.push(row.number);
  }
  return resumed;
}

/** Tells the buyer their payment failed, and how to pay again (paymentFailedMail). */
function sendPaymentFailed(deps: OrderDeps, order: OrderRow, reason: string) {
  const mail = paymentFailedMail({
    siteUrl: deps.auth.siteUrl,
    number: order.number,
    name: order.customer.name,
    amount: order.total,
    reason,
    paymentMethod: order.payment_method,
    heldUntil: order.reserved_until ? new Date(order.reserved_until) : null,
    viewUrl: orderViewUrl(deps.auth.siteUrl, order.number, orderMailKey(deps.auth.jwtSecret, order.number)),
  });
  void deps.mailer.send({ to: order.customer.email, ...mail }).catch((error: unknown) => {
    deps.logger.warn({ err: error, order: order.number }, "payment failure mail not sent");
  });
}

/** Tells the orders' inbox of a paid order whose items were sold before its payment came. */
function reportOutOfStock(deps: OrderDeps, row: OrderRow) {
  void (async () => {
    const lines = await deps.db.select().from(orderLines).where(eq(orderLines.order_id, row.id));
    await deps.mailer.send({
      to: deps.shop.contactInboxes.orders,
      ...outOfStockMail({
        siteUrl: deps.auth.siteUrl,
        number: row.number,
        customer: row.customer,
        lines,
        total: row.total,
        paidAt: row.paid_at ? new Date(row.paid_at) : null,
      }),
    });
  })().catch((error: unknown) => {
    deps.logger.error({ err: error, order: row.number }, "out-of-stock mail not sent");
  });
}

/**
 * Ship, invoice and mail a paid order: each step that is still pending. Each step's failure is
 * logged and recorded, never thrown.
 */
export async function fulfil(deps: OrderDeps, row: OrderRow, now: Date): Promise<void> {
  await Promise.all([
    createShipment(deps, row, now).catch((error: unknown) =>
      deps.logger.error({ err: error, order: row.number }, "CVS shipment not created"),
    ),
    issueInvoice(deps, row, now).catch((error: unknown) =>
      deps.logger.error({ err: error, order: row.number }, "e-invoice not issued"),
    ),
  ]);
  await sendConfirmation(deps, row.number, now).catch((error: unknown) =>
    deps.logger.warn({ err: error, order: row.number }, "order confirmation not sent"),
  );
}

const ecpayTimeoutMs = 10_000;
/** The most of an address a B2C invoice keeps (CustomerAddr). */
const invoiceAddressLength = 100;

/** POSTs a signed request to ECPay as a form, as its server-to-server calls take them. */
export const postEcpayForm = (shop: OrderDeps["shop"], request: EcpayRequest) =>
  shop.fetch(request.action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(request.fields).toString(),
    signal: AbortSignal.timeout(ecpayTimeoutMs),
  });

async function createShipment(deps: OrderDeps, row: OrderRow, now: Date) {
  const store = row.receiver.store;
  if (row.shipping_method !== "cvs" || row.shipment_status !== "pending" || !store || !row.delivery) return;
  // Nothing to send yet: the office ships it by hand once restocked, or refunds it.
  if (isOutOfStock(row)) return;
  const { shop, auth, db } = deps;
  const request = buildCreateShipment(
    { endpoints: shop.endpoints, credentials: shop.logistics },
    {
      merchantTradeNo: shipmentTradeNo(row.number),
      tradeDate: new Date(row.created_at),
      subType: row.delivery as LogisticsSubType,
      // Orders over the limit are not taken for pickup (cvsGoodsLimit); a free order declares 1.
      goodsAmount: Math.min(Math.max(row.items_total, 1), cvsGoodsLimit),
      goodsName: `食藝誌訂單${row.number}`,
      senderName: shop.sender.name,
      senderCellPhone: shop.sender.phone,
      receiverName: row.receiver.name,
      receiverCellPhone: row.receiver.phone,
      receiverEmail: row.customer.email,
      receiverStoreId: store.id,
      serverReplyUrl: `${auth.apiUrl}/ecpay/logistics`,
    },
  );
  const response = await postEcpayForm(shop, request);
  const reply = parseCreateShipmentReply(await response.text(), shop.logistics);
  if (!reply.ok) {
    await db
      .update(orders)
      .set({ shipment_status: "failed", updated_at: now.toISOString() })
      .where(and(eq(orders.id, row.id), eq(orders.shipment_status, "pending")));
    deps.logger.error({ order: row.number, reply }, "ECPay refused the CVS shipment");
    return;
  }
  await db
    .update(orders)
    .set({ shipment_status: "created", logistics_id: reply.value.logisticsId, updated_at: now.toISOString() })
    .where(and(eq(orders.id, row.id), eq(orders.shipment_status, "pending")));
}

/** The B2C e-invoice Data of reference §6.1–6.2 for a paid order. */
export function invoiceData(
  deps: Pick<OrderDeps, "shop">,
  row: OrderRow,
  lines: Pick<OrderLine, "type" | "title" | "sku" | "quantity" | "unit_price" | "subtotal">[],
) {
  const { receipt, customer } = row;
  const items = [
    ...lines.map((line) => ({
      ItemName: orderLineName(line).slice(0, 100),
      ItemCount: line.quantity,
      // A magazine is counted in 本, a mug or a tote in 件.
      ItemWord: line.type === "magazine" ? "本" : "件",
      ItemPrice: line.unit_price,
      ItemTaxType: "1",
      ItemAmount: line.subtotal,
    })),
    ...(row.postage > 0
      ? [
          {
            ItemName: "運費",
            ItemCount: 1,
            ItemWord: "式",
            ItemPrice: row.postage,
            ItemTaxType: "1",
            ItemAmount: row.postage,
          },
        ]
      : []),
  ];
  // A printed invoice (a company's) goes to an address: the buyer's, else where the parcel goes.
  const overseas = row.shipping_method === "overseas";
  const line = (address: Partial<StoredAddress> | null | undefined) =>
    address?.zip && address.city && address.dist && address.addr
      ? addressLine(
          { zip: address.zip, city: address.city, dist: address.dist, addr: address.addr },
          overseas,
        )
      : [address?.zip, address?.city, address?.dist, address?.addr].filter(Boolean).join("");
  // ECPay keeps at most 100 characters of the address.
  const address = (
    line(customer.address) ||
    line(row.receiver.address) ||
    row.receiver.store?.address ||
    ""
  ).slice(0, invoiceAddressLength);
  const base = {
    MerchantID: deps.shop.invoice.merchantId,
    RelateNumber: row.number,
    CustomerName: customer.name,
    CustomerAddr: address,
    // ECPay takes a Taiwan number here; with one from abroad the invoice goes by e-mail alone.
    CustomerPhone: isTaiwanMobile(customer.phone) ? customer.phone : "",
    CustomerEmail: customer.email,
    ClearanceMark: "",
    TaxType: "1",
    SalesAmount: row.total,
    InvType: "07",
    vat: "1",
    Items: items,
  };
  switch (receipt.type) {
    case "company":
      return {
        ...base,
        CustomerIdentifier: receipt.tax_id ?? "",
        CustomerName: receipt.title ?? customer.name,
        Print: "1",
        Donation: "0",
        LoveCode: "",
        CarrierType: "",
        CarrierNum: "",
      };
    case "donate":
      return {
        ...base,
        CustomerIdentifier: "",
        Print: "0",
        Donation: "1",
        LoveCode: deps.shop.loveCode,
        CarrierType: "",
        CarrierNum: "",
      };
    case "mobile":
      return {
        ...base,
        CustomerIdentifier: "",
        Print: "0",
        Donation: "0",
        LoveCode: "",
        CarrierType: "3",
        CarrierNum: receipt.carrier ?? "",
      };
    case "personal":
      return {
        ...base,
        CustomerIdentifier: "",
        Print: "0",
        Donation: "0",
        LoveCode: "",
        CarrierType: "1",
        CarrierNum: "",
      };
  }
}

async function issueInvoice(deps: OrderDeps, row: OrderRow, now: Date) {
  if (row.invoice_status !== "pending") return;
  const { db, shop } = deps;
  const order = await readOrder(db, row, now);
  const body = buildInvoiceRequest(shop.invoice, invoiceData(deps, row, order.line_items), now);
  const result = parseIssueInvoiceResponse(
    await postInvoiceJson(shop, shop.endpoints.invoiceIssue, body),
    shop.invoice,
  );
  // A refusal may mean an earlier call issued it and its answer was lost (RelateNumber is the
  // order's number): ECPay is asked what it holds under that number before the step is failed.
  const invoiceNo = result.ok ? result.value.invoiceNo : await issuedEarlier(deps, row, now);
  if (!invoiceNo) {
    await db
      .update(orders)
      .set({ invoice_status: "failed", updated_at: now.toISOString() })
      .where(and(eq(orders.id, row.id), eq(orders.invoice_status, "pending")));
    deps.logger.error({ order: row.number, result }, "ECPay refused the e-invoice");
    return;
  }
  await db
    .update(orders)
    .set({ invoice_status: "issued", invoice_number: invoiceNo, updated_at: now.toISOString() })
    .where(and(eq(orders.id, row.id), eq(orders.invoice_status, "pending")));
}

/** POSTs a B2C e-invoice call's JSON body; ECPay's parsed JSON answer. */
async function postInvoiceJson(shop: OrderDeps["shop"], url: string, body: unknown): Promise<unknown> {
  const response = await shop.fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ecpayTimeoutMs),
  });
  return response.json();
}

/**
 * The number of the invoice ECPay already issued for this order (GetIssue by RelateNumber), if it
 * is for the order's total, issued and not voided; otherwise undefined.
 */
async function issuedEarlier(deps: OrderDeps, row: OrderRow, now: Date): Promise<string | undefined> {
  const { shop, logger } = deps;
  const body = buildInvoiceRequest(shop.invoice, getIssueData(shop.invoice.merchantId, row.number), now);
  const found = parseGetIssueResponse(
    await postInvoiceJson(shop, shop.endpoints.invoiceGetIssue, body),
    shop.invoice,
  );
  if (!found.ok || found.value.relateNumber !== row.number) return undefined;
  if (!found.value.issued || found.value.invalid || found.value.salesAmount !== row.total) {
    logger.error({ order: row.number, invoice: found.value }, "ECPay holds another invoice for this order");
    return undefined;
  }
  logger.warn(
    { order: row.number, invoice: found.value.invoiceNo },
    "e-invoice found already issued at ECPay",
  );
  return found.value.invoiceNo;
}

/** The confirmation mail, once: the order is marked first, and unmarked if the mail fails. */
async function sendConfirmation(deps: OrderDeps, number: string, now: Date) {
  const [row] = await deps.db
    .update(orders)
    .set({ confirmation_sent_at: now.toISOString() })
    .where(and(eq(orders.number, number), isNull(orders.confirmation_sent_at)))
    .returning();
  if (!row) return;
  try {
    const order = await readOrder(deps.db, row, now);
    await deps.mailer.send({
      to: row.customer.email,
      ...orderConfirmationMail({
        siteUrl: deps.auth.siteUrl,
        order,
        viewKey: orderMailKey(deps.auth.jwtSecret, order.number),
      }),
    });
  } catch (error) {
    await deps.db.update(orders).set({ confirmation_sent_at: null }).where(eq(orders.id, row.id));
    throw error;
  }
}
