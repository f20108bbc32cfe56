import {
  addressLine,
  cvsBrandNames,
  invoiceStatusNames,
  orderMessages,
  orderStatusNames,
  paymentMethodNames,
  receiptTypeNames,
  shipmentStatusNames,
  shippingMethodNames,
  type Order,
  type OrderStatus,
} from "@shiyi/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate, formatDateTime, formatPrice } from "../../lib/format.ts";
import { itemHref } from "../../lib/cart/totals.ts";
import { Image } from "../image.tsx";

/*
 * An order as the result page and the member's history show it: its lines, its sums, and where
 * payment, shipping and the invoice stand.
 */

/** A line as it is listed: the order's lines, or the cart's before the order is placed. */
export type ListedLine = {
  key: string;
  title: string;
  /** The item's page, where it has one (itemHref). */
  href?: string;
  sku: readonly string[];
  quantity: number;
  unitPrice: number;
  thumbnail: Order["line_items"][number]["thumbnail"];
};

export const orderLines = (order: Pick<Order, "line_items">): ListedLine[] =>
  order.line_items.map((line, index) => ({
    key: `${index}-${line.type}-${line.item_id}-${line.sku.join("/")}`,
    title: line.title,
    href: itemHref(line),
    sku: line.sku,
    quantity: line.quantity,
    unitPrice: line.unit_price,
    thumbnail: line.thumbnail,
  }));

