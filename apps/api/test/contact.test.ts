import type { ApiError, ContactCreated } from "@shiyi/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages } from "../src/db/schema.ts";
import { expectInvalid, useApi } from "./api.ts";
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
  ...values,
});

/** Each request from an address of its own, unless a test says otherwise. */
const from = (address: string) => ({ "x-forwarded-for": address });
let addresses = 0;
const freshAddress = () => from(`198.51.100.${++addresses}`);

describe.each(databaseTargets())("POST /contact on $name", (target) => {
  const api = useApi(target);

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

  it("refuses a body far larger than any message without reading it", async () => {
    const response = await api.post<ApiError>(
      "/contact",
      message({ message: "字".repeat(40_000) }),
      freshAddress(),
    );
    expect(response.status).toBe(413);
    expect(response.body.message).toBeTruthy();
  });

  it("thanks a bot that filled the honeypot (200) and stores nothing", async () => {
    const sent = message({ website: "https://spam.example" });
    const response = await api.post<{ message: string }>("/contact", sent, freshAddress());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "感謝您的來信，我們會盡快回覆。" });
    const rows = await api.db.select().from(contactMessages).where(eq(contactMessages.email, sent.email));
    expect(rows).toEqual([]);
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

    it("counts honeypot hits too, so a bot cannot fill the table or the mailbox", async () => {
      const address = from("203.0.113.9");
      for (let i = 0; i < 5; i += 1) {
        expect((await api.post("/contact", message({ website: "x" }), address)).status).toBe(200);
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
