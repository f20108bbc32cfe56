import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  cvsGoodsLimit,
  isTaiwanMobile,
  memberAddressSchema,
  orderMessages,
  orderPaymentLimits,
  pickUpDeadline,
  postageSetting,
  skuProblem,
  type MemberListQuery,
  type Order,
  type OrderDraft,
  type Paginated,
  type PaymentMethod,
  type ProductType,
} from "@shiyi/contracts";
import type { personalMemberAmountLimits } from "@shiyi/ecpay";
import { formatTaipeiDateTime } from "@shiyi/ecpay";
import { and, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { ApiEnv } from "../app-env.ts";
import type { Database } from "../db/client.ts";
import {
  cartLines,
  magazines,
  members,
  merchandise,
  orderLines,
  orderPayments,
  orders,
  type OrderReceiver,
  type StoredAddress,
  type StoredImage,
} from "../db/schema.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { ApiError } from "../lib/errors.ts";
import { pageWindow, paginationMeta } from "../lib/paginate.ts";
import { checkRepeat, keyedAccessToken, oncePerKey, requestDigest } from "../lib/idempotency.ts";
import { registerCheckoutMember } from "./members.ts";
import { subscribeAlongside } from "./newsletter.ts";
import { getSettings } from "./settings.ts";
import { onSale, published } from "./visibility.ts";

/*
 * Orders (SPEC §3, §7): placing one from the draft, reading it, and the stock it holds.
 *
 * Stock is taken when the order is placed, by one conditional UPDATE per item inside the order's
 * transaction (`stock = stock - n WHERE stock >= n`): the database serialises buyers of the same
 * item on its row, so two buyers can never both get the last copy and stock never goes below zero
 * (a CHECK makes sure). An unpaid order holds its stock until `reserved_until`; then
 * `releaseExpiredOrders` marks it expired and gives the stock back, exactly once.
 */

export type OrderDeps = Pick<ApiEnv["Variables"], "db" | "auth" | "mailer" | "logger" | "shop">;
export type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/** Who asks for an order: a signed-in member, or whoever holds the order's access token. */
export type OrderViewer = { memberId?: number; accessToken?: string };

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** yyMMdd in Taiwan, then 8 random digits: readable on the phone, not guessable in sequence. */
export const newOrderNumber = (now: Date) => {
  const day = formatTaipeiDateTime(now).slice(2, 10).replaceAll("/", "");
  return `${day}${String(randomInt(100_000_000)).padStart(8, "0")}`;
};

/** ECPay's ways to pay, by our names. */
export const ecpayMethod = { credit: "Credit", atm: "ATM", cvs: "CVS" } as const satisfies Record<
  PaymentMethod,
  keyof typeof personalMemberAmountLimits
>;

// ---------------------------------------------------------------------------------------------
// Reading

const storedAddressOrNull = (address: OrderReceiver["address"]) =>
  address && address.zip && address.city && address.dist && address.addr ? address : null;

/** Whether a new payment attempt may start: unpaid, not lapsed, no code waiting to be paid. */
export const isPayable = (row: OrderRow, now: Date) =>
  row.status === "pending" && (!row.reserved_until || new Date(row.reserved_until) > now);

export function orderJson(row: OrderRow, lines: readonly LineRow[], now: Date): Order {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    payable: isPayable(row, now),
    customer: {
      name: row.customer.name,
      email: row.customer.email,
      tel: row.customer.tel,
      phone: row.customer.phone,
    },
    receiver: {
      name: row.receiver.name,
      tel: row.receiver.tel,
      phone: row.receiver.phone,
      address: storedAddressOrNull(row.receiver.address),
      store: row.receiver.store as Order["receiver"]["store"],
    },
    line_items: lines.map((line) => ({
      item_id: line.item_id,
      type: line.type,
      sku: line.sku,
      quantity: line.quantity,
      title: line.title,
      path: line.path,
      issue: line.issue,
      thumbnail: line.thumbnail ?? null,
      unit_price: line.unit_price,
      subtotal: line.subtotal,
    })),
    items_total: row.items_total,
    postage: row.postage,
    total: row.total,
    payment: {
      method: row.payment_method,
      paid_at: row.paid_at,
      code: row.status === "awaiting_payment" ? row.payment_code : null,
      failure: row.status === "pending" ? row.payment_failure : null,
    },
    shipping: {
      method: row.shipping_method,
      delivery: (row.delivery as Order["shipping"]["delivery"]) ?? null,
      status: row.shipment_status as Order["shipping"]["status"],
      status_at: row.shipment_status_at,
      pick_up_by:
        row.shipment_status === "arrived" && row.shipment_status_at
          ? pickUpDeadline(new Date(row.shipment_status_at)).toISOString()
          : null,
      logistics_id: row.logistics_id,
      out_of_stock: isOutOfStock(row),
    },
    invoice: {
      type: row.receipt.type,
      status: row.invoice_status as Order["invoice"]["status"],
      number: row.invoice_number,
      title: row.receipt.title,
      tax_id: row.receipt.tax_id,
    },
    start_issue: row.start_issue,
    remarks: row.remarks,
    reserved_until: row.status === "pending" || row.status === "awaiting_payment" ? row.reserved_until : null,
    created_at: row.created_at,
  };
}