export function LineList({ lines, compact = false }: { lines: readonly ListedLine[]; compact?: boolean }) {
  const size = compact ? 48 : 64;
  return (
    <ul className="divide-y divide-rule border-y border-rule">
      {lines.map((line) => (
        <li key={line.key} className="flex gap-4 py-4">
          <div
            className="shrink-0 overflow-hidden bg-paper-deep"
            style={{ width: size, height: Math.round(size * 1.33) }}
          >
            {line.thumbnail && (
              <Image
                src={line.thumbnail.url}
                alt=""
                width={size}
                height={Math.round(size * 1.33)}
                fit="cover"
                className="size-full object-cover"
              />
            )}
          </div>
          <div className="grid min-w-0 flex-1 content-start gap-1">
            <p className="font-serif leading-7 text-ink">
              {line.href ? (
                <Link to={line.href} className="hover:text-primary hover:underline hover:underline-offset-4">
                  {line.title}
                </Link>
              ) : (
                line.title
              )}
            </p>
            {line.sku.length > 0 && <p className="text-sm text-muted">{line.sku.join("／")}</p>}
            <p className="text-sm text-ink-soft">
              {formatPrice(line.unitPrice)} × {line.quantity}
            </p>
          </div>
          <p className="shrink-0 text-[0.9375rem] tabular-nums text-ink">
            {formatPrice(line.unitPrice * line.quantity)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Items, postage and the total, the total set apart as the figure that is charged. */
export function Totals({ items, postage, total }: { items: number; postage: number; total: number }) {
  return (
    <dl className="grid gap-2 text-[0.9375rem]">
      <div className="flex justify-between gap-4">
        <dt className="text-ink-soft">商品小計</dt>
        <dd className="tabular-nums">{formatPrice(items)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-ink-soft">運費</dt>
        <dd className="tabular-nums">{formatPrice(postage)}</dd>
      </div>
      <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-ink pt-3">
        <dt className="font-medium tracking-[0.08em]">總計</dt>
        <dd className="font-serif text-2xl font-bold tabular-nums text-primary-deep">{formatPrice(total)}</dd>
      </div>
    </dl>
  );
}

const statusTone: Record<OrderStatus, string> = {
  pending: "border-primary-deep text-primary-deep",
  awaiting_payment: "border-primary-deep text-primary-deep",
  paid: "border-tea text-tea",
  expired: "border-rule text-muted",
  cancelled: "border-rule text-muted",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-block border px-2 py-0.5 text-xs tracking-[0.1em] whitespace-nowrap ${statusTone[status]}`}
    >
      {orderStatusNames[status]}
    </span>
  );
}

const destination = (order: Order) => {
  const { store, address } = order.receiver;
  if (store) return `${cvsBrandNames[store.brand]} ${store.name}（店號 ${store.id}）${store.address}`;
  if (address) return addressLine(address, order.shipping.method === "overseas");
  return null;
};

/**
 * Where a later step of an order (shipping, the invoice) stands. Not yet taken (`pending`), it is
 * promised only once the order is paid: before, it waits for the payment; for an order that lapsed
 * or was cancelled, it will not be taken.
 */
function stepState(order: Order, state: string, named: string, words: { awaiting: string; dropped: string }) {
  if (state !== "pending") return named;
  if (order.status === "expired" || order.status === "cancelled") return words.dropped;
  if (order.status === "pending" || order.status === "awaiting_payment") return words.awaiting;
  return named;
}

export const shipmentState = (order: Order) =>
  stepState(order, order.shipping.status, shipmentStatusNames[order.shipping.status], {
    awaiting: "付款後出貨",
    dropped: "不出貨",
  });

export const invoiceState = (order: Order) =>
  stepState(order, order.invoice.status, invoiceStatusNames[order.invoice.status], {
    awaiting: "付款後開立",
    dropped: "不開立",
  });

/**
 * What a paid order's buyer hears next: a store-pickup parcel is followed to its store (ECPay's
 * notices, and a mail on arrival); other parcels are sent by hand.
 */
export function afterPayment(order: Order): string {
  if (order.shipping.out_of_stock) return orderMessages.paidOutOfStock;
  const { status, pick_up_by } = order.shipping;
  const store = order.receiver.store;
  if (order.shipping.method !== "cvs" || !store) return "我們將盡快為您出貨。";
  if (status === "arrived" && pick_up_by)
    return `商品已送達 ${cvsBrandNames[store.brand]} ${store.name}，請於 ${formatDate(pick_up_by)} 前取貨；取貨時不需再付款。`;
  if (status === "picked_up") return "商品已取貨，感謝您的訂購。";
  if (status === "returned") return "包裹已退回，我們會與您聯繫。";
  return "商品送達取貨門市時，我們會寄信通知您。";
}

/** Where payment, shipping and the invoice stand. */
export function OrderFacts({ order }: { order: Order }) {
  const rows: { term: string; value: ReactNode }[] = [
    {
      term: "付款",
      value: (
        <>
          {paymentMethodNames[order.payment.method]}・{orderStatusNames[order.status]}
          {order.payment.paid_at && (
            <span className="block text-sm text-muted">付款時間 {formatDateTime(order.payment.paid_at)}</span>
          )}
        </>
      ),
    },
    {
      term: "運送",
      value: (
        <>
          {shippingMethodNames[order.shipping.method]}・{shipmentState(order)}
          {destination(order) && <span className="block text-sm text-muted">{destination(order)}</span>}
          {order.shipping.pick_up_by && order.shipping.status_at && (
            <span className="block text-sm text-ink">
              {formatDate(order.shipping.status_at)} 到店，請於 {formatDate(order.shipping.pick_up_by)} 前取貨
            </span>
          )}
          {order.shipping.logistics_id && (
            <span className="block text-sm text-muted">物流編號 {order.shipping.logistics_id}</span>
          )}
        </>
      ),
    },
    { term: "收件人", value: `${order.receiver.name}　${order.receiver.phone}` },
    {
      term: "發票",
      value: (
        <>
          {receiptTypeNames[order.invoice.type]}・{invoiceState(order)}
          {order.invoice.number && (
            <span className="block text-sm text-muted">發票號碼 {order.invoice.number}</span>
          )}
          {order.invoice.tax_id && (
            <span className="block text-sm text-muted">
              {order.invoice.title}　統編 {order.invoice.tax_id}
            </span>
          )}
        </>
      ),
    },
    ...(order.remarks ? [{ term: "備註", value: order.remarks }] : []),
  ];
  return (
    <dl className="divide-y divide-rule border-y border-rule">
      {rows.map((row) => (
        <div key={row.term} className="grid gap-1 py-3 sm:grid-cols-[6rem_1fr]">
          <dt className="text-sm tracking-widest text-muted">{row.term}</dt>
          <dd className="leading-7 break-words">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The order's lines and sums under 訂單明細 (its heading is `lines-title`, which the surrounding
 * landmark may name itself by), with its state, number and time.
 */
export function OrderSummary({
  order,
  compact = true,
  heading: Heading = "h2",
}: {
  order: Order;
  compact?: boolean;
  /** The heading's level where the summary sits (an h3 inside a member page's section). */
  heading?: "h2" | "h3";
}) {
  return (
    <div className="grid content-start gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id="lines-title" className="font-serif text-2xl font-bold tracking-[0.12em]">
          訂單明細
        </Heading>
        <StatusBadge status={order.status} />
      </div>
      <p className="text-sm text-muted">
        訂單編號 <span className="font-medium tracking-wider text-ink tabular-nums">{order.number}</span>
        <span className="mx-2" aria-hidden="true">
          ・
        </span>
        <span className="sr-only">，訂購時間 </span>
        {formatDateTime(order.created_at)}
      </p>
      <LineList lines={orderLines(order)} compact={compact} />
      <Totals items={order.items_total} postage={order.postage} total={order.total} />
    </div>
  );
}
