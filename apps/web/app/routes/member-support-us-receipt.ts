import { apiContext } from "../lib/context.ts";
import { donationNumberPattern } from "../lib/donation.server.ts";
import { receiptDownload, receiptRefusal } from "../lib/receipt-pdf.server.ts";
import { requireMember } from "../lib/session.server.ts";
import type { Route } from "./+types/member-support-us-receipt";

/** /member/support-us/receipts/{number}/{chargeId}: the receipt of one charge of the member's gift, as PDF. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireMember({ request, context });
  const { number, chargeId } = params;
  // Refused as the API's refusals are passed on (receiptDownload): as text, the link downloads.
  if (!donationNumberPattern.test(number) || !/^[1-9]\d{0,9}$/.test(chargeId)) return receiptRefusal(404);
  return receiptDownload(
    context.get(apiContext),
    `/donations/${number}/charges/${chargeId}/receipt`,
    `receipt-${number}-${chargeId}.pdf`,
  );
}
