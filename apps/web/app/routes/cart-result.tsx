import { orderMessages, type Order } from "@shiyi/contracts";
import { useEffect, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { CartSteps } from "../components/cart/cart-steps.tsx";
import { BuyAgain } from "../components/order/buy-again.tsx";
import { FormSuccess } from "../components/form/schema-form.tsx";
import {
  afterPayment,
  LineList,
  OrderFacts,
  orderLines,
  StatusBadge,
  Totals,
} from "../components/order/order-view.tsx";
import { PaymentCodeBox, primaryLink } from "../components/order/payment-code.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { Button } from "../components/ui/button.tsx";
import { useConfirm } from "../components/ui/confirm-dialog.tsx";
import { actionFailure, ApiRequestError, readForm } from "../lib/api.server.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import { checkoutDraft, forgetDraft } from "../lib/form-draft.ts";
import { localCart } from "../lib/cart/use-local-cart.ts";
import {
  clearJoinedCookie,
  clearPlacedCookie,
  justJoined,
  justPlaced,
  orderAccessHeaders,
  orderNumberPattern,
  keepOrderToken,
  orderTokensSetCookie,
  readOrderTokens,
} from "../lib/checkout.server.ts";
import { apiContext, siteConfigContext } from "../lib/context.ts";
import { formatDateTime } from "../lib/format.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { getMember } from "../lib/session.server.ts";
import type { Route } from "./+types/cart-result";

/*
 * The order's result (SPEC §2 /cart/result?number=N): where ECPay sends the browser back, and where
 * an order can be looked at and paid again. What it says comes from the API's record of the order
 * (ECPay's server-to-server notifications keep it), never from what the browser brought back.
 * ECPay's return is a cross-site POST: the web server answers it with a 303 to this page before
 * React Router sees it (server/app.ts).
 */

const privatePage = { "cache-control": "private, no-store", "x-robots-tag": "noindex" };

export function headers() {
  return privatePage;
}

export const meta: Route.MetaFunction = loaderMeta;

const orderNumber = (request: Request) => {
  const number = new URL(request.url).searchParams.get("number") ?? "";
  return orderNumberPattern.test(number) ? number : null;
};

/** The key of the order's mail link (`key`), in the form the API gives it. */
const mailKey = (request: Request) => {
  const key = new URL(request.url).searchParams.get("key") ?? "";
  return /^[\w-]{43}$/.test(key) ? key : null;
};

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const number = orderNumber(request);
  if (!number) throw redirect("/cart");
  const key = mailKey(request);
  const api = context.get(apiContext);
  const read = (headers: Record<string, string>) =>
    api.get<{ data: Order }>(`/orders/${number}`, {}, { headers }).then((reply) => reply.data);
  const secure = context.get(siteConfigContext).publicUrl.startsWith("https:");
  if (key) {
    // Opened from the order's mail, in any browser: the key is kept with this browser's orders
    // (in the order's place, if it is there), and the address loses it, so it stays out of the
    // history and of any page's referrer. A key that no longer opens it (JWT_SECRET rotated)
    // leaves the browser's own token, if any, to do so.
    const opened = await read({ "x-order-token": key }).then(
      () => true,
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 404) return false;
        throw error;
      },
    );
    const tokens = readOrderTokens(request);
    throw redirect(`/cart/result?number=${number}`, {
      headers: opened
        ? {
            ...privatePage,
            "set-cookie": orderTokensSetCookie(keepOrderToken(tokens, number, key), { secure }),
          }
        : privatePage,
    });
  }
  let order: Order;
  try {
    order = await read(orderAccessHeaders(request, number));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) {
      throw data(error.message, { status: error.status });
    }
    throw error;
  }
  const headers = new Headers(privatePage);
  const guest = !(await getMember(context));
  // A guest's order was made from the local cart: this first visit clears its lines there.
  const clearLocalCart = guest && justPlaced(request, number);
  if (clearLocalCart) {
    headers.append("set-cookie", clearPlacedCookie({ secure }));
  }
  // A guest who joined with the order is told once that the account is made, and how to start it.
  const joined = guest && justJoined(request, number);
  if (joined) headers.append("set-cookie", clearJoinedCookie({ secure }));
  const meta = await pageMeta({ url, context }, { title: "訂購結果", noindex: true });
  return data({ order, clearLocalCart, joined, meta }, { headers });
}

