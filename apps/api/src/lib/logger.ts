import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino from "pino";

export type Logger = pino.Logger;

/** A logger of JSON lines on standard output (or `destination`), errors logged by `errorForLog`. */
export const createLogger = (level: string, destination?: pino.DestinationStream): Logger =>
  pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: errorForLog },
    },
    destination,
  );

/** An address written as mail is sent to (no `/` before the @, a domain with a name). */
const emailPattern = /[^\s/<>()"',;:@[\]]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** A national id or resident certificate number (A123456789, a123456789, AB12345678). */
const idPattern = /(?<![A-Za-z0-9])[A-Za-z][12A-Da-d89]\d{8}(?!\d)/g;
/** A mobile number in Taiwan as it is written: 0912345678, 0912-345-678, +886 912 345 678. */
const mobilePattern = /(?<![\d+])(?:\+?886[-\s]?|0)9\d{2}[-\s]?\d{3}[-\s]?\d{3}(?!\d)/g;

/**
 * What a log line keeps of a person's data found in an error's text: nothing. A failed query's
 * message ends with its parameters (Drizzle: `params: reader@example.com,…`, which a message of
 * several lines runs on over several), an SMTP server's reply may repeat the recipient.
 */
export function redactPersonalData(text: string): string {
  return redactValues(text.replace(/(^|\n)params: [\s\S]*$/, "$1params: [redacted]"));
}

/** Addresses, ids and mobile numbers in `text`, taken out. */
const redactValues = (text: string) =>
  text.replace(emailPattern, "[email]").replace(idPattern, "[id]").replace(mobilePattern, "[phone]");

type LoggedError = Error & {
  code?: unknown;
  errno?: unknown;
  syscall?: unknown;
  address?: unknown;
  port?: unknown;
  responseCode?: unknown;
  command?: unknown;
  status?: unknown;
  errors?: unknown;
};

/** Those of an error's own fields that say what failed and hold no person's data. */
function plainFields(error: LoggedError): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const keep = (name: keyof LoggedError, ...types: string[]) => {
    if (types.includes(typeof error[name])) fields[name] = error[name];
  };
  keep("code", "string", "number");
  keep("errno", "number");
  keep("status", "number");
  // A connection that failed: the call and where to (the database, Redis, the mail server).
  keep("syscall", "string");
  keep("address", "string");
  keep("port", "number");
  // SMTP: the reply's code and the command it answered (RCPT TO, DATA), not the addresses.
  keep("responseCode", "number");
  keep("command", "string");
  return fields;
}

/**
 * An error as it is logged: its type, what failed (code, the call, the address it went to), its
 * message and stack without personal data, and its cause and (an AggregateError's: each address a
 * connection tried) inner errors the same way. Not its other properties, as pino's own serializer
 * would log them: a PostgreSQL error's `detail` holds the row's values, a mail error's `rejected`
 * the addresses.
 */
export function errorForLog(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: redactPersonalData(String(error)) };
  const failed = error as LoggedError;
  const message = redactPersonalData(error.message);
  // The stack begins with the message, which may run over several lines: it is replaced whole
  // (a stack without it loses any line of parameters).
  const stack =
    error.stack &&
    (error.stack.includes(error.message)
      ? redactValues(error.stack.replace(error.message, () => message))
      : redactValues(error.stack.replace(/(^|\n)params: [^\n]*/g, "$1params: [redacted]")));
  const inner = depth < 3 && Array.isArray(failed.errors) ? failed.errors.slice(0, 5) : [];
  return {
    type: error.name,
    message,
    ...plainFields(failed),
    ...(stack ? { stack } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: errorForLog(error.cause, depth + 1) } : {}),
    ...(inner.length > 0 ? { errors: inner.map((each) => errorForLog(each, depth + 1)) } : {}),
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
