import { basePolicy } from "@shiyi/contracts/content-security-policy";
import { redirect } from "react-router";
import { apiContext } from "../lib/context.ts";
import { donationAccessHeaders, donationNumberOf } from "../lib/donation.server.ts";
import type { Route } from "./+types/support-us-pay";

/**
 * /support-us/pay?number=N: a new payment attempt for the gift. The API's GET /donate-ecpay answers
 * with the page that sends the browser on to ECPay (a fresh MerchantTradeNo each time; for a
 * periodic gift, the card schedule); it is passed on as it came. The member's Bearer token or the
 * guest's key (x-donation-token) says whose gift it is. A gift that cannot be paid now, or any
 * other refusal, goes to its result page, which says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const number = donationNumberOf(request);
  if (!number) return redirect("/support-us");
  const response = await context
    .get(apiContext)
    .getResponse(
      "/donate-ecpay",
      { number },
      { headers: { accept: "text/html", ...donationAccessHeaders(request, number) } },
    );
  if (!response.ok) return redirect(`/support-us/result?number=${number}`);
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
