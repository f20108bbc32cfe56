import type { ApiClient } from "./api.server.ts";
import { apiErrorMessage } from "./api-errors.ts";

/**
 * A receipt PDF from the API (GET /donations/{number}/charges/{id}/receipt, GET
 * /donations/receipts/{year}), streamed to the member as a download with their Bearer token. A
 * refusal is passed on with its status and the API's message, as text: there is no page to show
 * it in, since the link downloads.
 */
export async function receiptDownload(api: ApiClient, path: string, filename: string) {
  const response = await api.getResponse(path, {}, { headers: { accept: "application/pdf" } });
  // An address the API cannot read (a charge 0, a number too large) names no receipt.
  if (response.status === 422) return receiptRefusal(404, notFound);
  if (!response.ok) {
    return receiptRefusal(response.status, apiErrorMessage(await response.json().catch(() => null)));
  }
  return new Response(response.body, {
    headers: {
      "content-type": response.headers.get("content-type") ?? "application/pdf",
      "content-disposition":
        response.headers.get("content-disposition") ?? `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}

const notFound = "找不到相關頁面";

/** A receipt's refusal, as text (the link downloads; ReceiptLink shows the text in a toast). */
export const receiptRefusal = (status: number, message = notFound) =>
  new Response(message, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
  });

const receiptPath = /^\/member\/support-us\/receipts\/(?:year\/\d{4}|\d{6,20}\/\d{1,12})$/;

/** A charge's or a year's receipt of the member's gifts (a file: there is no page to come back to). */
export const isReceiptPath = (path: string) => receiptPath.test(path);

/**
 * Where a member who asked for a receipt before login (a mail's link, say) comes back to: the
 * donation history, which then starts the download. Going straight back to a file would leave the
 * browser on the login page, or, in a client-side navigation, on an empty one.
 */
export const receiptDownloadPage = (path: string) =>
  `/member/support-us?download=${encodeURIComponent(path)}`;

/** The receipt the donation history is asked to download (`?download=`), when it is one. */
export function receiptToDownload(url: URL) {
  const path = url.searchParams.get("download");
  return path && isReceiptPath(path) ? path : null;
}
