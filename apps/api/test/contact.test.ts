import type { ApiError, ContactCreated } from "@shiyi/contracts";
import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { contactMessages } from "../src/db/schema.ts";
import { localCaptchaToken } from "../src/lib/captcha.ts";
import type { Mailer } from "../src/mail/mailer.ts";
import { expectInvalid, testShopConfig, useApi } from "./api.ts";
import { databaseTargets } from "./databases.ts";

let sequence = 0;
/** A valid message as the web sends it, from an e-mail address no other test uses. */
const message = (values: Record<string, unknown> = {}) => ({
  topic: "corrections",
  name: "王小明",
  email: `reader-${++sequence}@example.com.tw`,
  mobile: "0912345678",
  message: "第 12 期第 34 頁的店名有誤。",
  terms: true,
  g_recaptcha_response: localCaptchaToken,
  ...values,
});

/** Each request from an address of its own, unless a test says otherwise. */
const from = (address: string) => ({ "x-forwarded-for": address });
let addresses = 0;
const freshAddress = () => from(`198.51.100.${++addresses}`);

describe.each(databaseTargets())("POST /contact on $name", (target) => {
  const api = useApi(target);

  /** The newest mail to `to` whose subject contains `subject`, once it has arrived. */
  const mailTo = (to: string, subject: string) =>
    vi.waitFor(
      () => {
        const [caught] = api.mail.messages({ to, subject });
        if (!caught) throw new Error(`no mail "${subject}" to ${to} yet`);
        return caught;
      },
      { timeout: 5_000, interval: 20 },
    );

  it("stores the message and thanks the sender (201)", async () => {
    const sent = message({ name: "  王小明 ", mobile: "" });
    const response = await api.post<ContactCreated>("/contact", sent, freshAddress());
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      data: { id: expect.any(Number) },
      message: "感謝您的來信，我們會盡快回覆。",
    });
    expect(response.headers.get("cache-control") ?? "").not.toMatch(/public/);

    const rows = await api.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, response.body.data.id));
    expect(rows).toEqual([
      {
        id: response.body.data.id,
        topic: "corrections",
        name: "王小明",
        email: sent.email,
        mobile: null,
        message: "第 12 期第 34 頁的店名有誤。",
        created_at: expect.any(String),
      },
    ]);
  });

  it("takes the form's own values too (a ticked box posts on)", async () => {
    const response = await api.post<ContactCreated>("/contact", message({ terms: "on" }), freshAddress());
    expect(response.status).toBe(201);
  });

  it("answers 422 with each field's message for an empty message", async () => {
    const response = await api.post<ApiError>("/contact", {}, freshAddress());
    expectInvalid(response, "topic");
    expect(response.body).toEqual({
      message: "此項為必填",
      errors: {
        topic: ["此項為必填"],
        name: ["此項為必填"],
        email: ["此項為必填"],
        message: ["此項為必填"],
        terms: ["請勾選同意條款"],
      },
    });
  });

  it("answers 422 with the rule's message for each wrongly given field", async () => {
    const response = await api.post<ApiError>(
      "/contact",
      message({
        topic: "complaints",
        name: "名".repeat(51),
        email: "reader@",
        mobile: "0212345678",
        message: "字".repeat(2001),
        terms: false,
      }),
      freshAddress(),
    );
    expectInvalid(response);
    expect(response.body.errors).toEqual({
      topic: ["此項為必填"],
      name: ["數值長度不得大於 50"],
      email: ["請輸入正確的電子郵件"],
      mobile: ["請輸入 09 開頭的 10 位數手機號碼"],
      message: ["數值長度不得大於 2000"],
      terms: ["請勾選同意條款"],
    });
  });

  it("refuses a name of more than one line (it would be the inbox mail's subject), and stores nothing", async () => {
    const response = await api.post<ApiError>(
      "/contact",
      message({ name: "Eve\r\nBcc: victim@example.com" }),
      freshAddress(),
    );
    expectInvalid(response);
    expect(response.body.errors).toEqual({ name: ["此欄位只能輸入一行文字"] });
    const stored = await api.db.select().from(contactMessages);
    expect(stored.filter((row) => row.name.startsWith("Eve"))).toEqual([]);
  });

  it("refuses a body far larger than any message without reading it", async () => {
    const response = await api.post<ApiError>(
      "/contact",
      message({ message: "字".repeat(40_000) }),
      freshAddress(),
    );
    expect(response.status).toBe(413);
    expect(response.body.message).toBeTruthy();
  });

  it("answers a bot that filled the honeypot as anyone (201 and an id), and stores and mails nothing", async () => {
    const sent = message({ website: "https://spam.example" });
    const response = await api.post<ContactCreated>("/contact", sent, freshAddress());
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      data: { id: expect.any(Number) },
      message: "感謝您的來信，我們會盡快回覆。",
    });
    // A second try gets the next id, as a stored message would.
    const again = await api.post<ContactCreated>("/contact", sent, freshAddress());
    expect(again.body.data.id).toBeGreaterThan(response.body.data.id);
    const rows = await api.db.select().from(contactMessages).where(eq(contactMessages.email, sent.email));
    expect(rows).toEqual([]);

    // A real message sent after it arrives; the bot's never does.
    const real = message({ email: sent.email, message: "真正的來信。" });
    const stored = await api.post<ContactCreated>("/contact", real, freshAddress());
    expect(stored.status).toBe(201);
    await mailTo(sent.email, `#${stored.body.data.id}`);
    expect(api.mail.messages({ to: sent.email })).toHaveLength(1);
    expect(api.mail.messages().filter((mail) => mail.headers["reply-to"]?.includes(sent.email))).toHaveLength(
      1,
    );
  });

  describe("captcha", () => {
    it("refuses a message without the captcha's token (422), and stores nothing", async () => {
      const sent = message({ g_recaptcha_response: undefined });
      const response = await api.post<ApiError>("/contact", sent, freshAddress());
      expectInvalid(response, "g_recaptcha_response");
      expect(response.body).toEqual({
        message: "請完成機器人驗證",
        errors: { g_recaptcha_response: ["請完成機器人驗證"] },
      });
      const rows = await api.db.select().from(contactMessages).where(eq(contactMessages.email, sent.email));
      expect(rows).toEqual([]);
    });

    it("refuses a token the verifier does not accept", async () => {
      const response = await api.post<ApiError>(
        "/contact",
        message({ g_recaptcha_response: "forged" }),
        freshAddress(),
      );
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ g_recaptcha_response: ["請完成機器人驗證"] });
    });
  });

  describe("mail", () => {
    const inboxes = {
      corrections: "editor@shiyi.local",
      orders: "orders@shiyi.local",
      donations: "donations@shiyi.local",
      advertising: "ads@shiyi.local",
      other: "service@shiyi.local",
    };

    it.each(Object.entries(inboxes))(
      "mails a %s message to %s, with a reply going to the sender",
      async (topic, inbox) => {
        const sent = message({ topic, message: `關於 ${topic}：\n第二行\n\n<b>不是標記</b>` });
        const response = await api.post<ContactCreated>("/contact", sent, freshAddress());
        expect(response.status).toBe(201);
        const id = response.body.data.id;

        const received = await mailTo(inbox, `#${id}`);
        expect(received.subject).toContain("王小明");
        expect(received.headers["reply-to"]).toContain(sent.email);
        expect(received.text).toContain(`> 關於 ${topic}：\n> 第二行\n>\n> <b>不是標記</b>`);
        expect(received.text).toContain(sent.email);
        expect(received.text).not.toContain("請勿直接回覆");
        expect(received.html).toContain("&#60;b&#62;不是標記&#60;/b&#62;");
        // No other inbox gets it.
        for (const other of Object.values(inboxes).filter((address) => address !== inbox)) {
          expect(api.mail.messages({ to: other, subject: `#${id}` })).toEqual([]);
        }
      },
    );

    it("tells the sender it arrived, without repeating a word of what the form was given", async () => {
      const sent = message({ topic: "donations", message: "請問收據何時寄出？\n謝謝。" });
      const response = await api.post<ContactCreated>("/contact", sent, freshAddress());
      const copy = await mailTo(sent.email, "我們已收到您的來信");
      expect(copy.subject).toBe(`我們已收到您的來信（#${response.body.data.id}）`);
      expect(copy.text).toContain(`捐款與收據，編號 #${response.body.data.id}`);
      // The address is the form's word only: nobody can have this mail carry their text to it.
      expect(copy.text).not.toContain("請問收據何時寄出");
      expect(copy.html).not.toContain("請問收據何時寄出");
      expect(copy.text).not.toContain(sent.name);
      expect(copy.headers["reply-to"]).toBeUndefined();
    });

    it("goes to the inbox the configuration names", async () => {
      const shop = testShopConfig({ CONTACT_INBOX_ADVERTISING: "partners@example.org" });
      const sent = message({ topic: "advertising" });
      const response = await api.withOptions({ shop }).post<ContactCreated>("/contact", sent, freshAddress());
      await mailTo("partners@example.org", `#${response.body.data.id}`);
    });

    it("keeps the message when the mail cannot be sent, and logs the failure", async () => {
      const logged: string[] = [];
      const logger = pino({ level: "warn" }, { write: (line: string) => logged.push(line) });
      const failing: Mailer = { send: () => Promise.reject(new Error("SMTP server unreachable")) };
      const sent = message();

      const response = await api
        .withOptions({ mailer: failing, logger })
        .post<ContactCreated>("/contact", sent, freshAddress());

      expect(response.status).toBe(201);
      const rows = await api.db.select().from(contactMessages).where(eq(contactMessages.email, sent.email));
      expect(rows).toHaveLength(1);
      const entries = await vi.waitFor(
        () => {
          const lines = logged.filter((text) => text.includes("contact mail not sent"));
          if (lines.length < 2) throw new Error("not logged yet");
          return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
        },
        { timeout: 5_000 },
      );
      expect(entries.map((entry) => entry.mail).sort()).toEqual(["copy", "inbox"]);
      expect(entries[0]).toMatchObject({
        level: 50,
        contactMessageId: response.body.data.id,
        err: { message: "SMTP server unreachable" },
      });
    });
  });

  describe("rate limit: 5 messages in 10 minutes", () => {
    it("refuses the sixth message from one address with 429 and a Retry-After", async () => {
      const address = from("203.0.113.7");
      for (let i = 0; i < 5; i += 1) {
        expect((await api.post("/contact", message(), address)).status).toBe(201);
      }
      const refused = await api.post<ApiError>("/contact", message(), address);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: "送出次數過多，請稍後再試" });
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);

      // Another address is not held back.
      expect((await api.post("/contact", message(), from("203.0.113.8"))).status).toBe(201);
    });

    it("refuses the sixth message to one e-mail address, whatever address it comes from", async () => {
      const email = `busy-${++sequence}@example.com`;
      for (let i = 0; i < 5; i += 1) {
        const sent = message({ email: i % 2 ? email : email.toUpperCase() });
        expect((await api.post("/contact", sent, freshAddress())).status).toBe(201);
      }
      const refused = await api.post<ApiError>("/contact", message({ email }), freshAddress());
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe("送出次數過多，請稍後再試");
    });

    it("does not count tries that fail the captcha against the e-mail address they name", async () => {
      const email = `victim-${++sequence}@example.com`;
      for (let i = 0; i < 6; i += 1) {
        const forged = message({ email, g_recaptcha_response: "forged" });
        expect((await api.post("/contact", forged, freshAddress())).status).toBe(422);
      }
      expect((await api.post("/contact", message({ email }), freshAddress())).status).toBe(201);
    });

    it("counts honeypot hits too, so a bot cannot fill the table or the mailbox", async () => {
      const address = from("203.0.113.9");
      for (let i = 0; i < 5; i += 1) {
        expect((await api.post("/contact", message({ website: "x" }), address)).status).toBe(201);
      }
      expect((await api.post("/contact", message({ website: "x" }), address)).status).toBe(429);
    });

    it("does not count messages refused as invalid", async () => {
      const address = from("203.0.113.10");
      for (let i = 0; i < 6; i += 1) {
        expect((await api.post("/contact", message({ email: "reader@" }), address)).status).toBe(422);
      }
      expect((await api.post("/contact", message(), address)).status).toBe(201);
    });
  });
});
