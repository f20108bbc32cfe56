import type { AddressInfo } from "node:net";
import type { Hono } from "hono";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { createInbox } from "./inbox.ts";
import { createMailbox, toCaughtMessage, type CaughtMessage, type MessageFilter } from "./mailbox.ts";

export type MailCatcherOptions = {
  /** Interface to listen on; the loopback one unless told otherwise. */
  host?: string;
  /** SMTP port; 0 picks a free one. */
  port?: number;
  /** How many messages to keep; older ones are dropped. */
  limit?: number;
  /** Errors of single SMTP connections (a client hanging up mid-message, say); they never stop the server. */
  onError?: (error: Error) => void;
};

export type MailCatcher = {
  host: string;
  /** The port actually bound (the chosen one when `port` was 0). */
  port: number;
  /** Where to send: `smtp://host:port`. */
  smtpUrl: string;
  /** The inbox in the browser and the JSON API; mount it anywhere (`app.route("/_mail", catcher.inbox)`). */
  inbox: Hono;
  /** Caught messages, newest first. */
  messages(filter?: MessageFilter): CaughtMessage[];
  clear(): void;
  close(): Promise<void>;
};

/**
 * An SMTP server that accepts every message (any sender, any recipient, any or no login, no TLS)
 * and keeps the last ones in memory, for development and tests. Never for production.
 */
export async function startMailCatcher({
  host = "127.0.0.1",
  port = 1025,
  limit = 500,
  onError = () => {},
}: MailCatcherOptions = {}): Promise<MailCatcher> {
  const mailbox = createMailbox(limit);
  const server = new SMTPServer({
    banner: "shiyi mail catcher",
    logger: false,
    // Plain SMTP only: STARTTLS would offer the library's published test certificate.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    size: 25 * 1024 * 1024,
    // On shutdown, a connection still open is cut after a second rather than the default 30.
    closeTimeout: 1000,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? "anyone" }),
    // The client's "250 OK" waits for the message to be stored, so a sender can read it back at once.
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (parsed) => {
          mailbox.add(toCaughtMessage(parsed));
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", onError);

  const bound = (server.server.address() as AddressInfo).port;
  const smtpUrl = `smtp://${host.includes(":") ? `[${host}]` : host}:${bound}`;
  return {
    host,
    port: bound,
    smtpUrl,
    inbox: createInbox(mailbox, { smtpUrl, limit }),
    messages: (filter) => mailbox.list(filter),
    clear: () => mailbox.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