async function linesOf(db: Database, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, LineRow[]>();
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.order_id, [...orderIds]))
    .orderBy(orderLines.id);
  const byOrder = new Map<number, LineRow[]>();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}

export async function findOrderByNumber(db: Database, number: string) {
  const [row] = await db.select().from(orders).where(eq(orders.number, number));
  return row;
}

/**
 * The key in the link of an order's mail (查看訂單): it opens the order as its access token does,
 * from any browser, so that a guest can find the order again from the mail. Signed with
 * JWT_SECRET; rotating the secret voids the links.
 */
export const orderMailKey = (secret: string, number: string) =>
  createHmac("sha256", secret).update(`order-view:${number}`).digest("base64url");

/**
 * The order `number` as `viewer` may see it: its member, or anyone with its access token (the
 * guest who placed it) or its mailed key. Anyone else gets 404, members included: nobody learns
 * which numbers exist.
 */
export async function orderForViewer(
  db: Database,
  number: string,
  viewer: OrderViewer,
  secret: string,
): Promise<OrderRow> {
  const row = /^\d{6,20}$/.test(number) ? await findOrderByNumber(db, number) : undefined;
  if (!row) throw new ApiError(404, orderMessages.notFound);
  const token = viewer.accessToken;
  const byToken =
    token !== undefined &&
    (sameHash(sha256(token), row.access_token_hash) || sameHash(token, orderMailKey(secret, number)));
  const byMember = viewer.memberId !== undefined && row.member_id === viewer.memberId;
  if (byToken || byMember) return row;
  throw new ApiError(404, orderMessages.notFound);
}

export async function readOrder(db: Database, row: OrderRow, now: Date): Promise<Order> {
  const lines = await linesOf(db, [row.id]);
  return orderJson(row, lines.get(row.id) ?? [], now);
}

/** GET /orders/me: a page of the member's orders, newest first, with the list's pagination. */
export async function listMemberOrders(
  db: Database,
  memberId: number,
  now: Date,
  { page, limit }: MemberListQuery,
): Promise<Paginated<Order>> {
  const mine = eq(orders.member_id, memberId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(limit)
      .offset(pageWindow(page, limit).offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(mine),
  ]);
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => orderJson(row, lines.get(row.id) ?? [], now)),
    meta: paginationMeta(counted?.total ?? 0, page, limit),
  };
}

// ---------------------------------------------------------------------------------------------
// Stock

type SellableTable = typeof magazines | typeof merchandise;
const tableOf = (type: ProductType): SellableTable => (type === "magazine" ? magazines : merchandise);

