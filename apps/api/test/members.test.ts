import {
  memberMessages,
  type ApiError,
  type LoginResult,
  type Member,
  type TokenPair,
} from "@shiyi/contracts";
import type { CaughtMessage } from "@shiyi/mail-catcher";
import { eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import {
  cartLines,
  donations,
  memberIdentities,
  members,
  memberSessions,
  memberTokens,
  newsletterSubscriptions,
  refreshTokens,
  yearlyReceipts,
} from "../src/db/schema.ts";
import { createMailer, type Mailer } from "../src/mail/mailer.ts";
import { issueMailToken } from "../src/services/members.ts";
import { hashToken, signAccessToken, startSession } from "../src/services/tokens.ts";
import { expectInvalid, testAuthConfig, useApi, type ApiClient, type ApiResponse } from "./api.ts";
import { databaseTargets } from "./databases.ts";

const password = "Secret123";
const newPassword = "Another456";

const subjects = {
  verify: "請驗證您的電子郵件地址",
  welcome: "歡迎加入食藝誌",
  reset: "重設您的食藝誌密碼",
  changed: "您的食藝誌密碼已變更",
  deleted: "您的食藝誌會員帳號已刪除",
  confirmDeletion: "確認刪除您的食藝誌會員帳號",
  confirmEmail: "確認您的新電子郵件",
  emailChanged: "您的食藝誌會員電子郵件已變更",
  emailChangeRequested: "有人申請變更您的食藝誌會員電子郵件",
};

const texts = {
  registered: "註冊成功！驗證信已寄至您的信箱，請點擊信中的連結啟用帳號",
  verificationSent: "若此電子郵件已註冊且尚未驗證，驗證信將寄至您的信箱",
  ownVerificationSent: "驗證信已寄出，請至信箱點擊連結完成驗證",
  alreadyVerified: "您的電子郵件已完成驗證，不需要再寄送驗證信",
  activated: "帳號已啟用，歡迎加入！",
  activatedSignIn: "帳號已啟用，請登入",
  activationInvalid: "驗證連結無效或已過期，請重新寄送驗證信",
  verifyBeforePassword: "請先驗證電子郵件，再設定密碼",
  loginFailed: "帳號或密碼錯誤",
  notVerified: "帳號尚未完成電子郵件驗證，請至信箱點擊驗證連結，或重新寄送驗證信",
  resetSent: "若此電子郵件已註冊，重設密碼的連結將寄至您的信箱，連結一小時內有效",
  resetDone: "密碼已重設，請以新密碼登入",
  resetInvalid: "重設密碼連結無效或已過期，請重新申請",
  tooMany: "送出次數過多，請稍後再試",
  unauthenticated: "Unauthenticated.",
  refreshInvalid: "登入時效已過，請重新登入！",
  invalidClient: "用戶端驗證失敗",
};

let sequence = 0;
/** A registration as the web sends it, for an account and an address no other test uses. */
/** The nonce the registering browser keeps (the site's server sends it with the registration). */
const registeringBrowser = "the-registering-browsers-nonce";

const registration = (values: Record<string, unknown> = {}) => {
  const n = (sequence += 1);
  return {
    account: `reader${n}`,
    password,
    password_confirmation: password,
    email: `reader${n}@example.com`,
    name: "王小明",
    mobile: "0912345678",
    terms: true,
    vouch: registeringBrowser,
    ...values,
  };
};

/** Each request from an address of its own, unless a test says otherwise. */
const from = (address: string) => ({ "x-forwarded-for": address });
let addresses = 0;
/** A client of its own: each in a /64 of its own, as the limits count IPv6 clients by their /64. */
const newAddress = () => `2001:db8:${(addresses += 1).toString(16)}::1`;
const freshAddress = () => from(newAddress());
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const unknownEmail = () => `nobody${(sequence += 1)}@example.com`;

/** The token of the site link in a mail, e.g. /auth/confirmation?token=… */
function linkToken(mail: CaughtMessage, page: string) {
  const match = new RegExp(`${testAuthConfig.siteUrl}${page}\\?token=([\\w-]+)`).exec(mail.text);
  expect(match, `a ${page} link in the mail`).not.toBeNull();
  expect(mail.html).toContain(`${testAuthConfig.siteUrl}${page}?token=${match![1]}`);
  return match![1]!;
}

function expectNoStore(response: ApiResponse<unknown>) {
  expect(response.headers.get("cache-control")).toBe("private, no-store");
}

/**
 * A 429 with its Retry-After, at most `maxSeconds`; its message the generic one, or (`locked`) the
 * login's, which says how long the sign-in waits.
 */
function expectTooMany(response: ApiResponse<unknown>, maxSeconds: number, { locked = false } = {}) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(response.body).toEqual({ message: locked ? memberMessages.loginLocked(retryAfter) : texts.tooMany });
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  return retryAfter;
}

type MemberItem = { data: Member; message: string };

