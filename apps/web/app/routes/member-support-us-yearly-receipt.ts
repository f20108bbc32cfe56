import { apiContext } from "../lib/context.ts";
import { receiptDownload, receiptRefusal } from "../lib/receipt-pdf.server.ts";
import { requireMember } from "../lib/session.server.ts";
import type { Route } from "./+types/member-support-us-yearly-receipt";

/** /member/support-us/receipts/year/{year}: the member's receipt for all gifts of a year, as PDF. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireMember({ request, context });
  // Refused as the API's refusals are passed on (receiptDownload): as text, the link downloads.
  if (!/^\d{4}$/.test(params.year)) return receiptRefusal(404);
  return receiptDownload(
    context.get(apiContext),
    `/donations/receipts/${params.year}`,
    `receipt-${params.year}.pdf`,
  );
}
