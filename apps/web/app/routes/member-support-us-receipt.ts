import { data } from "react-router";
import { apiContext } from "../lib/context.ts";
import { donationNumberPattern } from "../lib/donation.server.ts";
import { receiptDownload } from "../lib/receipt-pdf.server.ts";
import { requireMember } from "../lib/session.server.ts";
import type { Route } from "./+types/member-support-us-receipt";

/** /member/support-us/receipts/{number}/{chargeId}: the receipt of one charge of the member's gift, as PDF. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireMember({ request, context });
  const { number, chargeId } = params;
  if (!donationNumberPattern.test(number) || !/^\d{1,12}$/.test(chargeId))
    throw data("找不到相關頁面", { status: 404 });
  return receiptDownload(
    context.get(apiContext),
    `/donations/${number}/charges/${chargeId}/receipt`,
    `receipt-${number}-${chargeId}.pdf`,
  );
}
