import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino from "pino";

export type Logger = pino.Logger;

export const createLogger = (level: string): Logger =>
  pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: errorForLog },
  });

/**
 * What a log line keeps of a person's data found in an error's text: nothing. A failed query's
 * message lists its parameters (Drizzle: `params: reader@example.com,…`), an SMTP server's reply
 * may repeat the recipient, a constraint's detail the value that clashed.
 */
export function redactPersonalData(text: string): string {
  return text
    .replace(/(^|\n)params: [^\n]*/g, "$1params: [redacted]")
    .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+\.[^\s<>()"',;:]+/g, "[email]")
    .replace(/\b[A-Z][12A-D89]\d{8}\b/g, "[id]")
    .replace(/\b09\d{8}\b/g, "[phone]");
}

/**
 * An error as it is logged: its type, code, message and stack (both without personal data), and
 * its cause the same way. Not its other properties, as pino's own serializer would log them: a
 * PostgreSQL error's `detail` holds the row's values, a mail error's `rejected` the addresses.
 */
export function errorForLog(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: redactPersonalData(String(error)) };
  const fields = error as Error & {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
    status?: unknown;
  };
  return {
    type: error.name,
    message: redactPersonalData(error.message),
    ...(typeof fields.code === "string" || typeof fields.code === "number" ? { code: fields.code } : {}),
    ...(typeof fields.status === "number" ? { status: fields.status } : {}),
    // SMTP: the reply's code and the command it answered (RCPT TO, DATA), not the addresses.
    ...(typeof fields.responseCode === "number" ? { responseCode: fields.responseCode } : {}),
    ...(typeof fields.command === "string" ? { command: fields.command } : {}),
    ...(error.stack ? { stack: redactPersonalData(error.stack) } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: errorForLog(error.cause, depth + 1) } : {}),
  };
}

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Runs `work` as part of the request `requestId`: what it starts, even after the answer (a mail
 * sent in the background), can say which request it belongs to (`currentRequestId`).
 */
export const runForRequest = <T>(requestId: string, work: () => T): T =>
  requestScope.run({ requestId }, work);

/** The request the running code is part of, for log lines of code that has no request's logger. */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

/**
 * The id a request is logged and answered with: the one a proxy or the web gave it
 * (`X-Request-Id`), when it looks like an id (up to 128 letters, digits and `._:-`), else a new one.
 * A client's own header could otherwise put anything, of any length, into every log line.
 */
export function requestIdOf(header: string | undefined): string {
  return header !== undefined && /^[\w.:-]{1,128}$/.test(header) ? header : randomUUID();
}