describe.each(databaseTargets())("members on $name", (target) => {
  const api = useApi(target);

  /** The newest mail with this subject to this address, once `count` such mails have arrived. */
  const mailTo = (to: string, subject: string, count = 1) =>
    vi.waitFor(
      () => {
        const caught = api.mail.messages({ to, subject });
        if (caught.length < count) throw new Error(`${count} mail(s) "${subject}" to ${to} expected`);
        return caught[0]!;
      },
      { timeout: 5_000, interval: 20 },
    );

  const post = <T>(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    client: ApiClient = api,
  ) => client.post<T>(path, body, { ...freshAddress(), ...headers });
  /** Follows a verification link in the browser that registered. */
  const activate = (token: string) =>
    post<LoginResult>("/members/activate", { token, vouch: registeringBrowser });
  const login = (account: string, secret = password, client: ApiClient = api) =>
    post<LoginResult>("/members/login", { account, password: secret }, {}, client);
  const me = (accessToken: string) => api.get<{ data: Member }>("/members/me", bearer(accessToken));
  const refresh = (refreshToken: string, values: Record<string, unknown> = {}) =>
    post<TokenPair>("/members/refresh", {
      grant_type: "refresh_token",
      client_id: 13,
      client_secret: testAuthConfig.clientSecret,
      refresh_token: refreshToken,
      ...values,
    });

  /** A registered member who has not confirmed the address yet, and the link of their mail. */
  async function registered(values: Record<string, unknown> = {}) {
    const input = registration(values);
    const response = await post<MemberItem>("/members/register", input);
    expect(response.status).toBe(201);
    const mail = await mailTo(input.email, subjects.verify);
    return { input, member: response.body.data, verifyToken: linkToken(mail, "/auth/confirmation") };
  }

  /** A member who has confirmed the address through the link, signed in by it. */
  async function activeMember(values: Record<string, unknown> = {}) {
    const { input, verifyToken } = await registered(values);
    const response = await activate(verifyToken);
    expect(response.status).toBe(200);
    return { input, member: response.body.data, tokens: response.body as TokenPair };
  }

  /** A member who joined through a social provider: verified, no account name, no password. */
  async function socialMember() {
    const email = unknownEmail();
    const [row] = await api.db
      .insert(members)
      .values({ email, name: "社群會員", email_verified_at: new Date().toISOString() })
      .returning();
    await api.db
      .insert(memberIdentities)
      .values({ member_id: row!.id, provider: "line", provider_user_id: `line-${row!.id}`, email });
    return { row: row!, tokens: await startSession(api.db, testAuthConfig, row!.id) };
  }

  /** A member signed in through a social account whose address is not confirmed yet (LINE's, say). */
  async function unconfirmedSocialMember() {
    const email = unknownEmail();
    const [row] = await api.db.insert(members).values({ email, name: "社群會員" }).returning();
    await api.db.insert(memberIdentities).values({
      member_id: row!.id,
      provider: "line",
      provider_user_id: `line-${row!.id}`,
      email,
      email_vouched: 0,
    });
    return { row: row!, tokens: await startSession(api.db, testAuthConfig, row!.id) };
  }

  describe("POST /members/register", () => {
    it("logs the mail it sends after its answer with the request's id", async () => {
      const lines: { msg: string; requestId?: string; subject?: string }[] = [];
      const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
      const mailer = createMailer({
        smtpUrl: api.mail.smtpUrl,
        from: "食藝誌 <no-reply@shiyi.test>",
        logger,
      });
      const client = api.withOptions({ logger, mailer });
      const response = await post(
        "/members/register",
        registration(),
        { "x-request-id": "req-register-1" },
        client,
      );
      expect(response.status).toBe(201);
      await vi.waitFor(
        () =>
          expect(lines).toContainEqual(
            expect.objectContaining({
              msg: "mail sent",
              requestId: "req-register-1",
              subject: subjects.verify,
            }),
          ),
        { timeout: 5_000 },
      );
    });

    it("creates an unverified member (201) and mails a link to confirm the address", async () => {
      const input = registration({ name: " 王小明 " });
      const response = await post<MemberItem>("/members/register", input);

      expect(response.status).toBe(201);
      expectNoStore(response);
      expect(response.body).toEqual({
        message: texts.registered,
        data: {
          id: expect.any(Number),
          account: input.account,
          email: input.email,
          name: "王小明",
          mobile: "0912345678",
          address: null,
          email_verified: false,
          pending_email: null,
          has_password: true,
          providers: [],
          created_at: expect.any(String),
        },
      });
      expect(JSON.stringify(response.body)).not.toMatch(/argon2|password_hash/);

      const [row] = await api.db.select().from(members).where(eq(members.id, response.body.data.id));
      expect(row!.password_hash).toMatch(/^\$argon2id\$/);
      expect(row!.email_verified_at).toBeNull();

      const mail = await mailTo(input.email, subjects.verify);
      expect(mail.text).toContain("王小明 您好：");
      const token = linkToken(mail, "/auth/confirmation");
      const tokens = await api.db.select().from(memberTokens).where(eq(memberTokens.member_id, row!.id));
      expect(tokens).toEqual([
        expect.objectContaining({ purpose: "verify", token_hash: hashToken(token), used_at: null }),
      ]);
      const validMs = Date.parse(tokens[0]!.expires_at) - Date.parse(tokens[0]!.created_at);
      expect(Math.abs(validMs - 24 * 3600_000)).toBeLessThan(60_000);
    });

    it("answers 422 with each field's message for an invalid registration", async () => {
      const response = await post<ApiError>("/members/register", {
        account: "ab",
        password: "short",
        password_confirmation: "",
        email: "reader@",
        name: "",
        mobile: "0212345678",
        terms: false,
      });
      expectInvalid(response);
      expect(response.body.errors).toEqual({
        account: ["帳號請填寫大於五個英文及數字"],
        password: ["密碼請填寫 8-16 字，且必須包含「英文大小寫」及「數字」"],
        password_confirmation: ["此項為必填"],
        email: ["請輸入正確的電子郵件"],
        name: ["此項為必填"],
        mobile: ["請輸入 09 開頭的 10 位數手機號碼"],
        terms: ["請勾選同意條款"],
      });
    });

    it("refuses an account name already taken, in any case (422 on account)", async () => {
      const { input } = await registered();
      const response = await post<ApiError>(
        "/members/register",
        registration({ account: `R${input.account.slice(1)}` }),
      );
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ message: "此帳號已被使用", errors: { account: ["此帳號已被使用"] } });
    });

    it("refuses an e-mail address already registered, in any case (422 on email)", async () => {
      const { input } = await registered();
      const response = await post<ApiError>(
        "/members/register",
        registration({ email: input.email.toUpperCase() }),
      );
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        message: "此電子郵件已被註冊",
        errors: { email: ["此電子郵件已被註冊"] },
      });
    });

    it("names both fields when both are taken", async () => {
      const { input } = await registered();
      const response = await post<ApiError>(
        "/members/register",
        registration({ account: input.account, email: input.email }),
      );
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ account: ["此帳號已被使用"], email: ["此電子郵件已被註冊"] });
    });

    it("lets only one of two simultaneous registrations of one account name through", async () => {
      const first = registration();
      const second = registration({ account: first.account });
      const responses = await Promise.all([
        post<MemberItem | ApiError>("/members/register", first),
        post<MemberItem | ApiError>("/members/register", second),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([201, 422]);
      const refused = responses.find((response) => response.status === 422)!;
      expect(refused.body).toEqual({ message: "此帳號已被使用", errors: { account: ["此帳號已被使用"] } });
      const rows = await api.db
        .select()
        .from(members)
        .where(sql`lower(${members.account}) = ${first.account}`);
      expect(rows).toHaveLength(1);
    });

    it("still registers when the mail cannot be sent, and logs the failure", async () => {
      const logged: string[] = [];
      const logger = pino({ level: "warn" }, { write: (line: string) => logged.push(line) });
      const failing: Mailer = { send: () => Promise.reject(new Error("SMTP server unreachable")) };
      const input = registration();

      const response = await post<MemberItem>(
        "/members/register",
        input,
        {},
        api.withOptions({ mailer: failing, logger }),
      );

      expect(response.status).toBe(201);
      const entry = await vi.waitFor(
        () => {
          const line = logged.find((text) => text.includes("member mail not sent"));
          if (!line) throw new Error("no log yet");
          return JSON.parse(line) as Record<string, unknown>;
        },
        { timeout: 5_000 },
      );
      expect(entry).toMatchObject({
        level: 40,
        memberId: response.body.data.id,
        mail: "verify-email",
        err: { message: "SMTP server unreachable" },
      });
      // The member asks for the mail again.
      expect((await post("/members/verification", { email: input.email })).status).toBe(200);
      linkToken(await mailTo(input.email, subjects.verify), "/auth/confirmation");
    });

    it("allows 5 registrations an hour from one address, then answers 429 with Retry-After", async () => {
      const address = from(newAddress());
      for (let i = 0; i < 5; i += 1) {
        expect((await post("/members/register", registration(), address)).status).toBe(201);
      }
      expectTooMany(await post("/members/register", registration(), address), 3600);
      expect((await post("/members/register", registration())).status).toBe(201);
    });

    it("counts an IPv6 client by its /64: a new address in it for each try is the same client", async () => {
      const network = `2001:db8:${(addresses += 1).toString(16)}:7`;
      for (let i = 1; i <= 5; i += 1) {
        expect((await post("/members/register", registration(), from(`${network}::${i}`))).status).toBe(201);
      }
      expectTooMany(await post("/members/register", registration(), from(`${network}:ab:cd:ef:6`)), 3600);
      expect(
        (await post("/members/register", registration(), from(`${network.slice(0, -1)}8::1`))).status,
      ).toBe(201);
    });
  });

  describe("POST /members/verification", () => {
    it("mails an unverified member a new link; the earlier link stops working", async () => {
      const { input, verifyToken: first } = await registered();

      const response = await post<{ message: string }>("/members/verification", {
        email: input.email.toUpperCase(),
        vouch: registeringBrowser,
      });

      expect(response.status).toBe(200);
      expectNoStore(response);
      expect(response.body).toEqual({ message: texts.verificationSent });
      const second = linkToken(await mailTo(input.email, subjects.verify, 2), "/auth/confirmation");
      expect(second).not.toBe(first);
      expect((await activate(first)).status).toBe(422);
      // Anyone may ask for it, for any address: followed even in the asking browser, it signs no
      // one in (the account's password may be someone else's who opened it with this address).
      const activated = await activate(second);
      expect(activated.status).toBe(200);
      expect(activated.body).not.toHaveProperty("access_token");
      expect(activated.body.message).toBe(texts.activatedSignIn);
      expect((await login(input.account)).status).toBe(200);
    });

    it("answers the same for an unknown address and a verified member, and mails neither", async () => {
      const { input: verified } = await activeMember();
      const unknown = unknownEmail();

      for (const email of [unknown, verified.email]) {
        const response = await post<{ message: string }>("/members/verification", { email });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ message: texts.verificationSent });
      }

      // A mail asked for after both has arrived, so theirs would have been sent by now.
      const { input: pending } = await registered();
      await post("/members/verification", { email: pending.email });
      await mailTo(pending.email, subjects.verify, 2);
      expect(api.mail.messages({ to: unknown })).toEqual([]);
      expect(api.mail.messages({ to: verified.email, subject: subjects.verify })).toHaveLength(1);
    });

    it("answers 422 for an invalid address", async () => {
      expectInvalid(await post<ApiError>("/members/verification", { email: "reader@" }), "email");
    });

    it("allows 3 requests in 10 minutes for one address, from anywhere", async () => {
      const email = unknownEmail();
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await post("/members/verification", { email: i === 1 ? email.toUpperCase() : email })).status,
        ).toBe(200);
      }
      expectTooMany(await post("/members/verification", { email }), 600);
    });

    it("allows 10 requests in 10 minutes from one client address", async () => {
      const address = from(newAddress());
      for (let i = 0; i < 10; i += 1) {
        expect((await post("/members/verification", { email: unknownEmail() }, address)).status).toBe(200);
      }
      expectTooMany(await post("/members/verification", { email: unknownEmail() }, address), 600);
    });
  });

  describe("POST /members/activate", () => {
    it("confirms the address, signs the member in and welcomes them; the link works once", async () => {
      const { input, member, verifyToken } = await registered();

      const response = await activate(verifyToken);

      expect(response.status).toBe(200);
      expectNoStore(response);
      expect(response.body).toEqual({
        token_type: "Bearer",
        access_token: expect.any(String),
        expires_in: 900,
        refresh_token: expect.any(String),
        refresh_expires_in: 30 * 24 * 3600,
        message: texts.activated,
        data: { ...member, email_verified: true },
      });
      expect((await me(response.body.access_token)).body.data.email_verified).toBe(true);
      await mailTo(input.email, subjects.welcome);
      expect((await login(input.account)).status).toBe(200);

      const again = await activate(verifyToken);
      expect(again.status).toBe(422);
      expect(again.body).toEqual({
        message: texts.activationInvalid,
        errors: { token: [texts.activationInvalid] },
      });
    });

    it("followed in another browser, activates the account without signing anyone in there", async () => {
      // Someone's own link, sent to another person and followed there, must not sign that person's
      // browser into the sender's account (login CSRF): the account is active, the member logs in.
      for (const elsewhere of [undefined, "another-browsers-nonce-x"]) {
        const { input, member, verifyToken } = await registered();
        const response = await post<LoginResult>(
          "/members/activate",
          elsewhere ? { token: verifyToken, vouch: elsewhere } : { token: verifyToken },
        );
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          message: "帳號已啟用，請登入",
          data: { ...member, email_verified: true },
        });
        await mailTo(input.email, subjects.welcome);
        expect((await login(input.account)).status).toBe(200);
      }
    });

    it("refuses an unknown link", async () => {
      const response = await activate("not-a-token-we-sent");
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        message: texts.activationInvalid,
        errors: { token: [texts.activationInvalid] },
      });
    });

    it("refuses a link older than 24 hours, and the address stays unverified", async () => {
      const { member, verifyToken } = await registered();
      await api.db
        .update(memberTokens)
        .set({
          created_at: sql`now() - interval '24 hours 1 second'`,
          expires_at: sql`now() - interval '1 second'`,
        })
        .where(eq(memberTokens.token_hash, hashToken(verifyToken)));

      expect((await activate(verifyToken)).status).toBe(422);
      const [row] = await api.db.select().from(members).where(eq(members.id, member.id));
      expect(row!.email_verified_at).toBeNull();
    });

    it("answers 422 without a token", async () => {
      expectInvalid(await post<ApiError>("/members/activate", {}), "token");
    });
  });

  describe("POST /members/me/verification", () => {
    const ask = (accessToken: string | undefined, body: unknown) =>
      post<{ message: string } | ApiError>(
        "/members/me/verification",
        body,
        accessToken ? bearer(accessToken) : {},
      );
    const verifyRows = (memberId: number) =>
      api.db
        .select()
        .from(memberTokens)
        .where(sql`${memberTokens.member_id} = ${memberId} and ${memberTokens.purpose} = 'verify'`);

    it("mails the signed-in member a link bound to the nonce of the browser that asked", async () => {
      const { row, tokens } = await unconfirmedSocialMember();
      const vouch = "a-nonce-kept-in-this-browser";
      const response = await ask(tokens.access_token, { vouch });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: texts.ownVerificationSent });
      const token = linkToken(await mailTo(row.email, subjects.verify), "/auth/confirmation");
      const [stored] = await verifyRows(row.id);
      expect(stored).toMatchObject({ token_hash: hashToken(token), vouch_hash: hashToken(vouch) });

      const activated = await post<LoginResult>("/members/activate", { token, vouch });
      expect(activated.status).toBe(200);
      const identities = await api.db
        .select({ vouched: memberIdentities.email_vouched })
        .from(memberIdentities)
        .where(eq(memberIdentities.member_id, row.id));
      expect(identities).toEqual([{ vouched: 1 }]);
    });

    it("sends nothing to a confirmed address, saying so, and asks for a session and a nonce", async () => {
      const { row, tokens } = await socialMember();
      const confirmed = await ask(tokens.access_token, { vouch: "a-nonce-kept-in-this-browser" });
      expect([confirmed.status, confirmed.body]).toEqual([200, { message: texts.alreadyVerified }]);
      expect(await verifyRows(row.id)).toEqual([]);

      expect((await ask(undefined, { vouch: "a-nonce-kept-in-this-browser" })).status).toBe(401);
      const unconfirmed = await unconfirmedSocialMember();
      expectInvalid(await ask(unconfirmed.tokens.access_token, {}), "vouch");
      expect(await verifyRows(unconfirmed.row.id)).toEqual([]);
    });
  });

  describe("POST /members/login", () => {
    it("signs in with the account name or the e-mail address, in any case", async () => {
      const { input, member } = await activeMember();

      for (const account of [input.account.toUpperCase(), ` ${input.email.toUpperCase()} `]) {
        const response = await login(account);
        expect(response.status).toBe(200);
        expectNoStore(response);
        expect(response.body).toEqual({
          token_type: "Bearer",
          access_token: expect.any(String),
          expires_in: 900,
          refresh_token: expect.any(String),
          refresh_expires_in: 30 * 24 * 3600,
          message: "登入成功",
          data: member,
        });
        expect((await me(response.body.access_token)).body.data.id).toBe(member.id);
      }
    });

    it("refuses a wrong password and an unknown account with the same 422", async () => {
      const { input } = await activeMember();
      const wrong = await login(input.account, "Wrong1234");
      const unknown = await login(`nobody${(sequence += 1)}`, password);
      for (const response of [wrong, unknown]) {
        expect(response.status).toBe(422);
        expectNoStore(response);
        expect(response.body).toEqual({
          message: texts.loginFailed,
          errors: { account: [texts.loginFailed] },
        });
      }
    });

    it("answers 403 to a member who has not confirmed the address, only given the right password", async () => {
      const { input } = await registered();
      const unverified = await login(input.account);
      expect(unverified.status).toBe(403);
      expect(unverified.body).toEqual({ message: texts.notVerified });
      expect((await login(input.account, "Wrong1234")).status).toBe(422);
    });

    it("refuses a member who has no password (social sign-in only) like a wrong password", async () => {
      const { row } = await socialMember();
      const response = await login(row.email, password);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ message: texts.loginFailed, errors: { account: [texts.loginFailed] } });
    });

    it("answers 422 for missing fields", async () => {
      const response = await post<ApiError>("/members/login", {});
      expectInvalid(response);
      expect(response.body.errors).toEqual({ account: ["此項為必填"], password: ["此項為必填"] });
    });

    it("allows 10 failed logins in 10 minutes from one client address, then refuses even the right password", async () => {
      const address = from(newAddress());
      const { input } = await activeMember();
      for (let i = 0; i < 10; i += 1) {
        expect(
          (await post("/members/login", { account: `nobody${(sequence += 1)}`, password }, address)).status,
        ).toBe(422);
      }
      expectTooMany(
        await post("/members/login", { account: `nobody${(sequence += 1)}`, password }, address),
        600,
        { locked: true },
      );
      expectTooMany(await post("/members/login", { account: input.account, password }, address), 600, {
        locked: true,
      });
      // Another address is not held back.
      expect(
        (await post("/members/login", { account: input.account, password }, from(newAddress()))).status,
      ).toBe(200);
    });

    it("does not count successful logins against the address (an office behind one address)", async () => {
      const address = from(newAddress());
      const members = await Promise.all([activeMember(), activeMember()]);
      for (let i = 0; i < 12; i += 1) {
        const { input } = members[i % 2]!;
        expect((await post("/members/login", { account: input.account, password }, address)).status).toBe(
          200,
        );
      }
      // A few mistakes among them are failures like any other.
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await post("/members/login", { account: `nobody${(sequence += 1)}`, password }, address)).status,
        ).toBe(422);
      }
      expect(
        (await post("/members/login", { account: members[0]!.input.account, password }, address)).status,
      ).toBe(200);
    });

    it("bounds every try from one address: 20 in 10 minutes, successes included", async () => {
      const address = from(newAddress());
      const { input } = await activeMember();
      for (let i = 0; i < 20; i += 1) {
        expect((await post("/members/login", { account: input.account, password }, address)).status).toBe(
          200,
        );
      }
      expectTooMany(await post("/members/login", { account: input.account, password }, address), 600);
    });

    describe("repeated failed logins slow down", () => {
      /** An API of its own whose clock the test moves, with an active member. */
      async function throttled() {
        const clock = { now: Date.now() };
        const client = api.withOptions({ clock: () => clock.now });
        const { input } = await activeMember();
        const fail = async () => expect((await login(input.account, "Wrong1234", client)).status).toBe(422);
        return { clock, client, input, fail };
      }

      it("locks the account for 30 s after five failures, even for the right password", async () => {
        const { clock, client, input, fail } = await throttled();
        for (let i = 0; i < 5; i += 1) await fail();

        const locked = await login(input.account, password, client);
        expect(expectTooMany(locked, 30, { locked: true })).toBe(30);
        expectTooMany(await login(input.account.toUpperCase(), password, client), 30, { locked: true });
        // The account's e-mail address names the same account: it is locked too.
        expectTooMany(await login(input.email, password, client), 30, { locked: true });

        clock.now += 29_000;
        expectTooMany(await login(input.account, password, client), 1, { locked: true });
        clock.now += 1_000;
        expect((await login(input.account, password, client)).status).toBe(200);
      });

      it("lets only five of a burst of guesses sent at once reach the password", async () => {
        const { client, input } = await throttled();
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => login(input.account, "Wrong1234", client)),
        );
        const statuses = answers.map((answer) => answer.status);
        expect(statuses.filter((status) => status === 422)).toHaveLength(5);
        expect(statuses.filter((status) => status === 429)).toHaveLength(7);
        // The account is locked after them, for at least the first lock's 30 s (longer when more
        // of the burst passed the check at the same moment and counted as failures too).
        expect(
          expectTooMany(await login(input.account, password, client), 900, { locked: true }),
        ).toBeGreaterThanOrEqual(30);
      });

      it("waits twice as long after each further failure, up to 15 minutes", async () => {
        const { clock, client, input, fail } = await throttled();
        for (let i = 0; i < 5; i += 1) await fail();
        const waits: number[] = [];
        for (let i = 0; i < 7; i += 1) {
          const wait = expectTooMany(await login(input.account, "Wrong1234", client), 900, { locked: true });
          waits.push(wait);
          clock.now += wait * 1000;
          await fail();
        }
        expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
      });

      it("counts failures by the account, whether its name or its address was typed", async () => {
        const { client, input } = await throttled();
        for (let i = 0; i < 3; i += 1)
          expect((await login(input.account, "Wrong1234", client)).status).toBe(422);
        for (let i = 0; i < 2; i += 1)
          expect((await login(input.email, "Wrong1234", client)).status).toBe(422);
        expectTooMany(await login(input.account, password, client), 30, { locked: true });
        expectTooMany(await login(input.email.toUpperCase(), password, client), 30, { locked: true });
      });

      it("forgets the failures after a successful login", async () => {
        const { client, input, fail } = await throttled();
        for (let i = 0; i < 4; i += 1) await fail();
        expect((await login(input.account, password, client)).status).toBe(200);
        for (let i = 0; i < 4; i += 1) await fail();
        expect((await login(input.account, password, client)).status).toBe(200);
      });

      it("locks an unknown account name the same way, so the lock tells nothing", async () => {
        const clock = { now: Date.now() };
        const client = api.withOptions({ clock: () => clock.now });
        const account = `nobody${(sequence += 1)}`;
        for (let i = 0; i < 5; i += 1) expect((await login(account, password, client)).status).toBe(422);
        expectTooMany(await login(account, password, client), 30, { locked: true });
      });
    });
  });

  describe("POST /members/logout and /members/logout-all", () => {
    it("ends the current session: its access and refresh tokens stop working, others go on", async () => {
      const { input, tokens } = await activeMember();
      const other = (await login(input.account)).body;

      const response = await post<{ message: string }>("/members/logout", {}, bearer(tokens.access_token));

      expect(response.status).toBe(200);
      expectNoStore(response);
      expect(response.body).toEqual({ message: "您已登出" });
      const after = await me(tokens.access_token);
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ message: texts.unauthenticated });
      const refused = await refresh(tokens.refresh_token);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: texts.refreshInvalid });
      expect((await me(other.access_token)).status).toBe(200);
      expect((await refresh(other.refresh_token)).status).toBe(200);
    });

    it("ends every session of the member on logout-all", async () => {
      const { input, tokens } = await activeMember();
      const other = (await login(input.account)).body;

      const response = await post<{ message: string }>(
        "/members/logout-all",
        {},
        bearer(tokens.access_token),
      );

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: "已登出所有裝置" });
      for (const session of [tokens, other]) {
        expect((await me(session.access_token)).status).toBe(401);
        expect((await refresh(session.refresh_token)).status).toBe(401);
      }
    });

    it("answers 401 Unauthenticated. without an access token", async () => {
      for (const path of ["/members/logout", "/members/logout-all"]) {
        const response = await post<ApiError>(path, {});
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ message: texts.unauthenticated });
      }
    });
  });

  describe("POST /members/forgot-password and /members/reset-password", () => {
    /** An active member who has asked for a reset link, with its token. */
    async function resetRequested() {
      const active = await activeMember();
      const response = await post<{ message: string }>("/members/forgot-password", {
        email: active.input.email,
      });
      expect(response.status).toBe(200);
      const resetToken = linkToken(await mailTo(active.input.email, subjects.reset), "/auth/reset-password");
      return { ...active, resetToken };
    }

    const reset = (token: string, secret = newPassword) =>
      post<{ message: string } | ApiError>("/members/reset-password", {
        token,
        password: secret,
        password_confirmation: secret,
      });

    it("mails a link to set a new password, valid for one hour", async () => {
      const started = Date.now();
      const { member, resetToken } = await resetRequested();
      const [row] = await api.db
        .select()
        .from(memberTokens)
        .where(eq(memberTokens.token_hash, hashToken(resetToken)));
      expect(row).toMatchObject({ member_id: member.id, purpose: "reset", used_at: null });
      const expiresAt = Date.parse(row!.expires_at);
      expect(expiresAt).toBeGreaterThanOrEqual(started + 3600_000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    });

    it("answers the same for an unknown address, and mails nothing", async () => {
      const unknown = unknownEmail();
      const response = await post<{ message: string }>("/members/forgot-password", { email: unknown });
      expect(response.status).toBe(200);
      expectNoStore(response);
      expect(response.body).toEqual({ message: texts.resetSent });

      // A mail asked for after it has arrived, so any for the unknown address would have been sent.
      await resetRequested();
      expect(api.mail.messages({ to: unknown })).toEqual([]);
    });

    it("makes an earlier link stop working when a new one is asked for", async () => {
      const { input, resetToken: first } = await resetRequested();
      await post("/members/forgot-password", { email: input.email });
      const second = linkToken(await mailTo(input.email, subjects.reset, 2), "/auth/reset-password");
      expect((await reset(first)).status).toBe(422);
      expect((await reset(second)).status).toBe(200);
    });

    it("sets the new password, ends every session and mails a notice; the link works once", async () => {
      const { input, tokens, resetToken } = await resetRequested();

      const response = await reset(resetToken);

      expect(response.status).toBe(200);
      expectNoStore(response);
      expect(response.body).toEqual({ message: texts.resetDone });
      expect((await me(tokens.access_token)).status).toBe(401);
      expect((await refresh(tokens.refresh_token)).status).toBe(401);
      expect((await login(input.account, password)).status).toBe(422);
      expect((await login(input.account, newPassword)).status).toBe(200);
      const notice = await mailTo(input.email, subjects.changed);
      expect(notice.text).toContain(`${testAuthConfig.siteUrl}/contact`);

      const again = await reset(resetToken, "Third7890");
      expect(again.status).toBe(422);
      expect(again.body).toEqual({ message: texts.resetInvalid, errors: { token: [texts.resetInvalid] } });
      expect((await login(input.account, newPassword)).status).toBe(200);
    });

    it("confirms the address of a member who never clicked the verification link", async () => {
      const { input } = await registered();
      await post("/members/forgot-password", { email: input.email });
      const token = linkToken(await mailTo(input.email, subjects.reset), "/auth/reset-password");

      expect((await reset(token)).status).toBe(200);
      const response = await login(input.email, newPassword);
      expect(response.status).toBe(200);
      expect(response.body.data.email_verified).toBe(true);
    });

    it("lets a locked-out member in once they have reset the password", async () => {
      const { input, resetToken } = await resetRequested();
      for (let i = 0; i < 5; i += 1) await login(input.account, "Wrong1234");
      expect((await login(input.account, password)).status).toBe(429);
      expect((await reset(resetToken)).status).toBe(200);
      expect((await login(input.account, newPassword)).status).toBe(200);
    });

    it("refuses a link older than one hour", async () => {
      const { input, resetToken } = await resetRequested();
      await api.db
        .update(memberTokens)
        .set({
          created_at: sql`now() - interval '1 hour 1 second'`,
          expires_at: sql`now() - interval '1 second'`,
        })
        .where(eq(memberTokens.token_hash, hashToken(resetToken)));

      const response = await reset(resetToken);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ message: texts.resetInvalid, errors: { token: [texts.resetInvalid] } });
      expect((await login(input.account, password)).status).toBe(200);
    });

    it("refuses an unknown link, and a new password that breaks the rules", async () => {
      expect((await reset("not-a-token-we-sent")).body).toEqual({
        message: texts.resetInvalid,
        errors: { token: [texts.resetInvalid] },
      });
      const { resetToken } = await resetRequested();
      const response = await post<ApiError>("/members/reset-password", {
        token: resetToken,
        password: newPassword,
        password_confirmation: "Different1",
      });
      expectInvalid(response, "password_confirmation");
      expect(response.body.errors).toEqual({ password_confirmation: ["密碼驗證不相符"] });
      expect((await reset(resetToken)).status).toBe(200);
    });

    it("allows 3 reset mails in 15 minutes for one address and 10 requests from one client", async () => {
      const email = unknownEmail();
      for (let i = 0; i < 3; i += 1) {
        expect((await post("/members/forgot-password", { email })).status).toBe(200);
      }
      expectTooMany(await post("/members/forgot-password", { email: email.toUpperCase() }), 900);

      const address = from(newAddress());
      for (let i = 0; i < 10; i += 1) {
        expect((await post("/members/forgot-password", { email: unknownEmail() }, address)).status).toBe(200);
      }
      expectTooMany(await post("/members/forgot-password", { email: unknownEmail() }, address), 900);
    });

    it("tells whether a mailed link still works, without using it up", async () => {
      const check = (token: string, purpose: string, address?: string) =>
        post<{ message: string } | ApiError>(
          "/members/link-check",
          { token, purpose },
          address === undefined ? {} : from(address),
        );
      const { input, resetToken } = await resetRequested();
      expect((await check(resetToken, "reset")).status).toBe(200);
      expect((await check(resetToken, "reset")).status).toBe(200);
      // A reset link is not a verification link.
      expect((await check(resetToken, "verify")).body).toEqual({
        message: texts.activationInvalid,
        errors: { token: [texts.activationInvalid] },
      });

      expect((await reset(resetToken)).status).toBe(200);
      const used = await check(resetToken, "reset");
      expect(used.status).toBe(422);
      expect(used.body).toEqual({ message: texts.resetInvalid, errors: { token: [texts.resetInvalid] } });

      const { input: pending } = await registered();
      const verifyToken = linkToken(await mailTo(pending.email, subjects.verify), "/auth/confirmation");
      expect((await check(verifyToken, "verify")).status).toBe(200);
      await api.db
        .update(memberTokens)
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where(eq(memberTokens.token_hash, hashToken(verifyToken)));
      expect((await check(verifyToken, "verify")).status).toBe(422);

      expectInvalid(await check(resetToken, "remove"), "purpose");
      expectInvalid(await check("", "reset"), "token");
      expect((await login(input.account, newPassword)).status).toBe(200);

      const address = newAddress();
      for (let i = 0; i < 60; i += 1) expect((await check("guess", "reset", address)).status).toBe(422);
      expectTooMany(await check("guess", "reset", address), 900);
    });

    it("allows 10 reset attempts in 15 minutes from one client address", async () => {
      const address = from(newAddress());
      const attempt = { token: "guess", password: newPassword, password_confirmation: newPassword };
      for (let i = 0; i < 10; i += 1) {
        expect((await post("/members/reset-password", attempt, address)).status).toBe(422);
      }
      expectTooMany(await post("/members/reset-password", attempt, address), 900);
    });
  });

  describe("GET /members/me", () => {
    it("answers the signed-in member, never to be cached", async () => {
      const { member, tokens } = await activeMember();
      const response = await me(tokens.access_token);
      expect(response.status).toBe(200);
      expectNoStore(response);
      expect(response.body).toEqual({ data: member });
    });

    it("lists the social providers a member signs in with", async () => {
      const { row, tokens } = await socialMember();
      const response = await me(tokens.access_token);
      expect(response.body.data).toMatchObject({
        id: row.id,
        account: null,
        email_verified: true,
        has_password: false,
        providers: ["line"],
      });
    });

    it("answers 401 with exactly Unauthenticated. without a token, with an expired one or a forged one", async () => {
      const { member, tokens } = await activeMember();
      const [session] = await api.db
        .select({ id: memberSessions.id })
        .from(memberSessions)
        .where(eq(memberSessions.member_id, member.id));
      const expired = await signAccessToken(
        testAuthConfig,
        { memberId: member.id, sessionId: session!.id },
        Date.now() - 901_000,
      );
      const forged = await signAccessToken(
        { ...testAuthConfig, jwtSecret: "another-secret-of-at-least-thirty-two-characters" },
        { memberId: member.id, sessionId: session!.id },
      );

      // Rightly signed, but naming a member id past the id column (a key leaked, a bug elsewhere).
      const outOfRange = await signAccessToken(testAuthConfig, {
        memberId: 99_999_999_999,
        sessionId: session!.id,
      });

      for (const headers of [{}, bearer(expired), bearer(forged), bearer("not.a.jwt"), bearer(outOfRange)]) {
        const response = await api.get<ApiError>("/members/me", headers);
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ message: texts.unauthenticated });
        expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(response.headers.get("cache-control")).not.toMatch(/public/);
      }
      expect((await me(tokens.access_token)).status).toBe(200);
    });
  });

  describe("PATCH /members/{id}", () => {
    const patch = <T = MemberItem>(id: number, body: unknown, accessToken: string) =>
      api.patch<T>(`/members/${id}`, body, { ...freshAddress(), ...bearer(accessToken) });

    it("updates the name, mobile and address; null or empty clears, left out stays", async () => {
      const { member, tokens } = await activeMember();

      const first = await patch(
        member.id,
        {
          name: " 陳大文 ",
          address: { zip: "100", city: "臺北市", dist: "中正區", addr: "重慶南路一段 1 號" },
        },
        tokens.access_token,
      );
      expect(first.status).toBe(200);
      expectNoStore(first);
      expect(first.body).toEqual({
        message: "會員資料已更新",
        data: {
          ...member,
          name: "陳大文",
          address: { zip: "100", city: "臺北市", dist: "中正區", addr: "重慶南路一段 1 號" },
        },
      });

      const second = await patch(
        member.id,
        { mobile: null, address: { zip: "", city: "" } },
        tokens.access_token,
      );
      expect(second.body.data).toMatchObject({ name: "陳大文", mobile: null, address: null });

      const third = await patch(member.id, { mobile: "0987654321" }, tokens.access_token);
      expect(third.body.data).toMatchObject({ mobile: "0987654321", address: null });
      const fourth = await patch(member.id, { mobile: "" }, tokens.access_token);
      expect(fourth.body.data.mobile).toBeNull();

      expect((await me(tokens.access_token)).body.data).toEqual(fourth.body.data);
    });

    it("answers 422 for invalid values", async () => {
      const { member, tokens } = await activeMember();
      const response = await patch<ApiError>(
        member.id,
        { name: "", mobile: "12345", address: { zip: "ab" } },
        tokens.access_token,
      );
      expectInvalid(response);
      expect(response.body.errors).toMatchObject({
        name: ["此項為必填"],
        mobile: ["請輸入 09 開頭的 10 位數手機號碼"],
      });
    });

    it("answers 403 for another member's record, and changes nothing", async () => {
      const { member: other } = await activeMember();
      const { tokens } = await activeMember();
      const response = await patch<ApiError>(other.id, { name: "冒名者" }, tokens.access_token);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: "您沒有權限存取此資料" });
      const [row] = await api.db.select().from(members).where(eq(members.id, other.id));
      expect(row!.name).toBe("王小明");
    });

    it("answers 401 without an access token", async () => {
      const { member } = await activeMember();
      const response = await api.patch<ApiError>(`/members/${member.id}`, { name: "某人" });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: texts.unauthenticated });
    });

    it("changes the password only given the current one, ends the other sessions and mails a notice", async () => {
      const { input, member, tokens } = await activeMember();
      const other = (await login(input.account)).body;
      const change = { password: newPassword, password_confirmation: newPassword };

      const missing = await patch<ApiError>(member.id, change, tokens.access_token);
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ current_password: ["此項為必填"] });
      const wrong = await patch<ApiError>(
        member.id,
        { ...change, current_password: "Wrong1234" },
        tokens.access_token,
      );
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual({
        message: "目前的密碼不正確",
        errors: { current_password: ["目前的密碼不正確"] },
      });
      expect((await me(other.access_token)).status).toBe(200);
      // The current password again changes nothing, and is said to.
      const same = await patch<ApiError>(
        member.id,
        { password, password_confirmation: password, current_password: password },
        tokens.access_token,
      );
      expect(same.status).toBe(422);
      expect(same.body.errors).toEqual({ password: ["新密碼不可與目前的密碼相同"] });
      expect((await me(other.access_token)).status).toBe(200);

      const changed = await patch(member.id, { ...change, current_password: password }, tokens.access_token);
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ message: "密碼已更新", data: member });
      expect((await me(tokens.access_token)).status).toBe(200);
      expect((await me(other.access_token)).status).toBe(401);
      expect((await refresh(other.refresh_token)).status).toBe(401);
      expect((await login(input.account, password)).status).toBe(422);
      expect((await login(input.account, newPassword)).status).toBe(200);
      await mailTo(input.email, subjects.changed);
    });

    it("refuses a first password before the address is confirmed, changing nothing", async () => {
      // The session may be someone's who typed another person's address at a LINE sign-in: a
      // password of theirs would outlast the owner's confirming it.
      const { row, tokens } = await unconfirmedSocialMember();
      const response = await patch<ApiError>(
        row.id,
        { name: "改個名字", password: newPassword, password_confirmation: newPassword },
        tokens.access_token,
      );
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        message: texts.verifyBeforePassword,
        errors: { password: [texts.verifyBeforePassword] },
      });
      const [after] = await api.db.select().from(members).where(eq(members.id, row.id));
      expect(after).toMatchObject({ name: "社群會員", password_hash: null });
    });

    it("lets a member without a password (social sign-in only) set one without a current password", async () => {
      const { row, tokens } = await socialMember();
      const response = await patch(
        row.id,
        { password: newPassword, password_confirmation: newPassword },
        tokens.access_token,
      );
      expect(response.status).toBe(200);
      expect(response.body.message).toBe("密碼已更新");
      expect(response.body.data.has_password).toBe(true);
      expect((await login(row.email, newPassword)).status).toBe(200);
    });

    it("allows 10 password changes in 15 minutes", async () => {
      const { member, tokens } = await activeMember();
      const attempt = {
        current_password: "Wrong1234",
        password: newPassword,
        password_confirmation: newPassword,
      };
      for (let i = 0; i < 10; i += 1) {
        expect((await patch(member.id, attempt, tokens.access_token)).status).toBe(422);
      }
      expectTooMany(await patch(member.id, attempt, tokens.access_token), 900);
      expect((await patch(member.id, { name: "仍可改名" }, tokens.access_token)).status).toBe(200);
    });
  });

  describe("DELETE /members/{id}", () => {
    const remove = <T = { message: string }>(id: number, body: unknown, accessToken: string) =>
      api.deleteJson<T>(`/members/${id}`, body, { ...freshAddress(), ...bearer(accessToken) });
    /** A gift of the member's, as the donations service keeps it. */
    const gift = async (
      memberId: number,
      status: "paid" | "active" | "pending",
      frequency: "once" | "monthly" | "yearly",
    ) => {
      const [row] = await api.db
        .insert(donations)
        .values({
          number: `${Date.now()}${Math.floor(Math.random() * 1e6)}`,
          member_id: memberId,
          access_token_hash: "0".repeat(64),
          status,
          amount: 500,
          frequency,
          payment_method: "credit",
          name: "王小明",
          email: "gift@example.com",
          receipt: "none",
          receipt_format: "digital",
        })
        .returning();
      return row!;
    };

    it("deletes the account given the password: every session ends, the records stay without it", async () => {
      const { input, member, tokens } = await activeMember();
      const other = (await login(input.account)).body;
      await api.db
        .insert(cartLines)
        .values({ member_id: member.id, item_id: 1, type: "magazine", quantity: 1 });
      const paid = await gift(member.id, "paid", "once");

      const missing = await remove<ApiError>(member.id, {}, tokens.access_token);
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ password: ["此項為必填"] });
      const wrong = await remove<ApiError>(member.id, { password: "Wrong1234" }, tokens.access_token);
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ password: ["目前的密碼不正確"] });
      expect((await me(tokens.access_token)).status).toBe(200);

      const deleted = await remove(member.id, { password }, tokens.access_token);
      expect(deleted.status).toBe(200);
      expectNoStore(deleted);
      expect(deleted.body).toEqual({ message: "您的帳號已刪除，感謝您曾經的支持" });

      expect((await me(tokens.access_token)).status).toBe(401);
      expect((await me(other.access_token)).status).toBe(401);
      expect((await refresh(other.refresh_token)).status).toBe(401);
      expect((await login(input.account)).status).toBe(422);
      expect(await api.db.select().from(members).where(eq(members.id, member.id))).toEqual([]);
      expect(await api.db.select().from(cartLines).where(eq(cartLines.member_id, member.id))).toEqual([]);
      // The gift is a record the law keeps: still there, linked to no account.
      const [kept] = await api.db.select().from(donations).where(eq(donations.id, paid.id));
      expect(kept).toMatchObject({ number: paid.number, member_id: null, status: "paid" });
      const notice = await mailTo(input.email, subjects.deleted);
      expect(notice.text).toContain("訂單、發票與捐款收據的紀錄須保存");

      // The address is free to join again.
      const again = await post<MemberItem>("/members/register", registration({ email: input.email }));
      expect(again.status).toBe(201);
    });

    it("has an account without a password confirmed by a mailed link, which works once within the hour", async () => {
      const { row, tokens } = await socialMember();
      const asked = await remove(row.id, {}, tokens.access_token);
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({ message: "確認信已寄至您的電子郵件，請在一小時內點擊信中的連結完成刪除" });
      // Nothing is deleted until the mailbox confirms it.
      expect((await me(tokens.access_token)).status).toBe(200);
      const token = linkToken(await mailTo(row.email, subjects.confirmDeletion), "/auth/delete-account");

      const check = (value: string) => post("/members/link-check", { token: value, purpose: "delete" });
      expect((await check(token)).status).toBe(200);
      const wrong = await post<ApiError>("/members/delete", { token: "not-the-token" });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({
        token: ["刪除帳號的確認連結無效或已過期，請回到會員中心重新申請"],
      });

      const confirmed = await post<{ data: { id: number }; message: string }>("/members/delete", { token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ data: { id: row.id }, message: "您的帳號已刪除，感謝您曾經的支持" });
      expect((await me(tokens.access_token)).status).toBe(401);
      expect(await api.db.select().from(members).where(eq(members.id, row.id))).toEqual([]);
      expect(
        await api.db.select().from(memberIdentities).where(eq(memberIdentities.member_id, row.id)),
      ).toEqual([]);
      await mailTo(row.email, subjects.deleted);
      expect((await post("/members/delete", { token })).status).toBe(422);
      expect((await check(token)).status).toBe(422);
    });

    it("lets a mailed deletion link lapse after an hour, and a gift started meanwhile still refuses", async () => {
      const { row, tokens } = await socialMember();
      expect((await remove(row.id, {}, tokens.access_token)).status).toBe(202);
      const first = linkToken(await mailTo(row.email, subjects.confirmDeletion), "/auth/delete-account");
      await api.db
        .update(memberTokens)
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where(eq(memberTokens.token_hash, hashToken(first)));
      expect((await post("/members/delete", { token: first })).status).toBe(422);

      expect((await remove(row.id, {}, tokens.access_token)).status).toBe(202);
      const second = linkToken(await mailTo(row.email, subjects.confirmDeletion, 2), "/auth/delete-account");
      const [running] = await api.db
        .insert(donations)
        .values({
          number: `${Date.now()}7`,
          member_id: row.id,
          access_token_hash: "0".repeat(64),
          status: "active",
          amount: 500,
          frequency: "monthly",
          payment_method: "credit",
          name: "社群會員",
          email: row.email,
          receipt: "none",
          receipt_format: "digital",
        })
        .returning();
      expect((await post("/members/delete", { token: second })).status).toBe(409);
      // Asked again while it runs: refused before any mail goes.
      expect((await remove(row.id, {}, tokens.access_token)).status).toBe(409);
      await api.db.update(donations).set({ status: "cancelled" }).where(eq(donations.id, running!.id));
      expect((await post("/members/delete", { token: second })).status).toBe(200);
    });

    it("refuses while a periodic gift runs or waits for its first payment, until it no longer can", async () => {
      const { member, tokens } = await activeMember();
      const running = await gift(member.id, "active", "monthly");
      const waiting = await gift(member.id, "pending", "yearly");
      // A one-off gift waiting for payment charges no card later: it does not stand in the way.
      await gift(member.id, "pending", "once");
      const message =
        "您有進行中或尚未完成付款的定期捐款：進行中的請先取消；尚未付款的會在三天後失效，之後即可刪除帳號";
      const refused = await remove<ApiError>(member.id, { password }, tokens.access_token);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message });
      await api.db.update(donations).set({ status: "cancelled" }).where(eq(donations.id, running.id));
      expect((await remove<ApiError>(member.id, { password }, tokens.access_token)).body).toEqual({
        message,
      });
      expect((await me(tokens.access_token)).status).toBe(200);
      await api.db.update(donations).set({ status: "expired" }).where(eq(donations.id, waiting.id));
      expect((await remove(member.id, { password }, tokens.access_token)).status).toBe(200);
    });

    it("answers 403 for another member's account and 401 without a session, deleting nothing", async () => {
      const { member: other } = await activeMember();
      const { tokens } = await activeMember();
      const response = await remove<ApiError>(other.id, { password }, tokens.access_token);
      expect(response.status).toBe(403);
      const unsigned = await api.deleteJson<ApiError>(`/members/${other.id}`, { password });
      expect(unsigned.status).toBe(401);
      expect(await api.db.select().from(members).where(eq(members.id, other.id))).toHaveLength(1);
    });

    it("allows 10 tries in 15 minutes, counted with password changes", async () => {
      const { member, tokens } = await activeMember();
      for (let i = 0; i < 10; i += 1) {
        expect((await remove(member.id, { password: "Wrong1234" }, tokens.access_token)).status).toBe(422);
      }
      expectTooMany(await remove(member.id, { password }, tokens.access_token), 900);
      expect(await api.db.select().from(members).where(eq(members.id, member.id))).toHaveLength(1);
    });
  });

  describe("POST /members/{id}/email and /members/confirm-email", () => {
    const change = <T = { message: string }>(id: number, body: unknown, accessToken: string) =>
      post<T>(`/members/${id}/email`, body, bearer(accessToken));
    const confirmEmail = <T = MemberItem>(token: string) => post<T>("/members/confirm-email", { token });
    const linkOf = async (to: string, count = 1) =>
      linkToken(await mailTo(to, subjects.confirmEmail, count), "/auth/confirm-email");
    const invalidLink = "變更電子郵件的確認連結無效或已過期，請回到會員中心重新申請";

    it("moves a confirmed address once the new mailbox confirms it, and tells the old one", async () => {
      const { input, member, tokens } = await activeMember();
      const next = unknownEmail();

      const missing = await change<ApiError>(member.id, { email: next }, tokens.access_token);
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ current_password: ["此項為必填"] });
      const wrong = await change<ApiError>(
        member.id,
        { email: next, current_password: "Wrong1234" },
        tokens.access_token,
      );
      expect(wrong.body.errors).toEqual({ current_password: ["目前的密碼不正確"] });
      const same = await change<ApiError>(
        member.id,
        { email: input.email.toUpperCase(), current_password: password },
        tokens.access_token,
      );
      expect(same.status).toBe(422);
      expect(same.body.errors).toEqual({ email: ["這是您目前使用的電子郵件"] });
      const { input: other } = await activeMember();
      const taken = await change<ApiError>(
        member.id,
        { email: other.email, current_password: password },
        tokens.access_token,
      );
      expect(taken.status).toBe(422);
      expect(taken.body.errors).toEqual({ email: ["此電子郵件已被註冊"] });

      // A reset link mailed to the old address before the change.
      await post("/members/forgot-password", { email: input.email });
      const resetToken = linkToken(await mailTo(input.email, subjects.reset), "/auth/reset-password");

      const asked = await change(member.id, { email: next, current_password: password }, tokens.access_token);
      expect(asked.status).toBe(202);
      expectNoStore(asked);
      expect(asked.body).toEqual({
        message: "確認信已寄至新的電子郵件，請在 24 小時內開啟信中的連結並確認變更",
      });
      const token = await linkOf(next);
      // The account's own mailbox hears of it, with the way to call it off.
      const heard = await mailTo(input.email, subjects.emailChangeRequested);
      expect(heard.text).toContain(`改為 ${next} 的申請`);
      expect(heard.text).toContain("登出所有裝置");
      // Until the new mailbox confirms it, the account keeps its address and signs in with it.
      const waiting = (await me(tokens.access_token)).body.data;
      expect(waiting.email).toBe(input.email);
      expect(waiting.pending_email).toEqual({ email: next, expires_at: expect.any(String) });
      expect(Date.parse(waiting.pending_email!.expires_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);
      expect((await login(input.email)).status).toBe(200);
      expect((await login(next)).status).toBe(422);
      const checked = await post<{ data?: { email: string } }>("/members/link-check", {
        token,
        purpose: "email",
      });
      expect(checked.status).toBe(200);
      // The page the link opens names the address it moves the account to.
      expect(checked.body.data).toEqual({ email: next });

      const confirmed = await confirmEmail(token);
      expect(confirmed.status).toBe(200);
      expectNoStore(confirmed);
      expect(confirmed.body.message).toBe("電子郵件已變更，之後請以新的電子郵件登入");
      expect(confirmed.body.data).toMatchObject({ id: member.id, email: next, email_verified: true });

      expect((await login(next)).status).toBe(200);
      expect((await login(input.email)).status).toBe(422);
      expect((await login(input.account)).status).toBe(200);
      // The session that asked for it goes on, with the new address.
      expect((await me(tokens.access_token)).body.data).toMatchObject({ email: next, pending_email: null });
      const notice = await mailTo(input.email, subjects.emailChanged);
      expect(notice.text).toContain(`變更為 ${next}`);
      expect(notice.text).toContain("如果您沒有變更電子郵件");
      // What was mailed to the old address no longer opens the account.
      const reset = await post<ApiError>("/members/reset-password", {
        token: resetToken,
        password: newPassword,
        password_confirmation: newPassword,
      });
      expect(reset.status).toBe(422);
      // The link works once.
      const again = await confirmEmail<ApiError>(token);
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ token: [invalidLink] });
      expect((await post("/members/link-check", { token, purpose: "email" })).status).toBe(422);
    });

    it("keeps the member's guest gifts of the old address, and its yearly receipt's number", async () => {
      const { input, member, tokens } = await activeMember();
      const next = unknownEmail();
      const guestGift = (number: string, status: "paid" | "awaiting_payment") => ({
        number,
        access_token_hash: "x",
        status,
        amount: 500,
        frequency: "once" as const,
        payment_method: "credit" as const,
        name: "王小明",
        email: input.email.toUpperCase(),
        receipt: "yearly" as const,
        receipt_format: "digital" as const,
      });
      const stamp = `${Date.now()}`.slice(-9);
      const [paid, unpaid] = [`7${stamp}1`, `7${stamp}2`];
      await api.db.insert(donations).values([guestGift(paid, "paid"), guestGift(unpaid, "awaiting_payment")]);
      await api.db
        .insert(yearlyReceipts)
        .values({ email: input.email, year: 2025, number: `2026019${stamp}` });
      const gifts = async () =>
        (
          await api.get<{ data: { number: string }[] }>("/donations/me", bearer(tokens.access_token))
        ).body.data.map((gift) => gift.number);
      // Given as a guest with the member's verified address and paid: theirs by the address.
      expect(await gifts()).toEqual([paid]);

      await change(member.id, { email: next, current_password: password }, tokens.access_token);
      expect((await confirmEmail(await linkOf(next))).status).toBe(200);

      // The gift stays in the member's history, and with it its result page and receipts.
      expect(await gifts()).toEqual([paid]);
      const rows = await api.db
        .select()
        .from(donations)
        .where(inArray(donations.number, [paid, unpaid]));
      expect(Object.fromEntries(rows.map((row) => [row.number, row.member_id]))).toEqual({
        [paid]: member.id,
        [unpaid]: null,
      });
      // The year's receipt keeps the number it was issued with.
      const receipts = await api.db.select().from(yearlyReceipts).where(eq(yearlyReceipts.year, 2025));
      expect(receipts.filter((row) => row.number === `2026019${stamp}`).map((row) => row.email)).toEqual([
        next,
      ]);
    });

    it("drops a change waiting for its mailbox when the account is secured: a reset, a new password, 登出所有裝置", async () => {
      const waiting = async () => {
        const active = await activeMember();
        const next = unknownEmail();
        const asked = await change(
          active.member.id,
          { email: next, current_password: password },
          active.tokens.access_token,
        );
        expect(asked.status).toBe(202);
        return { ...active, next, token: await linkOf(next) };
      };

      const reset = await waiting();
      await post("/members/forgot-password", { email: reset.input.email });
      const resetToken = linkToken(await mailTo(reset.input.email, subjects.reset), "/auth/reset-password");
      const done = await post("/members/reset-password", {
        token: resetToken,
        password: newPassword,
        password_confirmation: newPassword,
      });
      expect(done.status).toBe(200);
      expect((await confirmEmail(reset.token)).status).toBe(422);

      const changed = await waiting();
      const patched = await api.patch(
        `/members/${changed.member.id}`,
        { current_password: password, password: newPassword, password_confirmation: newPassword },
        { ...freshAddress(), ...bearer(changed.tokens.access_token) },
      );
      expect(patched.status).toBe(200);
      expect((await me(changed.tokens.access_token)).body.data.pending_email).toBeNull();
      expect((await confirmEmail(changed.token)).status).toBe(422);

      const everywhere = await waiting();
      expect((await post("/members/logout-all", {}, bearer(everywhere.tokens.access_token))).status).toBe(
        200,
      );
      expect((await confirmEmail(everywhere.token)).status).toBe(422);
      // Nothing moved.
      expect((await login(everywhere.input.email)).status).toBe(200);
    });

    it("takes the old address's newsletter along, unless the new address has one of its own", async () => {
      const subscribe = (email: string, status: "active" | "unsubscribed") =>
        api.db.insert(newsletterSubscriptions).values({ email, status, source: "footer" });
      const move = async (next: string) => {
        const { input, member, tokens } = await activeMember();
        await subscribe(input.email.toUpperCase(), "active");
        expect(
          (await change(member.id, { email: next, current_password: password }, tokens.access_token)).status,
        ).toBe(202);
        expect((await confirmEmail(await linkOf(next))).status).toBe(200);
        return input.email.toUpperCase();
      };
      const subscriptionOf = async (email: string) =>
        (
          await api.db
            .select({ status: newsletterSubscriptions.status })
            .from(newsletterSubscriptions)
            .where(eq(newsletterSubscriptions.email, email))
        )[0]?.status;

      const fresh = unknownEmail();
      const old = await move(fresh);
      expect(await subscriptionOf(fresh)).toBe("active");
      expect(await subscriptionOf(old)).toBeUndefined();

      // The new address once declined the newsletter: that stays, and so does the old one's.
      const declined = unknownEmail();
      await subscribe(declined, "unsubscribed");
      const kept = await move(declined);
      expect(await subscriptionOf(declined)).toBe("unsubscribed");
      expect(await subscriptionOf(kept)).toBe("active");
    });

    it("keeps only the newest link working, for a day, and refuses an address taken meanwhile", async () => {
      const { input, member, tokens } = await activeMember();
      const first = unknownEmail();
      const second = unknownEmail();
      const ask = (email: string) =>
        change(member.id, { email, current_password: password }, tokens.access_token);

      expect((await ask(first)).status).toBe(202);
      const firstToken = await linkOf(first);
      expect((await ask(second)).status).toBe(202);
      const secondToken = await linkOf(second);
      expect((await confirmEmail(firstToken)).status).toBe(422);

      const [row] = await api.db
        .select()
        .from(memberTokens)
        .where(eq(memberTokens.token_hash, hashToken(secondToken)));
      expect(row).toMatchObject({ purpose: "email", email: second, used_at: null });
      const day = 24 * 3600_000;
      expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBeGreaterThan(day - 60_000);
      expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBeLessThan(day + 60_000);

      // Someone joins with the address before the link is followed: the account keeps its own.
      const joined = await post<MemberItem>("/members/register", registration({ email: second }));
      expect(joined.status).toBe(201);
      const refused = await confirmEmail<ApiError>(secondToken);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ token: ["此電子郵件已被註冊"] });
      expect((await me(tokens.access_token)).body.data.email).toBe(input.email);

      const third = unknownEmail();
      expect((await ask(third)).status).toBe(202);
      const lapsed = await linkOf(third);
      await api.db
        .update(memberTokens)
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where(eq(memberTokens.token_hash, hashToken(lapsed)));
      expect((await confirmEmail(lapsed)).status).toBe(422);
      // A lapsed link leaves nothing waiting.
      expect((await me(tokens.access_token)).body.data.pending_email).toBeNull();
    });

    it("keeps one link live when two new addresses are asked for at once", async () => {
      const { member, tokens } = await activeMember();
      const asked = [unknownEmail(), unknownEmail(), unknownEmail()];
      const answers = await Promise.all(
        asked.map((email) => change(member.id, { email, current_password: password }, tokens.access_token)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
      // And links made at the very same moment, each dropping the others before keeping its own.
      await Promise.all(
        asked.map((email) => issueMailToken(api.db, member.id, "email", Date.now(), { email })),
      );
      const live = await api.db
        .select()
        .from(memberTokens)
        .where(sql`${memberTokens.member_id} = ${member.id} and ${memberTokens.purpose} = 'email'`);
      expect(live).toHaveLength(1);
      expect(asked).toContain(live[0]!.email);
      expect((await me(tokens.access_token)).body.data.pending_email).toMatchObject({
        email: live[0]!.email,
      });
    });

    it("corrects an address never confirmed at once, without a password, and verifies the new one", async () => {
      const wrongEmail = unknownEmail();
      const [row] = await api.db.insert(members).values({ email: wrongEmail, name: "社群會員" }).returning();
      await api.db.insert(memberIdentities).values({
        member_id: row!.id,
        provider: "line",
        provider_user_id: `line-${row!.id}`,
        email: wrongEmail,
      });
      const tokens = await startSession(api.db, testAuthConfig, row!.id);
      const staleVerify = await issueMailToken(api.db, row!.id, "verify", Date.now());
      const next = unknownEmail();

      const corrected = await change<MemberItem>(
        row!.id,
        { email: next, vouch: "the-asking-browsers-nonce-00" },
        tokens.access_token,
      );
      expect(corrected.status).toBe(200);
      expect(corrected.body.message).toBe("電子郵件已更新，驗證信已寄至新的電子郵件");
      expect(corrected.body.data).toMatchObject({ email: next, email_verified: false });
      const verifyToken = linkToken(await mailTo(next, subjects.verify), "/auth/confirmation");
      expect((await activate(staleVerify)).status).toBe(422);
      const activated = await post<LoginResult>("/members/activate", {
        token: verifyToken,
        vouch: "the-asking-browsers-nonce-00",
      });
      expect(activated.status).toBe(200);
      expect((await me(tokens.access_token)).body.data).toMatchObject({ email: next, email_verified: true });
      // Followed in the browser that asked: the LINE sign-in stays.
      expect(
        await api.db.select().from(memberIdentities).where(eq(memberIdentities.member_id, row!.id)),
      ).toHaveLength(1);
      expect(api.mail.messages({ to: wrongEmail })).toEqual([]);
    });

    it("leaves no way in to whoever put someone else's address on an unconfirmed account, once its owner confirms it", async () => {
      // Someone signs in with LINE, which vouches for no address, and corrects the account's
      // address to another person's; that person meets it at registration (此電子郵件已被註冊),
      // asks for the verification mail again and follows it in their own browser.
      const { row, tokens } = await unconfirmedSocialMember();
      const owner = unknownEmail();
      const corrected = await change<MemberItem>(
        row.id,
        { email: owner, vouch: "the-intruders-browser-nonce-0" },
        tokens.access_token,
      );
      expect(corrected.status).toBe(200);
      const ownersBrowser = "the-owners-browser-nonce-000";
      expect((await post("/members/verification", { email: owner, vouch: ownersBrowser })).status).toBe(200);
      const token = linkToken(await mailTo(owner, subjects.verify, 2), "/auth/confirmation");

      const activated = await post<LoginResult>("/members/activate", { token, vouch: ownersBrowser });
      expect(activated.status).toBe(200);
      expect(activated.body).not.toHaveProperty("access_token");
      // The intruder's session, refresh token and LINE sign-in are gone; the owner resets a password.
      expect((await me(tokens.access_token)).status).toBe(401);
      expect((await refresh(tokens.refresh_token)).status).toBe(401);
      expect(
        await api.db.select().from(memberIdentities).where(eq(memberIdentities.member_id, row.id)),
      ).toEqual([]);
      const [after] = await api.db.select().from(members).where(eq(members.id, row.id));
      expect(after).toMatchObject({
        email: owner,
        password_hash: null,
        email_verified_at: expect.any(String),
      });
    });

    it("answers 403 for another member's address and 401 without a session, changing nothing", async () => {
      const { member: other } = await activeMember();
      const { tokens } = await activeMember();
      const body = { email: unknownEmail(), current_password: password };
      expect((await change<ApiError>(other.id, body, tokens.access_token)).status).toBe(403);
      expect((await post<ApiError>(`/members/${other.id}/email`, body)).status).toBe(401);
      expect(api.mail.messages({ to: body.email })).toEqual([]);
    });

    it("mails a new address at most 5 times an hour per member", async () => {
      const { member, tokens } = await activeMember();
      for (let i = 0; i < 5; i += 1) {
        const asked = await change(
          member.id,
          { email: unknownEmail(), current_password: password },
          tokens.access_token,
        );
        expect(asked.status).toBe(202);
      }
      expectTooMany(
        await change(member.id, { email: unknownEmail(), current_password: password }, tokens.access_token),
        3600,
      );
    });
  });

  describe("POST /members/refresh", () => {
    it("exchanges a refresh token for a new pair; the new access token works", async () => {
      const { member, tokens } = await activeMember();

      const response = await refresh(tokens.refresh_token);

      expect(response.status).toBe(200);
      expectNoStore(response);
      expect(response.body).toEqual({
        token_type: "Bearer",
        access_token: expect.any(String),
        expires_in: 900,
        refresh_token: expect.any(String),
        refresh_expires_in: 30 * 24 * 3600,
      });
      expect(response.body.refresh_token).not.toBe(tokens.refresh_token);
      expect((await me(response.body.access_token)).body.data.id).toBe(member.id);
      expect((await refresh(response.body.refresh_token)).status).toBe(200);
    });

    it("takes client_id as a string too", async () => {
      const { tokens } = await activeMember();
      expect((await refresh(tokens.refresh_token, { client_id: "13" })).status).toBe(200);
    });

    it("answers a used refresh token again within 30 s (two tabs refreshing at once)", async () => {
      const { tokens } = await activeMember();
      const first = await refresh(tokens.refresh_token);
      const second = await refresh(tokens.refresh_token);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    });

    it("ends the whole session when a used refresh token comes back after 30 s", async () => {
      const { tokens } = await activeMember();
      const rotated = (await refresh(tokens.refresh_token)).body;
      await api.db
        .update(refreshTokens)
        .set({ used_at: sql`now() - interval '31 seconds'` })
        .where(eq(refreshTokens.token_hash, hashToken(tokens.refresh_token)));

      const reused = await refresh(tokens.refresh_token);

      expect(reused.status).toBe(401);
      expect(reused.body).toEqual({ message: texts.refreshInvalid });
      expect((await refresh(rotated.refresh_token)).status).toBe(401);
      const afterwards = await me(rotated.access_token);
      expect(afterwards.status).toBe(401);
      expect(afterwards.body).toEqual({ message: texts.unauthenticated });
    });

    it("answers 401 for an unknown refresh token", async () => {
      const response = await refresh("not-a-token-we-issued");
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: texts.refreshInvalid });
    });

    it("answers 401 for a wrong client secret or client id, and leaves the token usable", async () => {
      const { tokens } = await activeMember();
      for (const values of [{ client_secret: "guessed-secret" }, { client_id: 14 }]) {
        const response = await refresh(tokens.refresh_token, values);
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ message: texts.invalidClient });
      }
      expect((await refresh(tokens.refresh_token)).status).toBe(200);
    });

    it("answers 422 for another grant type", async () => {
      const { tokens } = await activeMember();
      expectInvalid(await refresh(tokens.refresh_token, { grant_type: "password" }), "grant_type");
    });

    it("allows 60 refreshes a minute from one client address", async () => {
      const address = from(newAddress());
      const body = {
        grant_type: "refresh_token",
        client_id: 13,
        client_secret: testAuthConfig.clientSecret,
        refresh_token: "unknown",
      };
      for (let i = 0; i < 60; i += 1) {
        expect((await post("/members/refresh", body, address)).status).toBe(401);
      }
      expectTooMany(await post("/members/refresh", body, address), 60);
    });
  });

  describe("API description", () => {
    it("documents every member call under the Members tag", async () => {
      type Operation = { tags?: string[]; summary?: string; security?: unknown[] };
      const { body } = await api.get<{ paths: Record<string, Record<string, Operation>> }>("/openapi.json");
      const calls: [string, string, boolean][] = [
        ["/members/register", "post", false],
        ["/members/verification", "post", false],
        ["/members/activate", "post", false],
        ["/members/me/verification", "post", true],
        ["/members/login", "post", false],
        ["/members/logout", "post", true],
        ["/members/logout-all", "post", true],
        ["/members/refresh", "post", false],
        ["/members/forgot-password", "post", false],
        ["/members/reset-password", "post", false],
        ["/members/link-check", "post", false],
        ["/members/me", "get", true],
        ["/members/{id}", "patch", true],
      ];
      for (const [path, method, signedIn] of calls) {
        const operation = body.paths[path]?.[method];
        expect(operation?.tags, `${method} ${path}`).toEqual(["Members"]);
        expect(operation?.summary).toMatch(/\p{Script=Han}/u);
        expect(Boolean(operation?.security), `${method} ${path} security`).toBe(signedIn);
      }
    });
  });
});
