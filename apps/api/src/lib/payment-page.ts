import { newNonce, scriptPolicy } from "@shiyi/contracts/content-security-policy";
import { renderAutoSubmitForm, type EcpayRequest } from "@shiyi/ecpay";
import type { Context } from "hono";

/**
 * The page that sends the browser on to ECPay: its one script, which submits the form, runs by a
 * nonce of its own, and nothing else on the page may run (decision 023).
 */
export function paymentPage(c: Context, request: EcpayRequest) {
  const nonce = newNonce();
  return c.html(renderAutoSubmitForm(request, { title: "前往綠界付款", nonce }), 200, {
    "content-security-policy": scriptPolicy(nonce),
  });
}
