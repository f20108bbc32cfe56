import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino from "pino";

export type Logger = pino.Logger;

export const createLogger = (level: string): Logger =>
  pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });

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
