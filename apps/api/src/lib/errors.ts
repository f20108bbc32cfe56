import { messages } from "@shiyi/contracts";

/** A failure with an HTTP status and a message meant for the person who caused it. */
export class ApiError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 422 | 429 | 502;
  readonly errors?: Record<string, string[]>;
  /** A 429's wait, sent as Retry-After. */
  readonly retryAfterSeconds?: number;

  constructor(
    status: ApiError["status"],
    message: string,
    errors?: Record<string, string[]>,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (message: string = messages.notFound) => new ApiError(404, message);
