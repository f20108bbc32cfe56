import { contactSchema, profileSchema } from "@shiyi/contracts";
import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../../lib/api.server.ts";
import { apiFailureReply, invalidReply, parseSubmission } from "./submission.server.ts";

/** A form post as a browser without JavaScript sends it. */
const post = (fields: Record<string, string>) =>
  new Request("http://site.test/contact", { method: "POST", body: new URLSearchParams(fields) });

const valid = {
  topic: "orders",
  name: "王小明",
  email: "reader@example.com",
  mobile: "",
  message: "訂閱從下一期開始。",
  terms: "on",
  website: "",
};

describe("parseSubmission", () => {
  it("parses the form with the schema the browser uses: blanks are absent, the box is true", async () => {
    const submission = await parseSubmission(post(valid), contactSchema);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      topic: "orders",
      name: "王小明",
      email: "reader@example.com",
      message: "訂閱從下一期開始。",
      terms: true,
    });
  });
});

describe("invalidReply", () => {
  it("answers 422 with the schema's messages and everything typed", async () => {
    const submission = await parseSubmission(post({ name: "王小明", email: "reader@" }), contactSchema);
    const reply = invalidReply(submission);
    expect(reply.init?.status).toBe(422);
    expect(reply.data.result.status).toBe("error");
    expect(reply.data.result.error).toEqual({
      topic: ["此項為必填"],
      email: ["請輸入正確的電子郵件"],
      message: ["此項為必填"],
      terms: ["請勾選同意條款"],
    });
    expect(reply.data.result.initialValue).toEqual({ name: "王小明", email: "reader@" });
  });

  it("does not send hidden fields back", async () => {
    const submission = await parseSubmission(post({ name: "王小明", message: "秘密" }), contactSchema);
    expect(invalidReply(submission, { hideFields: ["message"] }).data.result.initialValue).toEqual({
      name: "王小明",
    });
  });
});

describe("apiFailureReply", () => {
  const refused = (status: number, body: unknown) => new ApiRequestError(status, "/contact", body);

  it("puts a 422's field errors on the fields, in the schema's order, with the API's status", async () => {
    const submission = await parseSubmission(post(valid), contactSchema);
    const reply = apiFailureReply(
      submission,
      refused(422, {
        message: "此項為必填",
        errors: { message: ["此項為必填"], email: ["請輸入正確的電子郵件"] },
      }),
      contactSchema,
    );
    expect(reply.init?.status).toBe(422);
    expect(reply.data.result.error).toEqual({
      email: ["請輸入正確的電子郵件"],
      message: ["此項為必填"],
    });
    expect(Object.keys(reply.data.result.error ?? {})).toEqual(["email", "message"]);
    expect(reply.data.result.initialValue).toMatchObject({ name: "王小明", email: "reader@example.com" });
  });

  it("shows errors of fields the form does not have as the form's error", async () => {
    const submission = await parseSubmission(post(valid), contactSchema);
    const reply = apiFailureReply(
      submission,
      refused(422, { message: "x", errors: { email: ["已被封鎖"], captcha: ["驗證失敗"] } }),
      contactSchema,
    );
    expect(reply.data.result.error).toEqual({ "": ["驗證失敗"], email: ["已被封鎖"] });
  });

  it("puts a nested field's errors, keyed by its dotted path, on that field", async () => {
    const submission = await parseSubmission(
      post({
        name: "王小明",
        mobile: "0912345678",
        "address.zip": "100",
        "address.city": "臺北市",
        "address.dist": "中正區",
        "address.addr": "重慶南路一段 122 號",
      }),
      profileSchema,
    );
    const reply = apiFailureReply(
      submission,
      refused(422, { message: "x", errors: { "address.zip": ["郵遞區號不存在"], name: ["太長"] } }),
      profileSchema,
    );
    expect(reply.data.result.error).toEqual({ name: ["太長"], "address.zip": ["郵遞區號不存在"] });
  });

  it("makes a rate limit (429) the form's error, keeping everything typed", async () => {
    const submission = await parseSubmission(post(valid), contactSchema);
    const reply = apiFailureReply(
      submission,
      refused(429, { message: "送出次數過多，請稍後再試" }),
      contactSchema,
    );
    expect(reply.init?.status).toBe(429);
    expect(reply.data.result.error).toEqual({ "": ["送出次數過多，請稍後再試"] });
    expect(reply.data.result.initialValue).toMatchObject({ name: "王小明", terms: "on" });
  });

  it("leaves other failures to the error page", async () => {
    const submission = await parseSubmission(post(valid), contactSchema);
    expect(() => apiFailureReply(submission, refused(500, { message: "壞了" }), contactSchema)).toThrow();
    const bug = new TypeError("bug");
    expect(() => apiFailureReply(submission, bug, contactSchema)).toThrow(bug);
  });
});
