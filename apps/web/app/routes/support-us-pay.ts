import { redirect } from "react-router";
import { donationAccessHeaders, donationNumberOf } from "../lib/donation.server.ts";
import { paymentPage } from "../lib/payment-page.server.ts";
import type { Route } from "./+types/support-us-pay";

/**
 * /support-us/pay?number=N[&payment=atm]: a new payment attempt for the gift (for a periodic gift,
 * the card schedule), by another way of paying when one was chosen on its page: the API's page
 * that sends the browser on to ECPay. A gift that cannot be paid now goes to its result page,
 * which says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const number = donationNumberOf(request);
  if (!number) return redirect("/support-us");
  return paymentPage(request, context, {
    call: "/donate-ecpay",
    number,
    access: donationAccessHeaders(request, number),
    refused: `/support-us/result?number=${number}`,
  });
}
