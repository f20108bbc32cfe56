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
  if (!response.ok) {
    const message = apiErrorMessage(await response.json().catch(() => null));
    return new Response(message, {
      status: response.status,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
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

const receiptPath = /^\/member\/support-us\/receipts\/(?:year\/\d{4}|\d{6,20}\/\d{1,12})$/;

/**
 * Where a visitor who opened a receipt's link (from a mail, say) comes back to after login: the
 * donation history, which then starts the download. Going straight back to a file would leave the
 * browser on the login page, or, in a client-side navigation, on an empty one.
 */
export function receiptReturnTo(request: Request) {
  return `/member/support-us?download=${encodeURIComponent(new URL(request.url).pathname.replace(/\.data$/, ""))}`;
}

/** The receipt the donation history is asked to download (`?download=`), when it is one. */
export function receiptToDownload(url: URL) {
  const path = url.searchParams.get("download");
  return path && receiptPath.test(path) ? path : null;
}
