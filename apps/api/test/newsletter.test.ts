import type { ApiError, OrderDraftInput } from "@shiyi/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { newsletterSubscriptions } from "../src/db/schema.ts";
import { expectInvalid, useApi } from "./api.ts";
import { databaseTargets } from "./databases.ts";
import { insertMagazine } from "./fixtures.ts";

let sequence = 0;
const newEmail = () => `reader-${++sequence}-${Date.now().toString(36)}@example.com.tw`;

/** Each request from an address of its own, unless a test says otherwise. */
const from = (address: string) => ({ "x-forwarded-for": address });
let addresses = 0;
const freshAddress = () => from(`198.51.100.${++addresses}`);

const replies = {
  pending: "感謝訂閱！確認信已寄至您的信箱，請點選信中的連結完成訂閱。",
  confirmed: "訂閱完成，感謝您訂閱食藝誌電子報！",
  confirmInvalid: "確認連結無效或已過期，請重新訂閱。",
  unsubscribed: "已取消訂閱，您將不再收到食藝誌電子報。",
  unsubscribeInvalid: "取消訂閱連結無效，請確認連結是否完整。",
};
const subject = "請確認訂閱食藝誌電子報";

describe.each(databaseTargets())("newsletter on $name", (target) => {
  const api = useApi(target);

  /** The `count`-th mail to `to` about the subscription (newest first), once it has arrived. */
  const confirmationMail = (to: string, count = 1) =>
    vi.waitFor(
      () => {
        const caught = api.mail.messages({ to, subject });
        if (caught.length < count) throw new Error(`${count} confirmation mail(s) to ${to} expected`);
        return caught[0]!;
      },
      { timeout: 5_000, interval: 20 },
    );

  /** The token of the first link in the text part to `path`. */
  const tokenIn = (text: string, path: string) => {
    const link = text.match(new RegExp(`http://site\\.test${path}\\?token=[^\\s]+`))?.[0];
    expect(link, `a link to ${path}`).toBeTruthy();
    return new URL(link!).searchParams.get("token")!;
  };

  const subscribe = (body: Record<string, unknown>, headers = freshAddress()) =>
    api.post<ApiError>("/subscribe", body, headers);
  const confirm = (token: string) =>
    api.post<{ message: string }>("/subscribe/confirm", { token }, freshAddress());
  const unsubscribe = (token: string) =>
    api.post<{ message: string }>("/subscribe/unsubscribe", { token }, freshAddress());

  const subscription = async (email: string) =>
    (
      await api.db
        .select()
        .from(newsletterSubscriptions)
        .where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`)
    )[0];

  /** Subscribes and follows the mailed link: an active subscription, and its mail's links. */
  async function activeSubscription(email = newEmail()) {
    expect((await subscribe({ email })).status).toBe(200);
    const mail = await confirmationMail(email);
    expect((await confirm(tokenIn(mail.text, "/newsletter/confirm"))).status).toBe(200);
    return { email, mail, unsubscribeToken: tokenIn(mail.text, "/newsletter/unsubscribe") };
  }

  it("stores a pending subscription and mails the confirmation link, with one-click unsubscribe", async () => {
    const email = newEmail();
    const response = await subscribe({ email, name: " 林小滿 ", source: "footer" });
    expect(response).toMatchObject({ status: 200, body: { message: replies.pending } });

    expect(await subscription(email)).toMatchObject({
      email,
      name: "林小滿",
      source: "footer",
      status: "pending",
      confirmed_at: null,
    });
    const mail = await confirmationMail(email);
    expect(mail.text).toContain("林小滿 您好：");
    expect(mail.text).toContain("7 天內有效");
    const confirmToken = tokenIn(mail.text, "/newsletter/confirm");
    const unsubscribeToken = tokenIn(mail.text, "/newsletter/unsubscribe");
    // The token is kept only as its hash.
    const row = await subscription(email);
    expect(row!.confirm_token_hash).not.toContain(confirmToken);
    expect(row!.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    // RFC 8058: the header names the same page, and a POST there unsubscribes in one click.
    expect(mail.headers["list-unsubscribe"]).toBe(
      `<http://site.test/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}>`,
    );
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.html).toContain("取消訂閱");
  });

  it("confirms with the mailed token; following the link again changes nothing", async () => {
    const email = newEmail();
    await subscribe({ email });
    const token = tokenIn((await confirmationMail(email)).text, "/newsletter/confirm");

    expect(await confirm(token)).toMatchObject({ status: 200, body: { message: replies.confirmed } });
    const active = await subscription(email);
    expect(active).toMatchObject({ status: "active", confirmed_at: expect.any(String) });

    expect(await confirm(token)).toMatchObject({ status: 200, body: { message: replies.confirmed } });
    expect(await subscription(email)).toEqual(active);
  });

  it("answers alike for an active address, and mails it nothing more", async () => {
    const { email } = await activeSubscription();
    const again = await subscribe({ email: email.toUpperCase() });
    expect(again).toMatchObject({ status: 200, body: { message: replies.pending } });
    expect((await subscription(email))!.status).toBe("active");
    // Give a stray mail the time to arrive: none does.
    await subscribe({ email: newEmail() });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.mail.messages({ to: email, subject })).toHaveLength(1);
  });

  it("mails a fresh link to an address still pending; the first link keeps no power", async () => {
    const email = newEmail();
    await subscribe({ email });
    const first = tokenIn((await confirmationMail(email)).text, "/newsletter/confirm");
    await subscribe({ email });
    const second = tokenIn((await confirmationMail(email, 2)).text, "/newsletter/confirm");
    expect(second).not.toBe(first);
    expectInvalid(await confirm(first), "token");
    expect((await confirm(second)).status).toBe(200);
  });

  it("refuses an unknown or expired token with 422", async () => {
    const unknown = await confirm("no-such-token");
    expectInvalid(unknown, "token");
    expect(unknown.body).toEqual({
      message: replies.confirmInvalid,
      errors: { token: [replies.confirmInvalid] },
    });
    expectInvalid(await confirm(""), "token");

    const email = newEmail();
    await subscribe({ email });
    const token = tokenIn((await confirmationMail(email)).text, "/newsletter/confirm");
    await api.db
      .update(newsletterSubscriptions)
      .set({ confirm_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where(eq(newsletterSubscriptions.email, email));
    expectInvalid(await confirm(token), "token");
    expect((await subscription(email))!.status).toBe("pending");
  });

  it("unsubscribes with the mailed link, again harmlessly; the old confirmation link no longer works", async () => {
    const { email, mail, unsubscribeToken } = await activeSubscription();
    expect(await unsubscribe(unsubscribeToken)).toMatchObject({
      status: 200,
      body: { message: replies.unsubscribed },
    });
    expect(await subscription(email)).toMatchObject({
      status: "unsubscribed",
      unsubscribed_at: expect.any(String),
    });
    expect((await unsubscribe(unsubscribeToken)).status).toBe(200);
    expectInvalid(await confirm(tokenIn(mail.text, "/newsletter/confirm")), "token");
    expect((await subscription(email))!.status).toBe("unsubscribed");

    // Subscribing again starts over with a new confirmation.
    await subscribe({ email });
    expect((await subscription(email))!.status).toBe("pending");
    const renewed = await confirmationMail(email, 2);
    expect((await confirm(tokenIn(renewed.text, "/newsletter/confirm"))).status).toBe(200);
    expect((await subscription(email))!.status).toBe("active");
  });

  it("refuses a forged or altered unsubscribe token with 422", async () => {
    const { email, unsubscribeToken } = await activeSubscription();
    const [id, signature] = unsubscribeToken.split(".");
    for (const token of [`${Number(id) + 1}.${signature}`, `${id}.${"A".repeat(43)}`, "12", "x.y"]) {
      const response = await unsubscribe(token);
      expectInvalid(response, "token");
      expect(response.body.message).toBe(replies.unsubscribeInvalid);
    }
    expect((await subscription(email))!.status).toBe("active");
  });

  it("answers 422 for a wrong address or source", async () => {
    const response = await subscribe({ email: "reader@", source: "popup" });
    expectInvalid(response, "email");
    expect(response.body.errors).toEqual({
      email: ["請輸入正確的電子郵件"],
      source: [expect.any(String)],
    });
    expectInvalid(await subscribe({}), "email");
  });

  describe("rate limit: 5 requests in 10 minutes", () => {
    it("refuses the sixth request from one address with 429 and a Retry-After", async () => {
      const address = from("203.0.113.21");
      for (let i = 0; i < 5; i += 1) {
        expect((await subscribe({ email: newEmail() }, address)).status).toBe(200);
      }
      const refused = await subscribe({ email: newEmail() }, address);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe("送出次數過多，請稍後再試");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await subscribe({ email: newEmail() }, from("203.0.113.22"))).status).toBe(200);
    });

    it("refuses the sixth request for one e-mail address, whatever address it comes from", async () => {
      const email = newEmail();
      for (let i = 0; i < 5; i += 1) expect((await subscribe({ email })).status).toBe(200);
      expect((await subscribe({ email: email.toUpperCase() })).status).toBe(429);
    });
  });

  describe("the registration form's and the checkout's subscribe box", () => {
    const password = "Shiyi2026ok";
    const register = (values: Record<string, unknown>) => {
      const n = ++sequence;
      return api.post(
        "/members/register",
        {
          account: `nlreader${n}`,
          password,
          password_confirmation: password,
          email: newEmail(),
          name: "王小明",
          terms: true,
          ...values,
        },
        freshAddress(),
      );
    };

    it("starts the double opt-in on registration with subscribe 1, and not without", async () => {
      const email = newEmail();
      expect((await register({ email, subscribe: 1 })).status).toBe(201);
      expect(await subscription(email)).toMatchObject({
        status: "pending",
        source: "register",
        name: "王小明",
      });
      await confirmationMail(email);

      const other = newEmail();
      expect((await register({ email: other })).status).toBe(201);
      expect(await subscription(other)).toBeUndefined();
    });

    const draft = (itemId: number, email: string, subscribe?: 1): OrderDraftInput => ({
      customer: { name: "林小華", email, phone: "0912345678" },
      receiver: {
        name: "林小華",
        phone: "0912345678",
        store: {
          id: "131386",
          name: "建興門市",
          address: "台北市中正區忠孝東路一段 1 號",
          brand: "UNIMARTC2C",
        },
      },
      line_items: [{ item_id: itemId, type: "magazine", quantity: 1 }],
      payment: "credit",
      shipping: "cvs",
      delivery: "UNIMARTC2C",
      receipt: { type: "personal" },
      subscribe,
      g_recaptcha_response: "local-pass",
    });

    it("starts it on POST /orders with subscribe 1; an active subscriber gets no second mail", async () => {
      const issue = await insertMagazine(api.db, { stock: 10 });
      const email = newEmail();
      expect((await api.post("/orders", draft(issue.id, email, 1), freshAddress())).status).toBe(201);
      expect(await subscription(email)).toMatchObject({ status: "pending", source: "checkout" });
      const mail = await confirmationMail(email);
      expect((await confirm(tokenIn(mail.text, "/newsletter/confirm"))).status).toBe(200);

      expect((await api.post("/orders", draft(issue.id, email, 1), freshAddress())).status).toBe(201);
      expect((await subscription(email))!.status).toBe("active");
      const without = newEmail();
      expect((await api.post("/orders", draft(issue.id, without), freshAddress())).status).toBe(201);
      expect(await subscription(without)).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(api.mail.messages({ to: email, subject })).toHaveLength(1);
    });
  });
});
