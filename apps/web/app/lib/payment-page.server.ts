import { basePolicy } from "@shiyi/contracts/content-security-policy";
import { redirect, type RouterContextProvider } from "react-router";
import { apiContext } from "./context.ts";

/**
 * The API's page that sends the browser on to ECPay (GET /order-ecpay, /donate-ecpay: a fresh
 * MerchantTradeNo each time), passed on as it came, by the way of paying the address names when
 * the buyer chose another (`payment=atm`; the API checks it). `access` says whose order or gift it
 * is (the member's Bearer token goes by the session; a guest's key in its header). A refusal (paid,
 * waiting for a code to be paid, lapsed, a way it cannot be paid by) goes to `refused`, the result
 * page, which says what the order or gift is waiting for.
 */
export async function paymentPage(
  request: Request,
  context: Readonly<RouterContextProvider>,
  {
    call,
    number,
    access,
    refused,
  }: { call: string; number: string; access: Record<string, string>; refused: string },
) {
  const payment = new URL(request.url).searchParams.get("payment");
  const response = await context
    .get(apiContext)
    .getResponse(
      call,
      { number, ...(payment ? { payment } : {}) },
      { headers: { accept: "text/html", ...access } },
    );
  if (!response.ok) return redirect(refused);
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
