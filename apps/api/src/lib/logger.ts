import { randomUUID } from "node:crypto";
import pino from "pino";

export type Logger = pino.Logger;

export const createLogger = (level: string): Logger =>
  pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });

/**
 * The id a request is logged and answered with: the one a proxy or the web gave it
 * (`X-Request-Id`), when it looks like an id (up to 128 letters, digits and `._:-`), else a new one.
 * A client's own header could otherwise put anything, of any length, into every log line.
 */
export function requestIdOf(header: string | undefined): string {
  return header !== undefined && /^[\w.:-]{1,128}$/.test(header) ? header : randomUUID();
}