/** Sums quantities per item (stock and max_quantity belong to the item, not to an option). */
function perItem(lines: readonly { type: ProductType; item_id: number; quantity: number }[]) {
  const totals = new Map<string, { type: ProductType; item_id: number; quantity: number }>();
  for (const line of lines) {
    const key = `${line.type}:${line.item_id}`;
    const total = totals.get(key);
    if (total) total.quantity += line.quantity;
    else totals.set(key, { type: line.type, item_id: line.item_id, quantity: line.quantity });
  }
  // A fixed order of row locks, so two orders sharing items cannot deadlock.
  return [...totals.values()].sort((a, b) => a.type.localeCompare(b.type) || a.item_id - b.item_id);
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Takes `quantity` from each item's stock, or nothing: the names of items that had too few. */
async function takeStock(
  tx: Tx,
  lines: readonly { type: ProductType; item_id: number; quantity: number }[],
  options: { onSaleOnly: boolean },
) {
  for (const item of perItem(lines)) {
    const table = tableOf(item.type);
    const [taken] = await tx
      .update(table)
      .set({ stock: sql`${table.stock} - ${item.quantity}` })
      .where(
        and(
          eq(table.id, item.item_id),
          gte(table.stock, item.quantity),
          options.onSaleOnly ? onSale(table) : undefined,
        ),
      )
      .returning({ id: table.id });
    if (!taken) return item;
  }
  return undefined;
}

async function returnStock(tx: Tx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(inArray(orderLines.order_id, [...orderIds]));
  for (const item of perItem(lines)) {
    const table = tableOf(item.type);
    await tx
      .update(table)
      .set({ stock: sql`${table.stock} + ${item.quantity}` })
      .where(eq(table.id, item.item_id));
  }
}

/**
 * Lapses unpaid orders whose hold has run out and gives their stock back. Safe to run anywhere at
 * any time: each order is claimed by one conditional UPDATE, so concurrent sweeps (other requests,
 * other instances) never return the same stock twice. Returns the numbers of the lapsed orders.
 */
export async function releaseExpiredOrders(db: Database, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .update(orders)
      .set({ status: "expired", stock_released_at: now.toISOString(), updated_at: now.toISOString() })
      .where(
        and(
          inArray(orders.status, ["pending", "awaiting_payment"]),
          lt(orders.reserved_until, now.toISOString()),
        ),
      )
      .returning({ id: orders.id, number: orders.number });
    await returnStock(
      tx,
      lapsed.map((row) => row.id),
    );
    return lapsed.map((row) => row.number);
  });
}

/**
 * The buyer gives up an order that waits for its first payment: it is cancelled and its stock comes
 * back, in one transaction, once (a conditional UPDATE). An order with an ATM or store code issued
 * is not given up here: the code can still be paid, and is left to lapse. A card payment page left
 * open and paid after all is taken as for a lapsed order: the order is paid and its stock taken again.
 */
export async function cancelUnpaidOrder(db: Database, row: OrderRow, now: Date): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ status: "cancelled", stock_released_at: now.toISOString(), updated_at: now.toISOString() })
      .where(and(eq(orders.id, row.id), eq(orders.status, "pending"), isNull(orders.stock_released_at)))
      .returning();
    if (!cancelled) throw new ApiError(409, orderMessages.notCancellable);
    await returnStock(tx, [cancelled.id]);
    return cancelled;
  });
}

/**
 * Money arrived for an order whose hold had lapsed: take its stock again if there is enough, and
 * return the order as it now stands. When there is not, the order stays paid (the buyer paid) with
 * its stock still released: it is out of stock (isOutOfStock) until the office settles it.
 */
export async function retakeStock(deps: Pick<OrderDeps, "db" | "logger">, row: OrderRow): Promise<OrderRow> {
  try {
    await deps.db.transaction(async (tx) => {
      const lines = await tx.select().from(orderLines).where(eq(orderLines.order_id, row.id));
      if (await takeStock(tx, lines, { onSaleOnly: false })) throw new OutOfStock();
      await tx.update(orders).set({ stock_released_at: null }).where(eq(orders.id, row.id));
    });
    return { ...row, stock_released_at: null };
  } catch (error) {
    if (!(error instanceof OutOfStock)) throw error;
    deps.logger.error({ order: row.number }, "paid order had lapsed and its items are out of stock");
    return row;
  }
}

/** A paid order that holds no stock: paid after its hold lapsed, its items sold meanwhile. */
export const isOutOfStock = (row: Pick<OrderRow, "status" | "stock_released_at">) =>
  row.status === "paid" && row.stock_released_at !== null;

class OutOfStock extends Error {}

// ---------------------------------------------------------------------------------------------
// Placing an order

