import { createServer, type Server } from "node:net";
import { Writable } from "node:stream";
import { startMailCatcher, type MailCatcher } from "@shiyi/mail-catcher";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, runForRequest } from "../lib/logger.ts";
import { createMailer } from "./mailer.ts";
import { startMail } from "./start.ts";
import { verifyEmailMail } from "./templates/index.ts";

const from = "食藝誌 <no-reply@shiyi.test>";

/** A logger whose lines the test can read. */
function recordingLogger() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: "debug" }, stream), lines };
}

/** A port that is certainly closed: bound once, then released. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("createMailer, over real SMTP to a catcher", () => {
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher({ port: 0 });
  });
  afterAll(() => catcher.close());

  it("delivers a rendered mail: subject, both parts, recipients, reply address", async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: catcher.smtpUrl, from, logger });
    const verifyUrl = "https://shiyi.test/auth/confirmation?token=abc&email=reader%40example.com";
    const mail = verifyEmailMail({
      siteUrl: "https://shiyi.test/",
      name: "王小明",
      verifyUrl,
      validHours: 24,
    });

    const { messageId } = await runForRequest("req-mail-1", () =>
      mailer.send({
        to: "王小明 <reader@example.com>",
        cc: "editors@example.com",
        replyTo: "service@shiyi.test",
        ...mail,
      }),
    );

    const [received] = catcher.messages({ to: "reader@example.com" });
    expect(received).toMatchObject({
      subject: "請驗證您的電子郵件地址",
      from: [{ name: "食藝誌", address: "no-reply@shiyi.test" }],
      to: [{ name: "王小明", address: "reader@example.com" }],
      cc: [{ name: "", address: "editors@example.com" }],
      html: mail.html,
    });
    expect(received?.text.trim()).toBe(mail.text.trim());
    expect(received?.text).toContain(verifyUrl);
    expect(received?.headers["reply-to"]).toBe("service@shiyi.test");
    expect(received?.headers["message-id"]).toBe(messageId);
    // The line names the request that sent the mail, though sent in the background after its answer.
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "mail sent", messageId, requestId: "req-mail-1" }),
    );
  });

  it("rejects, and logs, when the SMTP server cannot be reached", async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from, logger });

    await expect(
      mailer.send({ to: "reader@example.com", subject: "測試", html: "<p>測試</p>", text: "測試" }),
    ).rejects.toThrow();
    expect(lines).toContainEqual(expect.objectContaining({ msg: "mail not sent", subject: "測試" }));
  });
});

describe("startMail", () => {
  const config = { from, catcherPort: 0 };

  it("sends to SMTP_URL when it is set, and offers no inbox", async () => {
    const catcher = await startMailCatcher({ port: 0 });
    try {
      const mail = await startMail({ ...config, smtpUrl: catcher.smtpUrl }, createLogger("silent"));
      expect(mail.inbox).toBeUndefined();
      await mail.mailer.send({
        to: "reader@example.com",
        subject: "正式信箱",
        html: "<p>好</p>",
        text: "好",
      });
      expect(catcher.messages().map((m) => m.subject)).toEqual(["正式信箱"]);
      await mail.close();
    } finally {
      await catcher.close();
    }
  });

  it("without SMTP_URL, catches mail in this process and offers its inbox", async () => {
    const mail = await startMail(config, createLogger("silent"));
    try {
      await mail.mailer.send({
        to: "reader@example.com",
        subject: "本機的信",
        html: "<p>好</p>",
        text: "好",
      });
      const response = await mail.inbox!.request("/api/messages?to=reader@example.com");
      const { data } = (await response.json()) as { data: { subject: string }[] };
      expect(data.map((m) => m.subject)).toEqual(["本機的信"]);
    } finally {
      await mail.close();
    }
  });

  describe("when MAIL_CATCHER_PORT is taken", () => {
    let busy: Server;
    let port: number;
    beforeAll(async () => {
      busy = createServer();
      await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
      port = (busy.address() as { port: number }).port;
    });
    afterAll(() => new Promise((resolve) => busy.close(resolve)));

    it("warns and catches mail on a free port instead", async () => {
      const { logger, lines } = recordingLogger();
      const mail = await startMail({ from, catcherPort: port }, logger);
      try {
        const warning = lines.find((line) => line.level === 40);
        expect(warning?.msg).toMatch(new RegExp(`^MAIL_CATCHER_PORT ${port} is taken`));
        await mail.mailer.send({
          to: "reader@example.com",
          subject: "換了埠",
          html: "<p>好</p>",
          text: "好",
        });
        const response = await mail.inbox!.request("/api/messages");
        expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(1);
      } finally {
        await mail.close();
      }
    });
  });
});
