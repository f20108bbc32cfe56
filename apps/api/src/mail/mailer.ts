import nodemailer from "nodemailer";
import { currentRequestId, type Logger } from "../lib/logger.ts";

/** One mail, as every feature hands it over: both parts, always. */
export type OutgoingMail = {
  to: string | string[];
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  cc?: string | string[];
  /** Further headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on newsletter mail. */
  headers?: Record<string, string>;
  /** Files sent along, e.g. a donation receipt as PDF. */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
};

export type Mailer = {
  /** Resolves once the SMTP server has accepted the message; rejects (after logging) otherwise. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
};

export type MailerOptions = {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; nodemailer's URL options may follow as a query. */
  smtpUrl: string;
  /** The From header, e.g. `食藝誌 <no-reply@example.com>`. */
  from: string;
  logger: Logger;
};

/** Mail over SMTP with nodemailer; the same path in production, development and tests. */
export function createMailer({ smtpUrl, from, logger }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A request waiting on a mail should fail in seconds, not after nodemailer's minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send({ to, subject, html, text, replyTo, cc, headers, attachments }) {
      // Sent in the background after the answer, often: the line names the request that sent it.
      const requestId = currentRequestId();
      try {
        const info = await transport.sendMail({
          from,
          to,
          cc,
          replyTo,
          subject,
          html,
          text,
          headers,
          attachments: attachments?.map((file) => ({ ...file, content: Buffer.from(file.content) })),
        });
        logger.info({ requestId, messageId: info.messageId, subject }, "mail sent");
        return { messageId: info.messageId };
      } catch (error) {
        logger.error({ requestId, err: error, subject }, "mail not sent");
        throw error;
      }
    },
  };
}