type PricedLine = {
  type: ProductType;
  item_id: number;
  sku: string[];
  quantity: number;
  title: string;
  path: string;
  issue: number | null;
  thumbnail: StoredImage | null;
  unit_price: number;
  subtotal: number;
};

/** The draft's lines priced from the items as they are now; 422 for anything that cannot be sold. */
async function priceLines(db: Database, draft: OrderDraft): Promise<PricedLine[]> {
  const wanted = perItem(draft.line_items.map((line) => ({ ...line, quantity: line.quantity })));
  const idsOf = (type: ProductType) =>
    wanted.filter((item) => item.type === type).map((item) => item.item_id);
  const [magazineRows, merchRows] = await Promise.all([
    idsOf("magazine").length === 0
      ? []
      : db
          .select({ row: magazines, on_sale: sql<boolean>`(${onSale(magazines)})` })
          .from(magazines)
          .where(inArray(magazines.id, idsOf("magazine"))),
    idsOf("merch").length === 0
      ? []
      : db
          .select({ row: merchandise, on_sale: sql<boolean>`(${onSale(merchandise)})` })
          .from(merchandise)
          .where(inArray(merchandise.id, idsOf("merch"))),
  ]);
  const items = new Map<
    string,
    {
      row: typeof magazines.$inferSelect | typeof merchandise.$inferSelect;
      onSale: boolean;
      issue: number | null;
      thumbnail: StoredImage | null;
    }
  >();
  for (const { row, on_sale } of magazineRows)
    items.set(`magazine:${row.id}`, {
      row,
      onSale: on_sale,
      issue: row.issue,
      thumbnail: row.cover ?? row.images[0] ?? null,
    });
  for (const { row, on_sale } of merchRows)
    items.set(`merch:${row.id}`, { row, onSale: on_sale, issue: null, thumbnail: row.images[0] ?? null });

  const refuse = (message: string): never => {
    throw new ApiError(422, message, { line_items: [message] });
  };
  for (const want of wanted) {
    const item = items.get(`${want.type}:${want.item_id}`);
    if (!item || !item.onSale) return refuse(orderMessages.unavailable(item?.row.title ?? "商品"));
    if (want.quantity > item.row.max_quantity)
      refuse(orderMessages.overMaxQuantity(item.row.title, item.row.max_quantity));
    if (want.quantity > item.row.stock) throw new ApiError(409, orderMessages.soldOut(item.row.title));
    if (draft.shipping === "overseas" && item.row.overseas_price === null)
      refuse(orderMessages.overseasUnavailable(item.row.title));
  }
  return draft.line_items.map((line) => {
    const { row, issue, thumbnail } = items.get(`${line.type}:${line.item_id}`)!;
    const sku = line.sku.map((option) => option.trim());
    const problem = skuProblem("options" in row ? row.options : [], sku);
    if (problem) refuse(`「${row.title}」：${problem}`);
    const unitPrice = draft.shipping === "overseas" ? row.overseas_price! : row.price;
    return {
      type: line.type,
      item_id: line.item_id,
      sku,
      quantity: line.quantity,
      title: row.title,
      path: row.path,
      issue,
      thumbnail,
      unit_price: unitPrice,
      subtotal: unitPrice * line.quantity,
    };
  });
}

/**
 * A subscription starts with an issue already out or one of the next six (a year, bimonthly);
 * anything else is a typing mistake.
 */
async function checkStartIssue(db: Database, issue: number) {
  const [range] = await db
    .select({
      first: sql<number | null>`min(${magazines.issue})`,
      last: sql<number | null>`max(${magazines.issue})`,
    })
    .from(magazines)
    .where(published(magazines));
  if (
    !range ||
    range.first === null ||
    range.last === null ||
    issue < range.first ||
    issue > range.last + 6
  ) {
    throw new ApiError(422, orderMessages.startIssue, { start_issue: [orderMessages.startIssue] });
  }
}

const addressOf = (address: Partial<StoredAddress> | undefined): StoredAddress | null =>
  address && Object.values(address).some(Boolean) ? { ...address } : null;

