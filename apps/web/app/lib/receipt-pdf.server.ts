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
