import { data } from "react-router";
import { actionFailure, ApiRequestError, readForm } from "./api.server.ts";
import { orderAccessHeaders } from "./checkout.server.ts";
import { apiContext } from "./context.ts";
import type { RouterContextProvider } from "react-router";

/**
 * 取消訂單: the buyer gives up an order still waiting for its payment (the member's, or the guest's
 * with this browser's token or the mail's key); the page then shows it cancelled. The action of
 * both pages that show an order (/cart/result, /member/orders/N).
 */
export async function cancelOrderAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  number: string | null,
) {
  const form = await readForm(request);
  if (!number || form.get("intent") !== "cancel") throw data("不支援的操作", { status: 400 });
  try {
    const { message } = await context
      .get(apiContext)
      .post<{ message: string }>(
        `/orders/${number}/cancel`,
        {},
        { headers: orderAccessHeaders(request, number) },
      );
    return { toast: { type: "success" as const, message } };
  } catch (error) {
    // Paid, or a code issued, in the meantime: said, and the page shows the order as it now stands.
    if (error instanceof ApiRequestError && error.status === 409)
      return data({ toast: { type: "danger" as const, message: error.message } }, { status: 409 });
    return actionFailure(error);
  }
}
