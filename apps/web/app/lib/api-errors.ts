import { messages } from "@shiyi/contracts/messages";

/**
 * The error catalogue of SPEC §8, shared by loaders, actions and the browser: which text a failed
 * call shows, and whether it shows as a danger toast or as the error page.
 */

/** The readable message of an error body: `error`, then `message`, then `errors`, then the fallback. */
export function apiErrorMessage(body: unknown): string {
  if (body && typeof body === "object") {
    const { error, message, errors } = body as { error?: unknown; message?: unknown; errors?: unknown };
    const fromError =
      typeof error === "string"
        ? error
        : error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string"
          ? (error as { message: string }).message
          : "";
    if (fromError.trim()) return fromError;
    if (typeof message === "string" && message.trim()) return message;
    const list = Array.isArray(errors)
      ? errors.filter((entry): entry is string => typeof entry === "string")
      : errors && typeof errors === "object"
        ? Object.values(errors).flatMap((value) => {
            const first = Array.isArray(value) ? value[0] : value;
            return typeof first === "string" ? [first] : [];
          })
        : [];
    if (list.length > 0) return list.join("\n");
  } else if (typeof body === "string" && body.trim()) {
    return body;
  }
  return messages.fallback;
}

/** Field errors of a 422 body (`errors: { field: [messages] }`), for the form that sent it. */
export function apiFieldErrors(body: unknown): Record<string, string[]> {
  const errors = body && typeof body === "object" ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== "object" || Array.isArray(errors)) return {};
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    const list = (Array.isArray(value) ? value : [value]).filter(
      (entry): entry is string => typeof entry === "string",
    );
    if (list.length > 0) result[field] = list;
  }
  return result;
}

/** Statuses that only raise a danger toast: the page stays as it is. */
export const toastStatuses: ReadonlySet<number> = new Set([400, 403, 405, 422, 429]);

/** Calls whose other failures still show as a message, not as the error page. */
export const messageUrls = ["/members/login", "/refresh", "/cart"] as const;
/** Calls whose failures always show the error page. */
export const errorPageUrls = ["/members", "/orders", "/subscribe", "/donations"] as const;

export type ErrorHandling = "toast" | "page";

/** Where a failed call's message goes (SPEC §8). `url` is the API path that failed. */
export function errorHandling(status: number, url: string): ErrorHandling {
  if (toastStatuses.has(status)) return "toast";
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, "").split(/[?#]/)[0] ?? "";
  if (messageUrls.some((entry) => path.includes(entry))) return "toast";
  return "page";
}
