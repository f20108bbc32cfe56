/**
 * The key that makes a form safe to send twice (the API's Idempotency-Key, apps/api's
 * lib/idempotency.ts). A checkout or donation form carries one in a hidden field; its action
 * passes it on, so that pressing the button again, or sending the form again after the network
 * lost the answer, gives back the order or gift the first sending made instead of a second one.
 */
export const idempotencyField = "idempotency_key";

const keyPattern = /^[A-Za-z0-9_-]{8,100}$/;

/** A new key: 128 random bits (getRandomValues works where randomUUID needs HTTPS). */
export function newIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The API call's header for the form's key; none for a form without one (or with a mangled one). */
export function idempotencyHeaders(form: FormData): Record<string, string> {
  const key = form.get(idempotencyField);
  return typeof key === "string" && keyPattern.test(key) ? { "idempotency-key": key } : {};
}
