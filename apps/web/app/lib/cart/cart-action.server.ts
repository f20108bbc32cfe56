import { messages } from "@shiyi/contracts/messages";
import { data } from "react-router";
import { ApiRequestError } from "../api.server.ts";
import type { CartReply } from "./cart-reply.ts";

/*
 * Answers of the /cart action. SPEC §8: a failed cart change shows a danger toast with the API's
 * message, else the change's own fallback (加入購物車發生錯誤, 更新購物車發生錯誤, 移除項目發生錯誤);
 * the cart calls are on the message list, so no failure of theirs becomes the error page.
 */

export const cartSuccess = (message: string, type: "success" | "danger" = "success") =>
  data<CartReply>({ ok: true, toast: { type, message } });

export function cartFailure(error: unknown, fallback: string) {
  // A redirect (the session expired: to the login page) goes on its way.
  if (error instanceof Response) throw error;
  if (error instanceof ApiRequestError && error.status < 500) {
    const message = error.message === messages.fallback ? fallback : error.message;
    return data<CartReply>({ ok: false, toast: { type: "danger", message } }, { status: error.status });
  }
  // A timeout or an API fault: the change did not happen; the reader may try again.
  console.error("A cart change failed", error);
  return data<CartReply>({ ok: false, toast: { type: "danger", message: fallback } }, { status: 502 });
}

/** The posted change itself is malformed (not what the site's forms send): refused, 422. */
export function cartRefusal(message: string) {
  return data<CartReply>({ ok: false, toast: { type: "danger", message } }, { status: 422 });
}

/** A form value as a positive whole number, or NaN. */
export const positiveInt = (value: FormDataEntryValue | null) => {
  const number = typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value) : Number.NaN;
  return number > 0 ? number : Number.NaN;
};