/**
 * An order's address as a member's: only from an order delivered in Taiwan, and one the profile
 * takes, so that an address abroad stays with its order and never leaves the profile unable to save.
 */
const memberAddressOf = (draft: OrderDraft, address: Partial<StoredAddress> | undefined) => {
  const kept = draft.shipping === "overseas" ? null : addressOf(address);
  return kept && memberAddressSchema.safeParse(kept).success ? kept : null;
};

/** `repeated`: the order an earlier request with the same Idempotency-Key placed (lib/idempotency.ts). */
export type PlacedOrder = { order: Order; accessToken: string; repeated?: true };

type Repeat = {
  key: string;
  digest: string;
  memberId?: number;
  /** The draft asked for an account: a visitor's repeat may find the order under that member. */
  registeredWithIt: boolean;
  now: Date;
};

/** The order placed earlier with the repeat's key, if any, for a request that repeats it. */
async function repeatedOrder(deps: Pick<OrderDeps, "db" | "auth">, repeat: Repeat) {
  const { db, auth } = deps;
  const [row] = await db.select().from(orders).where(eq(orders.idempotency_key, repeat.key)).limit(1);
  if (!row) return undefined;
  checkRepeat(row, repeat);
  return {
    order: await readOrder(db, row, repeat.now),
    accessToken: keyedAccessToken(auth.jwtSecret, "order", repeat.key),
    repeated: true,
  } satisfies PlacedOrder;
}

/**
 * POST /orders. `memberId`: the signed-in buyer, if any; `idempotencyKey`: the form's key, with
 * which sending it again gives back this order instead of placing another; `admit`: asked once the
 * new order is written, inside its transaction (so a repeat, even sent at the same moment, is
 * never asked), and may refuse it by throwing (the rate limits of POST /orders).
 */
export async function placeOrder(
  deps: OrderDeps,
  {
    memberId,
    draft,
    ip,
    now,
    idempotencyKey,
    admit,
  }: {
    memberId?: number;
    draft: OrderDraft;
    ip?: string;
    now: Date;
    idempotencyKey?: string;
    admit?: () => Promise<void>;
  },
): Promise<PlacedOrder> {
  const repeat: Repeat | undefined = idempotencyKey
    ? {
        key: idempotencyKey,
        digest: requestDigest(deps.auth.jwtSecret, draft),
        memberId,
        registeredWithIt: draft.register === 1,
        now,
      }
    : undefined;
  if (!repeat) return placeNewOrder(deps, { memberId, draft, ip, now, admit });
  return oncePerKey({
    find: () => repeatedOrder(deps, repeat),
    make: () => placeNewOrder(deps, { memberId, draft, ip, now, repeat, admit }),
    // The first sending may have made the account this one asks for: if it was made just now.
    usedUp: async (error) =>
      error.message === orderMessages.accountExists && (await joinedJustNow(deps.db, draft.customer.email)),
  });
}