/**
 * 取消訂單: the buyer gives up an order still waiting for its payment (the member's, or the guest's
 * with this browser's token or the mail's key); the page then shows it cancelled.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const number = orderNumber(request);
  const form = await readForm(request);
  if (!number || form.get("intent") !== "cancel") throw data("不支援的操作", { status: 400 });
  try {
    const { message } = await context
      .get(apiContext)
      .post<{ message: string }>(
        `/orders/${number}/cancel`,
        {},
        { headers: orderAccessHeaders(request, number) },
      );
    return { toast: { type: "success" as const, message } };
  } catch (error) {
    // Paid, or a code issued, in the meantime: said, and the page shows the order as it now stands.
    if (error instanceof ApiRequestError && error.status === 409)
      return data({ toast: { type: "danger" as const, message: error.message } }, { status: 409 });
    return actionFailure(error);
  }
}

export default function CartResult({ loaderData, actionData }: Route.ComponentProps) {
  const { order, clearLocalCart, joined } = loaderData;
  useActionToast(actionData?.toast);
  useClearOrderedLines(clearLocalCart ? order : null);
  // The order is placed: the checkout form kept for a return from the cart is done with.
  useEffect(() => forgetDraft(checkoutDraft), []);
  return (
    <div className="container-page pb-20">
      <PageHeading kicker="Order" title="訂購結果" />
      <CartSteps current={3} />
      <div className="grid gap-12 pt-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
        <div className="grid content-start gap-10">
          <Outcome order={order} />
          {joined && (
            <FormSuccess title="會員帳號已建立">
              <p>
                驗證信已寄至 <span className="wrap-anywhere text-ink">{order.customer.email}</span>
                ，請點擊信中的連結啟用帳號；啟用後登入，即可在會員中心查看這筆訂單。
              </p>
            </FormSuccess>
          )}
          <section aria-labelledby="facts-title" className="grid gap-5">
            <h2 id="facts-title" className="font-serif text-xl font-bold tracking-[0.12em]">
              訂單資訊
            </h2>
            <OrderFacts order={order} />
          </section>
        </div>
        <aside aria-labelledby="lines-title" className="grid content-start gap-5 border-t border-ink pt-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="lines-title" className="font-serif text-2xl font-bold tracking-[0.12em]">
              訂單明細
            </h2>
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
          <LineList lines={orderLines(order)} compact />
          <Totals items={order.items_total} postage={order.postage} total={order.total} />
        </aside>
      </div>
    </div>
  );
}

/** Takes the ordered lines out of the visitor's local cart, once. */
function useClearOrderedLines(order: Order | null) {
  useEffect(() => {
    if (!order || clearedOrders.has(order.number)) return;
    clearedOrders.add(order.number);
    localCart().removeOrdered(order.line_items);
  }, [order]);
}

/** Orders whose lines this page has taken out of the cart already (an effect may run twice). */
const clearedOrders = new Set<string>();

/** What the order's state means for the reader, and what they can do now. */
function Outcome({ order }: { order: Order }) {
  const self = `/cart/result?number=${order.number}`;
  const pay = `/cart/pay?number=${order.number}`;
  switch (order.status) {
    case "paid":
      return (
        <FormSuccess title="付款完成，感謝您的訂購！">
          <p>
            我們已收到您的款項，訂單確認信已寄至{" "}
            <span className="wrap-anywhere text-ink">{order.customer.email}</span>。{afterPayment(order)}
          </p>
        </FormSuccess>
      );
    case "awaiting_payment":
      return (
        <PaymentCodeBox code={order.payment.code} amount={order.total} refresh={self}>
          付款完成後，綠界通知我們需要一點時間；收到款項後這一頁就會顯示「已付款」，並寄出確認信。
        </PaymentCodeBox>
      );
    case "pending":
      return (
        <div className="grid gap-5">
          <div role="status" className="border-l-4 border-primary bg-paper-deep px-5 py-5">
            <p className="font-serif text-lg font-bold tracking-[0.08em] text-primary-deep">
              {order.payment.failure ? "付款未完成" : "訂單已成立，尚未付款"}
            </p>
            <p className="mt-2 leading-7 text-ink-soft">
              {order.payment.failure
                ? `綠界回覆：${order.payment.failure.replace(/[。.]$/, "")}。`
                : "請完成付款，訂單才會開始處理。"}
              {order.reserved_until && (
                <>商品保留至 {formatDateTime(order.reserved_until)}，逾時將自動取消。</>
              )}
            </p>
          </div>
          {order.payable && (
            <div className="flex flex-wrap items-center gap-x-6 gap-y-4">
              {/* /cart/pay answers with ECPay's page: loaded as a document, not by the router. */}
              <Link to={pay} reloadDocument className={primaryLink}>
                {order.payment.failure ? "重新付款" : "前往付款"}
              </Link>
              <CancelOrder order={order} />
            </div>
          )}
        </div>
      );
    case "expired":
      return (
        <div className="grid gap-5">
          <div role="status" className="border-l-4 border-rule bg-paper-deep px-5 py-5">
            <p className="font-serif text-lg font-bold tracking-[0.08em]">訂單已逾期</p>
            <p className="mt-2 leading-7 text-ink-soft">
              {orderMessages.expired}。可將這筆訂單的商品放回購物車，重新訂購。
            </p>
          </div>
          <BuyAgain order={order} />
        </div>
      );
    case "cancelled":
      return (
        <div role="status" className="border-l-4 border-rule bg-paper-deep px-5 py-5">
          <p className="font-serif text-lg font-bold tracking-[0.08em]">訂單已取消</p>
          <p className="mt-2 leading-7 text-ink-soft">
            保留的商品已釋出。可將這筆訂單的商品放回購物車，重新訂購；如有疑問，請與我們聯絡。
          </p>
          <div className="mt-5">
            <BuyAgain order={order} />
          </div>
        </div>
      );
  }
}

/** 取消訂單, after the confirm dialog; without JavaScript the press is the choice. */
function CancelOrder({ order }: { order: Order }) {
  const confirm = useConfirm();
  const submit = useSubmit();
  const busy = useNavigation().formData?.get("intent") === "cancel";
  function confirmCancel(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    void confirm({
      type: "danger",
      title: "取消訂單",
      message: `取消後，訂單 ${order.number} 保留的商品將釋出，無法再付款。確定要取消這筆訂單嗎？`,
      cancelText: "保留訂單",
      actionText: "取消訂單",
    }).then((ok) => (ok ? submit(form, { preventScrollReset: true }) : undefined));
  }
  return (
    <Form method="post" onSubmit={confirmCancel} preventScrollReset>
      <input type="hidden" name="intent" value="cancel" />
      <Button type="submit" variant="secondary" aria-disabled={busy || undefined}>
        {busy ? "取消中…" : "取消訂單"}
      </Button>
    </Form>
  );
}
