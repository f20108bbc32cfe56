import { createServer } from "node:net";
import { Hono } from "hono";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startMailCatcher, type CaughtMessage, type MailCatcher } from "./index.ts";

let catcher: MailCatcher;
let send: (message: SendMailOptions) => Promise<unknown>;

beforeAll(async () => {
  catcher = await startMailCatcher({ port: 0, limit: 3 });
  const transport = nodemailer.createTransport(catcher.smtpUrl);
  send = (message) => transport.sendMail({ from: "食藝誌 <no-reply@shiyi.test>", ...message });
});
afterAll(() => catcher.close());
beforeEach(() => catcher.clear());

/** The inbox mounted where the site mounts it. */
const site = () => new Hono().route("/_mail", catcher.inbox);

const chinese = {
  to: "王小明 <reader@example.com>",
  cc: "編輯部 <editors@example.com>",
  subject: "《食藝》第 42 期：台南的早餐",
  text: "王小明您好：\n\n牛肉湯、鹹粥與虱目魚肚，從清晨五點開始的一天。",
  html: "<h1>台南的早餐</h1><p>牛肉湯、鹹粥與<b>虱目魚肚</b>。</p>",
};

describe("the SMTP side", () => {
  it("listens on a free port when asked for port 0, and says where", () => {
    expect(catcher.port).toBeGreaterThan(0);
    expect(catcher.smtpUrl).toBe(`smtp://127.0.0.1:${catcher.port}`);
  });

  it("keeps a Chinese HTML and text message as sent, readable as soon as the send returns", async () => {
    await send(chinese);

    const [message] = catcher.messages();
    expect(message).toMatchObject({
      from: [{ name: "食藝誌", address: "no-reply@shiyi.test" }],
      to: [{ name: "王小明", address: "reader@example.com" }],
      cc: [{ name: "編輯部", address: "editors@example.com" }],
      subject: chinese.subject,
      html: chinese.html,
    });
    expect(message?.text.trim()).toBe(chinese.text);
    expect(message?.headers.subject).toBe(chinese.subject);
    expect(Date.parse(message?.date ?? "")).not.toBeNaN();
  });

  it("keeps the List-Unsubscribe headers by their own names (RFC 2369, RFC 8058)", async () => {
    const url = "https://shiyi.test/newsletter/unsubscribe?token=12.abc";
    await send({
      ...chinese,
      headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    const [message] = catcher.messages();
    expect(message?.headers["list-unsubscribe"]).toBe(`<${url}>`);
    expect(message?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(message?.headers).not.toHaveProperty("list");
  });

  it("keeps attachments, their content base64-encoded, and serves them from the inbox", async () => {
    const pdf = Buffer.from("%PDF-1.7 收據");
    await send({
      ...chinese,
      attachments: [{ filename: "收據-2026110001.pdf", content: pdf, contentType: "application/pdf" }],
    });
    const [message] = catcher.messages();
    expect(message?.attachments).toEqual([
      {
        filename: "收據-2026110001.pdf",
        contentType: "application/pdf",
        size: pdf.length,
        content: pdf.toString("base64"),
      },
    ]);
    const page = await (await site().request(`/_mail/${message?.id}`)).text();
    expect(page).toContain(`href="/_mail/${message?.id}/attachments/0"`);
    const file = await site().request(`/_mail/${message?.id}/attachments/0`);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await site().request(`/_mail/${message?.id}/attachments/1`)).status).toBe(404);
  });

  it("keeps a text-only message without an HTML part", async () => {
    await send({ to: "reader@example.com", subject: "純文字", text: "只有文字。" });
    expect(catcher.messages()[0]).toMatchObject({ subject: "純文字", html: null });
  });

  it("accepts any login and any recipient", async () => {
    const transport = nodemailer.createTransport({
      host: catcher.host,
      port: catcher.port,
      auth: { user: "someone", pass: "anything" },
    });
    await transport.sendMail({
      from: "a@example.com",
      to: "b@elsewhere.example",
      subject: "登入",
      text: "好",
    });
    expect(catcher.messages({ to: "b@elsewhere.example" })).toHaveLength(1);
  });

  it("keeps only the newest messages, newest first", async () => {
    for (const n of [1, 2, 3, 4]) await send({ to: "reader@example.com", subject: `第 ${n} 封`, text: "." });
    expect(catcher.messages().map((m) => m.subject)).toEqual(["第 4 封", "第 3 封", "第 2 封"]);
  });

  it("filters by recipient (To or Cc, any case) and by part of the subject", async () => {
    await send({ to: "a@example.com", subject: "訂單成立通知", text: "." });
    await send({ to: "b@example.com", cc: "A@Example.com", subject: "捐款收據", text: "." });
    await send({ to: "c@example.com", subject: "訂單已出貨", text: "." });

    expect(catcher.messages({ to: "a@example.com" }).map((m) => m.subject)).toEqual([
      "捐款收據",
      "訂單成立通知",
    ]);
    expect(catcher.messages({ subject: "訂單" }).map((m) => m.subject)).toEqual([
      "訂單已出貨",
      "訂單成立通知",
    ]);
    expect(catcher.messages({ to: "c@example.com", subject: "捐款" })).toEqual([]);
  });

  it("reports a taken port as an error with its code", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const { port } = busy.address() as { port: number };
    try {
      await expect(startMailCatcher({ port })).rejects.toMatchObject({ code: "EADDRINUSE" });
    } finally {
      busy.close();
    }
  });
});

