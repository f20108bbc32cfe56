import { describe, expect, it } from "vitest";
import { contactSchema, contactTopics } from "./contact.ts";

/** Each field's messages for a payload, or `{}` when it passes. */
const fieldErrors = (payload: Record<string, unknown>) => {
  const result = contactSchema.safeParse(payload);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
};

/** What a ticked form posts: strings only, as the browser sends them. */
const valid = {
  topic: "corrections",
  name: "王小明",
  email: "reader@example.com.tw",
  mobile: "0912345678",
  message: "第 12 期第 34 頁的店名有誤。",
  terms: "on",
  website: "",
};

describe("contactTopics", () => {
  it("lists the five topics with their zh-TW labels", () => {
    expect(contactTopics.map(({ value, label }) => `${value} ${label}`)).toEqual([
      "corrections 內容勘誤",
      "orders 訂閱與訂單",
      "donations 捐款與收據",
      "advertising 廣告與合作",
      "other 其他",
    ]);
  });
});

describe("contactSchema", () => {
  it("passes a complete message, trimmed, with terms as true and blanks as absent", () => {
    expect(contactSchema.parse({ ...valid, name: "  王小明 ", mobile: "", website: "" })).toEqual({
      topic: "corrections",
      name: "王小明",
      email: "reader@example.com.tw",
      mobile: undefined,
      message: "第 12 期第 34 頁的店名有誤。",
      terms: true,
      website: undefined,
    });
  });

  it("takes a message of several lines, and a name of one line only", () => {
    expect(contactSchema.parse({ ...valid, message: "您好：\r\n第 12 期的店名有誤。" }).message).toBe(
      "您好：\r\n第 12 期的店名有誤。",
    );
    expect(fieldErrors({ ...valid, name: "Eve\r\nBcc: victim@example.com" })).toEqual({
      name: ["此欄位只能輸入一行文字"],
    });
  });

  it("answers 此項為必填 on every required field of an empty form, and 請勾選同意條款 on the terms", () => {
    expect(fieldErrors({})).toEqual({
      topic: ["此項為必填"],
      name: ["此項為必填"],
      email: ["此項為必填"],
      message: ["此項為必填"],
      terms: ["請勾選同意條款"],
    });
    expect(fieldErrors({ topic: "", name: " ", email: "", message: "\n", terms: "" })).toEqual({
      topic: ["此項為必填"],
      name: ["此項為必填"],
      email: ["此項為必填"],
      message: ["此項為必填"],
      terms: ["請勾選同意條款"],
    });
  });

  it("takes only the listed topics", () => {
    for (const { value } of contactTopics) expect(fieldErrors({ ...valid, topic: value })).toEqual({});
    expect(fieldErrors({ ...valid, topic: "complaints" })).toEqual({ topic: ["此項為必填"] });
  });

  it("answers 請輸入正確的電子郵件 for an address that is not one", () => {
    expect(fieldErrors({ ...valid, email: "reader@" })).toEqual({ email: ["請輸入正確的電子郵件"] });
  });

  it("bounds the address at 254 characters, the longest a mail can be sent to", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.tw`;
    expect(at254).toHaveLength(254);
    expect(fieldErrors({ ...valid, email: at254 })).toEqual({});
    expect(fieldErrors({ ...valid, email: `${"a".repeat(300)}@example.com` })).toEqual({
      email: ["數值長度不得大於 254"],
    });
  });

  it("answers 請輸入 09 開頭的 10 位數手機號碼 for a mobile number given wrongly", () => {
    expect(fieldErrors({ ...valid, mobile: "0212345678" })).toEqual({
      mobile: ["請輸入 09 開頭的 10 位數手機號碼"],
    });
  });

  it("bounds the name at 50 characters and the message at 2000", () => {
    expect(fieldErrors({ ...valid, name: "名".repeat(50), message: "字".repeat(2000) })).toEqual({});
    expect(fieldErrors({ ...valid, name: "名".repeat(51), message: "字".repeat(2001) })).toEqual({
      name: ["數值長度不得大於 50"],
      message: ["數值長度不得大於 2000"],
    });
  });

  it("takes the JSON the web sends on to the API, and parses its own output again", () => {
    const output = contactSchema.parse(valid);
    expect(contactSchema.parse(JSON.parse(JSON.stringify(output)))).toEqual(output);
  });

  it("accepts a filled honeypot, so a bot is not told what gave it away", () => {
    expect(contactSchema.parse({ ...valid, website: "https://spam.example" }).website).toBe(
      "https://spam.example",
    );
  });
});
