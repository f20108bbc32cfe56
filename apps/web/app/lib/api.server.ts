import { data } from "react-router";
import { apiErrorMessage, apiFieldErrors, errorHandling } from "./api-errors.ts";

/** SPEC §7, §9: every call times out after 5 seconds. */
export const requestTimeoutMs = 5000;

export type ApiFetch = (request: Request) => Promise<Response>;

export class ApiRequestError extends Error {
  readonly status: number;
  readonly path: string;
  readonly body: unknown;

  constructor(status: number, path: string, body: unknown) {
    super(apiErrorMessage(body));
    this.status = status;
    this.path = path;
    this.body = body;
  }

  /** The per-field messages of a 422, keyed like the form's fields. */
  get fieldErrors() {
    return apiFieldErrors(this.body);
  }
}

type Query = Record<string, string | number | undefined>;

export type ApiClient = {
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
};

/**
 * The web's only way to data. `fetch` is either the in-process API (no socket hop) or the network,
 * when API_BASE_URL points at a separately running API; the code is the same.
 */
export function createApiClient(options: {
  baseUrl: string;
  fetch: ApiFetch;
  requestId: string;
  /** Passed on so the API's rate limits see the browser, not this server. */
  forwardedFor?: string;
}): ApiClient {
  async function call<T>(method: string, path: string, query: Query = {}, body?: unknown): Promise<T> {
    const url = new URL(options.baseUrl.replace(/\/$/, "") + path);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: "application/json", "x-request-id": options.requestId };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor;
    const response = await options.fetch(
      new Request(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      }),
    );
    const parsed = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) throw new ApiRequestError(response.status, path, parsed);
    return parsed as T;
  }
  return {
    get: (path, query) => call("GET", path, query),
    post: (path, body) => call("POST", path, {}, body ?? {}),
    patch: (path, body) => call("PATCH", path, {}, body ?? {}),
    delete: (path) => call("DELETE", path),
  };
}

/** What an action returns when its call failed in a way the page survives: a danger toast (SPEC §8). */
export type ActionFailure = {
  ok: false;
  toast: { type: "danger"; message: string };
  fieldErrors: Record<string, string[]>;
};

/**
 * Turns a failed API call inside an action into SPEC §8's outcome: 400/403/405/422/429 (and calls
 * on the message list) return a danger toast with the field errors, so the form keeps what was
 * typed; anything else becomes the error page.
 */
export function actionFailure(error: unknown) {
  if (error instanceof ApiRequestError) {
    if (errorHandling(error.status, error.path) === "toast") {
      const failure: ActionFailure = {
        ok: false,
        toast: { type: "danger", message: error.message },
        fieldErrors: error.fieldErrors,
      };
      return data(failure, { status: error.status });
    }
    throw data(error.message, { status: error.status });
  }
  throw error;
}

/** Loads a detail; an API 404 becomes the route's 404 page with a real 404 status. */
export async function getOr404<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 422)) {
      throw data(error.message, { status: 404 });
    }
    throw error;
  }
}
