import { data } from "react-router";
import { messages } from "@shiyi/contracts/messages";
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

/** Headers a call adds to the client's own (a guest's `x-order-token`, an `accept` other than JSON). */
export type CallOptions = { headers?: Record<string, string> };

/** The member's side of a call: the bearer token, and what to do when the API refuses it. */
export type ApiSession = {
  readonly accessToken: string | undefined;
  /** One refresh shared by the request's calls; false when it was refused. */
  refresh(): Promise<boolean>;
  /** Logs out and sends the member to the login page (throws the redirect). */
  expire(): never;
};

/** SPEC §4: the API's exact answer to a missing or expired access token. */
const unauthenticated = "Unauthenticated.";

export type ApiClient = {
  get<T>(path: string, query?: Query, options?: CallOptions): Promise<T>;
  /** `options.headers`: an Idempotency-Key, say. */
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  /** `body`: what confirms it (DELETE /members/{id} takes the password). */
  delete<T>(path: string, body?: unknown): Promise<T>;
  /**
   * A GET whose answer is not JSON (an HTML page to pass on): the response as the API sent it,
   * whatever its status, after the same refresh and retry on 'Unauthenticated.'.
   */
  getResponse(path: string, query?: Query, options?: CallOptions): Promise<Response>;
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
  /** Absent for visitors and for the refresh call itself. */
  session?: ApiSession;
}): ApiClient {
  /** The response, after one refresh and one retry when the API says 'Unauthenticated.' (SPEC §4). */
  async function exchange(
    method: string,
    path: string,
    query: Query,
    body: unknown,
    headers: Record<string, string>,
  ) {
    const response = await send(method, path, query, body, headers);
    const session = options.session;
    if (response.status !== 401 || !session) return response;
    if (
      apiErrorMessage(
        await response
          .clone()
          .json()
          .catch(() => null),
      ) !== unauthenticated
    )
      return response;
    if (!(await session.refresh())) session.expire();
    const retried = await send(method, path, query, body, headers);
    if (
      retried.status === 401 &&
      apiErrorMessage(
        await retried
          .clone()
          .json()
          .catch(() => null),
      ) === unauthenticated
    ) {
      session.expire();
    }
    return retried;
  }

  // GETs within one page request are asked once: the root's and the page's loaders both read the
  // settings, for instance. Any write forgets them, so a loader after an action reads afresh.
  const reads = new Map<string, Promise<unknown>>();

  function call<T>(
    method: string,
    path: string,
    query: Query = {},
    body?: unknown,
    { headers = {} }: CallOptions = {},
  ): Promise<T> {
    if (method !== "GET") {
      reads.clear();
      return read<T>(method, path, query, body, headers);
    }
    const key = JSON.stringify([path, query, headers]);
    let pending = reads.get(key);
    if (!pending) {
      pending = read(method, path, query, body, headers);
      reads.set(key, pending);
      pending.catch(() => reads.delete(key));
    }
    return pending as Promise<T>;
  }

  async function read<T>(
    method: string,
    path: string,
    query: Query,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<T> {
    const response = await exchange(method, path, query, body, headers);
    const parsed = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) throw new ApiRequestError(response.status, path, parsed);
    return parsed as T;
  }

  function send(method: string, path: string, query: Query, body: unknown, extra: Record<string, string>) {
    const url = new URL(options.baseUrl.replace(/\/$/, "") + path);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      accept: "application/json",
      // The API compresses for browsers; between the web and the API (in-process, or a neighbour
      // on API_BASE_URL) it would only cost both of them the work.
      "accept-encoding": "identity",
      ...extra,
      "x-request-id": options.requestId,
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor;
    const token = options.session?.accessToken;
    if (token) headers.authorization = `Bearer ${token}`;
    return options.fetch(
      new Request(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      }),
    );
  }
  return {
    get: (path, query, callOptions) => call("GET", path, query, undefined, callOptions),
    post: (path, body, callOptions) => call("POST", path, {}, body ?? {}, callOptions),
    patch: (path, body) => call("PATCH", path, {}, body ?? {}),
    delete: (path, body) => call("DELETE", path, {}, body),
    getResponse: (path, query = {}, { headers = {} } = {}) =>
      exchange("GET", path, query, undefined, headers),
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

/**
 * The posted form. A body that is not a form (JSON, plain text, a broken multipart) is the error
 * page with 415 and 參數格式不正確, not a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(messages.invalidParams, { status: 415 });
  }
}

/**
 * Whether a mailed link (`?token=`) still works, asked before its page offers a form: a dead link
 * says so at once, with the way to a new one. Only a clear refusal (422) counts as dead; when the
 * check cannot be made the page offers its form, whose post checks the link anyway. A page without
 * a token, or the `?sent=1` page after a new mail, has no link to check.
 */
export async function mailLinkIsDead(
  api: Pick<ApiClient, "post">,
  url: URL,
  purpose: "verify" | "reset" | "delete" | "email",
): Promise<boolean> {
  return (await checkMailLink(api, url, purpose)).dead;
}

/** mailLinkIsDead's answer, with the new address a link of purpose `email` confirms. */
export async function checkMailLink(
  api: Pick<ApiClient, "post">,
  url: URL,
  purpose: "verify" | "reset" | "delete" | "email",
): Promise<{ dead: boolean; email?: string }> {
  const token = url.searchParams.get("token");
  if (!token || url.searchParams.get("sent") === "1") return { dead: false };
  try {
    const answer = await api.post<{ data?: { email?: string } }>("/members/link-check", { token, purpose });
    return { dead: false, email: answer.data?.email };
  } catch (error) {
    return { dead: error instanceof ApiRequestError && error.status === 422 };
  }
}
