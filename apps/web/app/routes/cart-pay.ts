import { basePolicy } from "@shiyi/contracts/content-security-policy";
import { redirect } from "react-router";
import { orderAccessHeaders, orderNumberPattern } from "../lib/checkout.server.ts";
import { apiContext } from "../lib/context.ts";
import type { Route } from "./+types/cart-pay";

/**
 * /cart/pay?number=N[&payment=atm]: a new payment attempt for the order, by another way of paying
 * when one is chosen. The API's GET /order-ecpay answers with
 * the page that sends the browser on to ECPay (a fresh MerchantTradeNo each time); it is passed on
 * as it came. The member's Bearer token or the guest's key (x-order-token) says whose order it is.
 * An order that cannot be paid now (paid, waiting for a code to be paid, lapsed), or any other
 * refusal, goes to its result page, which says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const number = query.get("number") ?? "";
  if (!orderNumberPattern.test(number)) return redirect("/cart");
  // Another way of paying, chosen on the order's page (a card refused, say); the API checks it.
  const payment = query.get("payment");
  const response = await context
    .get(apiContext)
    .getResponse(
      "/order-ecpay",
      { number, ...(payment ? { payment } : {}) },
      { headers: { accept: "text/html", ...orderAccessHeaders(request, number) } },
    );
  if (!response.ok) return redirect(`/cart/result?number=${number}`);
  return new Response(response.body, {
    status: response.status,
    headers: {
      "content-type": response.headers.get("content-type") ?? "text/html; charset=utf-8",
      // The page's one script runs by the API's nonce (decision 023).
      "content-security-policy": response.headers.get("content-security-policy") ?? basePolicy,
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
    },
  });
}
