import { redirect } from "react-router";
import { orderAccessHeaders, orderNumberPattern } from "../lib/checkout.server.ts";
import { paymentPage } from "../lib/payment-page.server.ts";
import type { Route } from "./+types/cart-pay";

/**
 * /cart/pay?number=N[&payment=atm]: a new payment attempt for the order, by another way of paying
 * when one was chosen on its page: the API's page that sends the browser on to ECPay. An order
 * that cannot be paid now goes to its result page, which says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const number = new URL(request.url).searchParams.get("number") ?? "";
  if (!orderNumberPattern.test(number)) return redirect("/cart");
  return paymentPage(request, context, {
    call: "/order-ecpay",
    number,
    access: orderAccessHeaders(request, number),
    refused: `/cart/result?number=${number}`,
  });
}
