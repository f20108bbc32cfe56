import { startMailCatcher, type MailCatcher } from "@shiyi/mail-catcher";
import type { Hono } from "hono";
import type { MailConfig } from "../env.ts";
import type { Logger } from "../lib/logger.ts";
import { createMailer, type Mailer } from "./mailer.ts";

export type MailService = {
  mailer: Mailer;
  /** The local catcher's inbox, for the host to mount at /_mail; absent when SMTP_URL is set. */
  inbox?: Hono;
  close(): Promise<void>;
};

/**
 * Mail as configured: to SMTP_URL when it is set; otherwise to a catcher started in this process,
 * still over SMTP, so development and tests send exactly as production does.
 */
export async function startMail(config: MailConfig, logger: Logger): Promise<MailService> {
  if (config.smtpUrl) {
    return {
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.from, logger }),
      close: () => Promise.resolve(),
    };
  }
  const catcher = await startCatcher(config.catcherPort, logger);
  logger.info({ smtp: catcher.smtpUrl }, "SMTP_URL is unset: mail is caught locally, readable at /_mail");
  return {
    mailer: createMailer({ smtpUrl: catcher.smtpUrl, from: config.from, logger }),
    inbox: catcher.inbox,
    close: catcher.close,
  };
}

async function startCatcher(port: number, logger: Logger): Promise<MailCatcher> {
  const onError = (error: Error) => logger.warn({ err: error }, "mail catcher: a connection failed");
  try {
    return await startMailCatcher({ port, onError });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    // Another server (a second checkout, the API run alone) holds the port; any free one will do.
    const catcher = await startMailCatcher({ port: 0, onError });
    logger.warn(
      { port, smtp: catcher.smtpUrl },
      `MAIL_CATCHER_PORT ${port} is taken: the mail catcher listens on port ${catcher.port} instead`,
    );
    return catcher;
  }
}