/** Whether the account of `email` was made in the last minute (by the database's clock, which made it). */
async function joinedJustNow(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        sql`lower(${members.email}) = lower(${email})`,
        sql`${members.created_at} > now() - interval '1 minute'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function placeNewOrder(
  deps: OrderDeps,
  {
    memberId,
    draft,
    ip,
    now,
    repeat,
    admit,
  }: {
    memberId?: number;
    draft: OrderDraft;
    ip?: string;
    now: Date;
    repeat?: Repeat;
    admit?: () => Promise<void>;
  },
): Promise<PlacedOrder> {
  const { db, shop } = deps;
  if (!(await shop.captcha.verify(draft.g_recaptcha_response, ip))) {
    throw new ApiError(422, orderMessages.captcha, { g_recaptcha_response: [orderMessages.captcha] });
  }
  await releaseExpiredOrders(db, now);

  const lines = await priceLines(db, draft);
  const settings = await getSettings(db);
  const itemsTotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
  const postage = settings[postageSetting[draft.shipping]];
  const total = itemsTotal + postage;
  if (draft.expected_total !== undefined && draft.expected_total !== total) {
    throw new ApiError(409, orderMessages.totalChanged(total));
  }
  if (draft.shipping === "cvs" && itemsTotal > cvsGoodsLimit) {
    throw new ApiError(422, orderMessages.cvsGoodsLimit, { shipping: [orderMessages.cvsGoodsLimit] });
  }
  const limits = orderPaymentLimits[draft.payment];
  if (total < limits.min || total > limits.max) {
    const message = orderMessages.paymentLimit(limits.min, limits.max);
    throw new ApiError(422, message, { payment: [message] });
  }

  if (draft.start_issue !== undefined) await checkStartIssue(db, draft.start_issue);

  let buyerId = memberId;
  if (buyerId === undefined && draft.register === 1 && draft.password) {
    const member = await registerCheckoutMember(
      deps,
      {
        email: draft.customer.email,
        name: draft.customer.name,
        // A number abroad is the order's, not a member's mobile (SPEC §5: 09 and 8 digits).
        mobile: isTaiwanMobile(draft.customer.phone) ? draft.customer.phone : undefined,
        password: draft.password,
        address: memberAddressOf(draft, draft.customer.address),
      },
      orderMessages.accountExists,
    );
    buyerId = member.id;
  }

  const accessToken = repeat
    ? keyedAccessToken(deps.auth.jwtSecret, "order", repeat.key)
    : randomBytes(32).toString("base64url");
  const reservedUntil = new Date(now.getTime() + shop.reservationMinutes * 60_000).toISOString();
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db.transaction(async (tx) => {
        const short = await takeStock(tx, lines, { onSaleOnly: true });
        if (short) {
          const title = lines.find(
            (line) => line.type === short.type && line.item_id === short.item_id,
          )!.title;
          throw new ApiError(409, orderMessages.soldOut(title));
        }
        const [order] = await tx
          .insert(orders)
          .values({
            number: newOrderNumber(now),
            member_id: buyerId ?? null,
            access_token_hash: sha256(accessToken),
            idempotency_key: repeat ? repeat.key : null,
            idempotency_digest: repeat ? repeat.digest : null,
            payment_method: draft.payment,
            shipping_method: draft.shipping,
            delivery: draft.shipping === "cvs" ? (draft.delivery ?? null) : null,
            customer: {
              name: draft.customer.name,
              email: draft.customer.email,
              tel: draft.customer.tel ?? null,
              phone: draft.customer.phone,
              address: addressOf(draft.customer.address),
            },
            receiver: {
              name: draft.receiver.name,
              tel: draft.receiver.tel ?? null,
              phone: draft.receiver.phone,
              address:
                draft.shipping === "cvs"
                  ? null
                  : (draft.receiver.address as NonNullable<OrderReceiver["address"]>),
              store: draft.shipping === "cvs" ? (draft.receiver.store ?? null) : null,
            },
            receipt: {
              type: draft.receipt.type,
              title: draft.receipt.type === "company" ? (draft.receipt.title ?? null) : null,
              tax_id: draft.receipt.type === "company" ? (draft.receipt.tax_id ?? null) : null,
              carrier: draft.receipt.type === "mobile" ? (draft.receipt.carrier ?? null) : null,
            },
            start_issue: draft.start_issue ?? null,
            annual_delivery: draft.annual_delivery,
            subscribe: draft.subscribe,
            remarks: draft.remarks ?? null,
            items_total: itemsTotal,
            postage,
            total,
            reserved_until: reservedUntil,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          })
          .returning();
        // Past the insert, this is a new order (a repeat of one with the same key stops at it).
        await admit?.();
        await tx.insert(orderLines).values(lines.map((line) => ({ ...line, order_id: order!.id })));
        if (memberId !== undefined) {
          // What was ordered leaves the member's cart, in the same transaction.
          for (const line of lines) {
            await tx
              .delete(cartLines)
              .where(
                and(
                  eq(cartLines.member_id, memberId),
                  eq(cartLines.type, line.type),
                  eq(cartLines.item_id, line.item_id),
                  sql`${cartLines.sku} = ${JSON.stringify(line.sku)}::jsonb`,
                ),
              );
          }
          if (draft.saveAddress === 1) {
            const address = memberAddressOf(
              draft,
              draft.shipping === "cvs" ? draft.customer.address : draft.receiver.address,
            );
            if (address) {
              await tx
                .update(members)
                .set({ address, updated_at: now.toISOString() })
                .where(eq(members.id, memberId));
            }
          }
        }
        return order!;
      });
      if (draft.subscribe === 1) {
        const { email, name } = draft.customer;
        await subscribeAlongside(deps, { email, name, source: "checkout" });
      }
      return {
        order: orderJson(
          row,
          lines.map((line, i) => ({ ...line, id: i, order_id: row.id })),
          now,
        ),
        accessToken,
      };
    } catch (error) {
      // Two orders drew the same number on the same day: draw again.
      if (uniqueViolation(error) === "orders_number_unique" && attempt < 5) continue;
      // The same form, sent twice at once: the other request placed it (this one's stock went back).
      if (repeat && uniqueViolation(error) === "orders_idempotency_key") {
        const earlier = await repeatedOrder(deps, repeat);
        if (earlier) return earlier;
      }
      throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Payment attempts

/** How many reservation periods (ORDER_RESERVATION_MINUTES) payment attempts may hold an order's stock. */
export const maxHoldFactor = 4;

/**
 * A new payment attempt for `row` (GET /order-ecpay): a fresh MerchantTradeNo (the order number,
 * `P` and the attempt's count), and the hold renewed for the time the payment may take. By `method`
 * when the buyer chose another way of paying (a card refused, say, and ATM transfer instead): the
 * order takes that way from then on, if its total is within the way's limits.
 */
export async function startPaymentAttempt(
  deps: Pick<OrderDeps, "db" | "shop">,
  row: OrderRow,
  now: Date,
  method: PaymentMethod = row.payment_method,
) {
  const { db, shop } = deps;
  if (!isPayable(row, now)) throw new ApiError(409, orderMessages.notPayable);
  const limits = orderPaymentLimits[method];
  if (method !== row.payment_method && (row.total < limits.min || row.total > limits.max)) {
    const message = orderMessages.paymentLimit(limits.min, limits.max);
    throw new ApiError(422, message, { payment: [message] });
  }
  // The hold is renewed for this attempt, but never past `maxHoldFactor` holds from the order's
  // start: asking for payment pages again and again does not keep the stock forever.
  const renewedUntil = new Date(now.getTime() + shop.reservationMinutes * 60_000).toISOString();
  const holdLimitMinutes = shop.reservationMinutes * maxHoldFactor;
  // A payment needs time: with less hold left than that, the stock could go back to the shelf
  // while the buyer is on ECPay's page. They are asked to order again instead.
  const held = Math.max(
    row.reserved_until ? new Date(row.reserved_until).getTime() : 0,
    Math.min(Date.parse(renewedUntil), new Date(row.created_at).getTime() + holdLimitMinutes * 60_000),
  );
  if (held - now.getTime() < Math.min(shop.reservationMinutes, 10) * 60_000)
    throw new ApiError(409, orderMessages.holdEnding);
  for (let attempt = 0; ; attempt++) {
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(orderPayments)
      .where(eq(orderPayments.order_id, row.id))) as [{ count: number }];
    const merchantTradeNo = `${row.number}P${String(count + 1 + attempt).padStart(2, "0")}`;
    try {
      return await db.transaction(async (tx) => {
        const renewed = await tx
          .update(orders)
          .set({
            reserved_until: sql`greatest(${orders.reserved_until}, least(${renewedUntil}::timestamptz, ${orders.created_at} + ${holdLimitMinutes} * interval '1 minute'))`,
            payment_method: method,
            updated_at: now.toISOString(),
          })
          .where(and(eq(orders.id, row.id), eq(orders.status, "pending")))
          .returning({ id: orders.id });
        if (renewed.length === 0) throw new ApiError(409, orderMessages.notPayable);
        const [payment] = await tx
          .insert(orderPayments)
          .values({ order_id: row.id, merchant_trade_no: merchantTradeNo, amount: row.total })
          .returning();
        return payment!;
      });
    } catch (error) {
      if (uniqueViolation(error) !== undefined && attempt < 5) continue;
      throw error;
    }
  }
}

export async function findPaymentAttempt(db: Database, merchantTradeNo: string) {
  const [payment] = await db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.merchant_trade_no, merchantTradeNo));
  return payment;
}
