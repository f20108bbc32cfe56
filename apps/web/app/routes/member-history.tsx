import { paymentMethodNames, shippingMethodNames, type Order, type Paginated } from "@shiyi/contracts";
import { data, Link } from "react-router";
import { EmptyState, MemberSection } from "../components/member/member-section.tsx";
import { invoiceState, shipmentState, StatusBadge } from "../components/order/order-view.tsx";
import { Pagination } from "../components/pagination.tsx";
import { pageFrom } from "../lib/articles.server.ts";
import { apiContext } from "../lib/context.ts";
import { formatDateTime, formatPrice } from "../lib/format.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { requireMember } from "../lib/session.server.ts";
import type { Route } from "./+types/member-history";

export const meta: Route.MetaFunction = loaderMeta;

/** Orders a page of the history shows. */
const ordersPerPage = 10;

/** The member's orders, newest first, ten a page (GET /orders/me); a page past the last is 404. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireMember({ request, context });
  const page = pageFrom(request);
  const orders = await context
    .get(apiContext)
    .get<Paginated<Order>>("/orders/me", { page, limit: ordersPerPage });
  if (page > orders.meta.last_page) throw data("找不到相關頁面", { status: 404 });
  return {
    orders: orders.data,
    pagination: orders.meta,
    meta: await pageMeta({ url, context }, { title: "訂購紀錄", noindex: true, pageNumber: page }),
  };
}

export default function MemberHistory({ loaderData }: Route.ComponentProps) {
  const { orders, pagination } = loaderData;
  return (
    <MemberSection
      id="orders"
      title="訂購紀錄"
      description={
        pagination.last_page > 1
          ? `共 ${pagination.total} 筆，第 ${pagination.from}–${pagination.to} 筆`
          : undefined
      }
    >
      {orders.length === 0 ? (
        <EmptyState message="目前沒有訂購紀錄" link={{ to: "/magazines", label: "瀏覽雜誌" }} />
      ) : (
        <ol className="grid gap-6" start={pagination.from ?? 1}>
          {orders.map((order) => (
            <li key={order.number}>
              <OrderCard order={order} />
            </li>
          ))}
        </ol>
      )}
      <Pagination meta={pagination} />
    </MemberSection>
  );
}

function OrderCard({ order }: { order: Order }) {
  const titleId = `order-${order.number}`;
  const pieces = order.line_items.reduce((sum, line) => sum + line.quantity, 0);
  const states = [
    { term: "付款", value: paymentMethodNames[order.payment.method] },
    {
      term: "運送",
      value: `${shippingMethodNames[order.shipping.method]}・${shipmentState(order)}`,
    },
    { term: "發票", value: invoiceState(order) },
  ];
  const needsPayment = order.status === "awaiting_payment" || order.payable;
  return (
    <article aria-labelledby={titleId} className="grid gap-4 border border-rule bg-paper px-5 py-5 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
        <div className="grid gap-1">
          <h3 id={titleId} className="font-serif text-lg tracking-[0.08em] tabular-nums">
            <span className="sr-only">訂單編號 </span>
            {order.number}
          </h3>
          <p className="text-sm text-muted">
            <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
          </p>
        </div>
        <div className="flex items-center gap-4">
          <StatusBadge status={order.status} />
          <p className="font-serif text-xl font-bold tabular-nums text-primary-deep">
            {formatPrice(order.total)}
          </p>
        </div>
      </header>
      <ul className="grid gap-1 border-t border-rule pt-4 text-[0.9375rem] leading-7">
        {order.line_items.map((line, index) => (
          <li key={index} className="flex justify-between gap-4">
            <span className="min-w-0">
              {line.title}
              {line.sku.length > 0 && <span className="ml-2 text-sm text-muted">{line.sku.join("／")}</span>}
            </span>
            <span className="shrink-0 text-ink-soft tabular-nums">× {line.quantity}</span>
          </li>
        ))}
      </ul>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        {states.map((state) => (
          <div key={state.term} className="flex gap-2">
            <dt className="text-muted">{state.term}</dt>
            <dd className="text-ink-soft">{state.value}</dd>
          </div>
        ))}
      </dl>
      <p className="flex flex-wrap items-center justify-between gap-3 border-t border-rule pt-4">
        <span className="text-sm text-muted">
          共 {pieces} 件，含運費 {formatPrice(order.postage)}
        </span>
        <Link
          to={`/member/orders/${order.number}`}
          className="inline-flex min-h-11 items-center text-[0.9375rem] tracking-[0.08em] text-primary underline underline-offset-4 hover:text-primary-deep"
          aria-label={`${needsPayment ? "查看並付款" : "查看訂單"}：${order.number}`}
        >
          {needsPayment ? "查看並付款" : "查看訂單"}
        </Link>
      </p>
    </article>
  );
}