describe("the inbox", () => {
  it("answers only this machine: another address gets a 404", async () => {
    const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
    expect((await site().request("/_mail", {}, from("127.0.0.1"))).status).toBe(200);
    expect((await site().request("/_mail", {}, from("::1"))).status).toBe(200);
    expect((await site().request("/_mail", {}, from("203.0.113.9"))).status).toBe(404);
    expect((await site().request("/_mail/api/messages", {}, from("10.0.0.5"))).status).toBe(404);
  });

  it("answers JSON for tests and tooling, filtered like messages()", async () => {
    await send(chinese);
    await send({ to: "other@example.com", subject: "別的信", text: "." });

    const response = await site().request(`/_mail/api/messages?to=reader@example.com`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { data } = (await response.json()) as { data: CaughtMessage[] };
    expect(data.map((m) => m.subject)).toEqual([chinese.subject]);

    const one = await site().request(`/_mail/api/messages/${data[0]?.id}`);
    expect(((await one.json()) as { data: CaughtMessage }).data.html).toBe(chinese.html);
    expect((await site().request("/_mail/api/messages/nope")).status).toBe(404);
  });

  it("empties the mailbox on DELETE", async () => {
    await send(chinese);
    const response = await site().request("/_mail/api/messages", { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(catcher.messages()).toEqual([]);
  });

  it("lists messages newest first, linking each under the mount point", async () => {
    await send({ to: "reader@example.com", subject: "較早的信", text: "." });
    await send(chinese);
    const response = await site().request("/_mail");
    const page = await response.text();

    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page).toContain('<html lang="zh-Hant-TW">');
    expect(page).toContain("本機信箱");
    expect(page.indexOf("台南的早餐")).toBeLessThan(page.indexOf("較早的信"));
    const [newest] = catcher.messages();
    expect(page).toContain(`href="/_mail/${newest?.id}"`);
    expect(page).toContain(`smtp://127.0.0.1:${catcher.port}`);
  });

  it("says so when there is no mail yet", async () => {
    expect(await (await site().request("/_mail")).text()).toContain("還沒有信件");
  });

  it("has one address per page: a trailing slash redirects", async () => {
    const response = await site().request("/_mail/");
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("location") ?? "", "http://localhost").pathname).toBe("/_mail");
  });

  it("works mounted at the root as well", async () => {
    await send(chinese);
    const [message] = catcher.messages();
    expect(await (await catcher.inbox.request("/")).text()).toContain(`href="/${message?.id}"`);
    expect(await (await catcher.inbox.request(`/${message?.id}`)).text()).toContain('href="/"');
  });

  it("shows a message: headers, the HTML in a sandboxed frame, and the text", async () => {
    await send({ ...chinese, replyTo: "editor@example.com" });
    const [message] = catcher.messages();
    const page = await (await site().request(`/_mail/${message?.id}`)).text();

    expect(page).toContain("<h1>《食藝》第 42 期：台南的早餐</h1>");
    expect(page).toContain("王小明 &lt;reader@example.com&gt;");
    expect(page).toContain("編輯部 &lt;editors@example.com&gt;");
    expect(page).toContain("editor@example.com");
    expect(page).toMatch(/<iframe[^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    // The mail's HTML travels only inside the srcdoc attribute, escaped.
    expect(page).toContain('srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;h1&gt;台南的早餐&lt;/h1&gt;');
    expect(page).not.toContain("<b>虱目魚肚</b>");
    expect(page).toContain("<pre>王小明您好：");
    expect(page).toContain('href="/_mail"');
  });

  it("escapes whatever a message carries in its headers", async () => {
    await send({ to: "reader@example.com", subject: '<script>alert("主旨")</script>', text: "<img src=x>" });
    const [message] = catcher.messages();
    const inbox = await (await site().request("/_mail")).text();
    const view = await (await site().request(`/_mail/${message?.id}`)).text();

    for (const page of [inbox, view]) {
      expect(page).not.toContain("<script>");
      expect(page).toContain("&lt;script&gt;");
    }
    expect(view).toContain("<pre>&lt;img src=x&gt;");
  });

  it("answers 404 for a message it does not have", async () => {
    const response = await site().request("/_mail/00000000-0000-0000-0000-000000000000");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("找不到這封信");
  });

  it("empties the mailbox from its button and returns to the inbox", async () => {
    await send(chinese);
    const response = await site().request("/_mail/clear", { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/_mail");
    expect(catcher.messages()).toEqual([]);
  });
});
