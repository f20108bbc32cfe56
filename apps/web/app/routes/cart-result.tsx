import type { Order } from "@shiyi/contracts";
import { useEffect } from "react";
import { data, redirect } from "react-router";
import { CartSteps } from "../components/cart/cart-steps.tsx";
import { FormSuccess } from "../components/form/schema-form.tsx";
import { OrderOutcome } from "../components/order/order-outcome.tsx";
import { OrderFacts, OrderSummary } from "../components/order/order-view.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { ApiRequestError } from "../lib/api.server.ts";
import { cancelOrderAction } from "../lib/order-page.server.ts";
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

/** 取消訂單 (order-page.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return cancelOrderAction(request, context, orderNumber(request));
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
          <OrderOutcome order={order} self={`/cart/result?number=${order.number}`} />
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
        <aside aria-labelledby="lines-title" className="border-t border-ink pt-6">
          <OrderSummary order={order} />
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
