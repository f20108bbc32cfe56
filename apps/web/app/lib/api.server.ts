import type { ApiError as ApiErrorBody } from "@shiyi/contracts";
import { messages } from "@shiyi/contracts/messages";
import { data } from "react-router";

/** SPEC §7, §9: every call times out after 5 seconds. */
export const requestTimeoutMs = 5000;

export type ApiFetch = (request: Request) => Promise<Response>;

export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.message ?? messages.fallback);
    this.status = status;
    this.body = body;
  }
}

export type ApiClient = {
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T>;
};

/**
 * The web's only way to data. `fetch` is either the in-process API (no socket hop) or the network,
 * when API_BASE_URL points at a separately running API; the code is the same.
 */
export function createApiClient(options: { baseUrl: string; fetch: ApiFetch; requestId: string }): ApiClient {
  return {
    async get<T>(path: string, query: Record<string, string | number | undefined> = {}) {
      const url = new URL(options.baseUrl.replace(/\/$/, "") + path);
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) url.searchParams.set(key, String(value));
      }
      const response = await options.fetch(
        new Request(url, {
          headers: { accept: "application/json", "x-request-id": options.requestId },
          signal: AbortSignal.timeout(requestTimeoutMs),
        }),
      );
      const body = (await response.json().catch(() => null)) as unknown;
      if (!response.ok) throw new ApiRequestError(response.status, body as ApiErrorBody | null);
      return body as T;
    },
  };
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
