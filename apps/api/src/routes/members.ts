import { timingSafeEqual } from "node:crypto";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  activateSchema,
  activationResultSchema,
  apiErrorSchema,
  digits,
  emailRequestSchema,
  loginResultSchema,
  loginSchema,
  mailLinkCheckSchema,
  ownVerificationSchema,
  memberClientId,
  memberDeletionSchema,
  deletionConfirmSchema,
  emailChangeConfirmSchema,
  emailChangeSchema,
  memberItemSchema,
  memberMessages,
  memberSchema,
  memberUpdateSchema,
  messages,
  messageSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  tokenPairSchema,
} from "@shiyi/contracts";
import type { Context } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env.ts";
import { requireMember } from "../lib/auth.ts";
import { clientNetwork } from "../lib/client-address.ts";
import { ApiError } from "../lib/errors.ts";
import type { RateLimitRule } from "../lib/rate-limit.ts";
import {
  activateMember,
  authenticate,
  confirmEmailChange,
  confirmMemberDeletion,
  deleteMember,
  dropPendingEmailChange,
  findMemberByLogin,
  findMemberById,
  liveMailToken,
  memberJson,
  registerMember,
  requestEmailChange,
  requestOwnVerification,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateMember,
  type MemberDeps,
} from "../services/members.ts";
import {
  hashToken,
  revokeMemberSessions,
  revokeSession,
  rotateRefreshToken,
  startSession,
} from "../services/tokens.ts";
import { ownPathsFirst } from "../lib/unrouted.ts";
import { json, noStore, signedIn } from "./specs.ts";

const minute = 60_000;

/** How often each member call may be made; more answers 429 with Retry-After. */
export const memberRateLimits = {
  /**
   * Failed logins from one address. Only failures count, so an office or a phone network behind
   * one address is not held back by its members signing in; `login` bounds every try, so that a
   * burst of guesses in flight at once is held too.
   */
  loginFailures: { limit: 10, windowMs: 10 * minute },
  login: { limit: 20, windowMs: 10 * minute },
  register: { limit: 5, windowMs: 60 * minute },
  verificationPerEmail: { limit: 3, windowMs: 10 * minute },
  verificationPerAddress: { limit: 10, windowMs: 10 * minute },
  forgotPerEmail: { limit: 3, windowMs: 15 * minute },
  forgotPerAddress: { limit: 10, windowMs: 15 * minute },
  reset: { limit: 10, windowMs: 15 * minute },
  /** Looser: it is asked each time a mailed link is opened, and a guess at a token learns nothing usable. */
  linkCheck: { limit: 60, windowMs: 15 * minute },
  /** Guesses at the current password with a stolen access token. */
  passwordChange: { limit: 10, windowMs: 15 * minute },
  /** Mails to a new address, per member: each goes to an address the member only says is theirs. */
  emailChange: { limit: 5, windowMs: 60 * minute },
  /** Loose: every open tab refreshes every few minutes. */
  refresh: { limit: 60, windowMs: minute },
} satisfies Record<string, RateLimitRule>;

export const memberRoutes = new OpenAPIHono<ApiEnv>();

memberRoutes.openAPIRegistry.registerComponent("securitySchemes", "memberToken", {
  type: "http",
  scheme: "bearer",
  bearerFormat: "JWT",
  description: "登入後取得的 access token（最長 15 分鐘）",
});
memberRoutes.use("/members/*", noStore);
// /members/{id} signs the member in first: a path of its own asked with another method is a 405.
memberRoutes.use("/members/:id", ownPathsFirst(memberRoutes, "/members"));

const deps = <E extends ApiEnv>(c: Context<E>): MemberDeps => ({
  db: c.var.db,
  auth: c.var.auth,
  mailer: c.var.mailer,
  logger: c.var.logger,
});

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const tooManyResponse = { 429: json(apiErrorSchema, "次數過多，請稍後再試（Retry-After 標頭為秒數）") };
const invalidResponse = { 422: json(apiErrorSchema, "欄位格式不正確") };
const unauthenticatedResponse = {
  401: json(apiErrorSchema, "未登入或登入時效已過：message 為 `Unauthenticated.`"),
};

/**
 * Counts one attempt under each rule and key (keys that are `undefined`, an unknown address, are
 * skipped); the wait in seconds when any is over its limit. Checked in order, so a refusal by the
 * first leaves the later ones uncounted.
 */
async function refusedFor<E extends ApiEnv>(
  c: Context<E>,
  checks: readonly [RateLimitRule, string | undefined][],
): Promise<number | undefined> {
  for (const [rule, key] of checks) {
    const result = await c.var.rateLimiter.consume(rule, [key]);
    if (!result.allowed) return result.retryAfterSeconds;
  }
  return undefined;
}

function tooManyRequests<E extends ApiEnv>(
  c: Context<E>,
  retryAfterSeconds: number,
  message: string = messages.tooManyRequests,
) {
  c.header("retry-after", String(retryAfterSeconds));
  return c.json({ message }, 429);
}

const addressKey = (c: Context<ApiEnv>, call: string) => {
  const network = clientNetwork(c);
  return network && `members:${call}:address:${network}`;
};

// ---------------------------------------------------------------------------------------------
// Registration and verification

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/register",
    tags: ["Members"],
    summary: "會員註冊",
    description:
      "建立尚未驗證電子郵件的會員，並寄出驗證信（連結 24 小時內有效）。帳號與電子郵件不分大小寫，已被使用時回應 422。同一來源位址每小時最多 5 次。",
    request: body(registerSchema),
    responses: {
      201: json(memberItemSchema, "註冊成功，驗證信已寄出"),
      ...invalidResponse,
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const retryAfter = await refusedFor(c, [[memberRateLimits.register, addressKey(c, "register")]]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    const member = await registerMember(deps(c), c.req.valid("json"));
    return c.json({ data: await memberJson(c.var.db, member), message: memberMessages.registered }, 201);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/verification",
    tags: ["Members"],
    summary: "重新寄送驗證信",
    description:
      "此電子郵件屬於尚未驗證的會員時，寄出新的驗證信，先前的連結隨即失效。任何人都能為任何電子郵件申請，因此這封信的連結不會為開啟的瀏覽器登入，只完成驗證（之後請登入）。無論電子郵件是否註冊，回應都相同。同一電子郵件 10 分鐘內最多 3 次，同一來源位址最多 10 次。",
    request: body(emailRequestSchema),
    responses: {
      200: json(messageSchema, "已受理"),
      ...invalidResponse,
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const { email } = c.req.valid("json");
    const retryAfter = await refusedFor(c, [
      [memberRateLimits.verificationPerAddress, addressKey(c, "verification")],
      [memberRateLimits.verificationPerEmail, `members:verification:email:${email.toLowerCase()}`],
    ]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    await resendVerification(deps(c), email);
    return c.json({ message: memberMessages.verificationSent }, 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/activate",
    tags: ["Members"],
    summary: "驗證電子郵件並啟用帳號",
    description:
      "以驗證信連結中的 token 確認電子郵件；首次驗證時寄出歡迎信。每個連結只能使用一次。連結在索取它的瀏覽器中開啟（vouch 與註冊或會員頁索取時送出的相同；匿名的重新寄送不綁定瀏覽器）時直接登入（回應與登入相同，含 access token 與 refresh token）；否則只啟用帳號，由會員自行登入，以免他人的連結讓這個瀏覽器登入他人的帳號。首次驗證若不是在索取的瀏覽器中完成，未證明此電子郵件的社群登入（LINE、Facebook）會移除，所有裝置上的登入也隨之結束。",
    request: body(activateSchema),
    responses: {
      200: json(activationResultSchema, "帳號已啟用（在索取連結的瀏覽器中並已登入）"),
      422: json(apiErrorSchema, "連結無效、已使用或已過期"),
    },
  }),
  async (c) => {
    const { token, vouch } = c.req.valid("json");
    const { member, tokens } = await activateMember(deps(c), token, {
      userAgent: c.req.header("user-agent"),
      vouch,
    });
    const data = await memberJson(c.var.db, member);
    if (!tokens) return c.json({ data, message: memberMessages.activatedSignIn }, 200);
    return c.json({ ...tokens, data, message: memberMessages.activated }, 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/me/verification",
    tags: ["Members"],
    summary: "寄送驗證信給登入中的會員",
    description:
      "登入中、電子郵件尚未驗證的會員寄給自己的驗證信，先前的連結隨即失效；已驗證時不寄送。vouch 是網站存在此瀏覽器 cookie 中的隨機值：連結在同一瀏覽器開啟並附上相同的 vouch 啟用時，以社群帳號（LINE、Facebook）加入的會員保留其社群登入；否則如一般驗證，未經供應商確認電子郵件的社群登入隨即移除。同一電子郵件 10 分鐘內最多 3 次。",
    security: signedIn,
    middleware: [requireMember] as const,
    request: body(ownVerificationSchema),
    responses: {
      200: json(messageSchema, "已寄出；已驗證時說明不需再寄"),
      ...invalidResponse,
      ...unauthenticatedResponse,
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const member = await findMemberById(c.var.db, c.var.member.id);
    if (!member) throw new ApiError(401, memberMessages.unauthenticated);
    const retryAfter = await refusedFor(c, [
      [memberRateLimits.verificationPerEmail, `members:verification:email:${member.email.toLowerCase()}`],
    ]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    const sent = await requestOwnVerification(deps(c), member.id, c.req.valid("json").vouch);
    return c.json(
      { message: sent ? memberMessages.ownVerificationSent : memberMessages.alreadyVerified },
      200,
    );
  },
);

// ---------------------------------------------------------------------------------------------
// Login, logout, refresh

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/login",
    tags: ["Members"],
    summary: "會員登入",
    description:
      "以帳號或電子郵件（不分大小寫）與密碼登入。帳號或密碼錯誤回應 422；電子郵件尚未驗證回應 403。同一來源位址 10 分鐘內最多失敗 10 次（成功的登入不計），嘗試最多 20 次；同一帳號 15 分鐘內失敗 5 次後暫時鎖定（30 秒起，每多失敗一次加倍，最長 15 分鐘），鎖定期間即使密碼正確也回應 429。",
    request: body(loginSchema),
    responses: {
      200: json(loginResultSchema, "登入成功"),
      403: json(apiErrorSchema, "電子郵件尚未驗證"),
      422: json(apiErrorSchema, "帳號或密碼錯誤，或欄位格式不正確"),
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const { account, password } = c.req.valid("json");
    const throttle = c.var.loginThrottle;
    const failuresKey = addressKey(c, "login-failures");
    const failures = await c.var.rateLimiter.checkFailures(memberRateLimits.loginFailures, failuresKey);
    if (!failures.allowed)
      return tooManyRequests(
        c,
        failures.retryAfterSeconds,
        memberMessages.loginLocked(failures.retryAfterSeconds),
      );
    const retryAfter = await refusedFor(c, [[memberRateLimits.login, addressKey(c, "login")]]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    // An account's name and address share one count; an identifier naming none counts as typed.
    const member = await findMemberByLogin(c.var.db, account);
    const subject = member ? { memberId: member.id } : account;
    const lock = await throttle.attempt(subject);
    // Said as what it is: even the right password waits, and 忘記密碼 is the way on meanwhile.
    if (!lock.allowed)
      return tooManyRequests(c, lock.retryAfterSeconds, memberMessages.loginLocked(lock.retryAfterSeconds));

    const result = await authenticate(member, password);
    if (!result.ok && result.reason === "failed") {
      await c.var.rateLimiter.fail(memberRateLimits.loginFailures, failuresKey);
      // The attempt is already counted as a failure.
      throw new ApiError(422, memberMessages.loginFailed, { account: [memberMessages.loginFailed] });
    }
    await throttle.succeed(subject);
    if (!result.ok) throw new ApiError(403, memberMessages.notVerified);
    const tokens = await startSession(c.var.db, c.var.auth, result.member.id, {
      userAgent: c.req.header("user-agent"),
    });
    return c.json(
      { ...tokens, data: await memberJson(c.var.db, result.member), message: memberMessages.loggedIn },
      200,
    );
  },
);

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/logout",
    tags: ["Members"],
    summary: "登出",
    description: "結束目前的登入：此 access token 與其 refresh token 隨即失效。",
    security: signedIn,
    middleware: [requireMember] as const,
    responses: { 200: json(messageSchema, "已登出"), ...unauthenticatedResponse },
  }),
  async (c) => {
    await revokeSession(c.var.db, c.var.member.sessionId);
    return c.json({ message: memberMessages.loggedOut }, 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/logout-all",
    tags: ["Members"],
    summary: "登出所有裝置",
    description: "結束此會員所有裝置上的登入，包括目前這一個；等待確認的電子郵件變更也一併取消。",
    security: signedIn,
    middleware: [requireMember] as const,
    responses: { 200: json(messageSchema, "已登出所有裝置"), ...unauthenticatedResponse },
  }),
  async (c) => {
    await revokeMemberSessions(c.var.db, c.var.member.id);
    await dropPendingEmailChange(c.var.db, c.var.member.id);
    return c.json({ message: memberMessages.loggedOutEverywhere }, 200);
  },
);

/** Compares secrets in time independent of where they differ (their digests have equal length). */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(Buffer.from(hashToken(given), "hex"), Buffer.from(hashToken(expected), "hex"));

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/refresh",
    tags: ["Members"],
    summary: "更新 access token",
    description:
      "以 refresh token 換取新的一組 token；用過的 refresh token 隨即失效（30 秒內重複送出視為同時更新，仍可換得）。超過 30 秒後再用已用過的 refresh token，整個登入隨即失效。client_id 必須為 13 並附上 client_secret。同一來源位址每分鐘最多 60 次。",
    request: body(refreshSchema),
    responses: {
      200: json(tokenPairSchema, "新的 token"),
      401: json(apiErrorSchema, "用戶端驗證失敗，或 refresh token 無效、已過期、已撤銷"),
      ...invalidResponse,
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const retryAfter = await refusedFor(c, [[memberRateLimits.refresh, addressKey(c, "refresh")]]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    if (input.client_id !== memberClientId || !sameSecret(input.client_secret, c.var.auth.clientSecret)) {
      throw new ApiError(401, memberMessages.invalidClient);
    }
    const rotated = await rotateRefreshToken(c.var.db, c.var.auth, input.refresh_token);
    if (!rotated.ok) {
      // A thief or a leaked cookie: worth a look in the logs.
      if (rotated.reason === "reused")
        c.var.logger.warn("used refresh token presented again: session revoked");
      throw new ApiError(401, memberMessages.refreshInvalid);
    }
    return c.json(rotated.tokens, 200);
  },
);

// ---------------------------------------------------------------------------------------------
// Password reset

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/forgot-password",
    tags: ["Members"],
    summary: "忘記密碼",
    description:
      "此電子郵件屬於會員時，寄出重設密碼的連結（1 小時內有效），先前的連結隨即失效。無論電子郵件是否註冊，回應都相同。同一電子郵件 15 分鐘內最多 3 次，同一來源位址最多 10 次。",
    request: body(emailRequestSchema),
    responses: {
      200: json(messageSchema, "已受理"),
      ...invalidResponse,
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const { email } = c.req.valid("json");
    const retryAfter = await refusedFor(c, [
      [memberRateLimits.forgotPerAddress, addressKey(c, "forgot")],
      [memberRateLimits.forgotPerEmail, `members:forgot:email:${email.toLowerCase()}`],
    ]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    await requestPasswordReset(deps(c), email);
    return c.json({ message: memberMessages.resetSent }, 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/reset-password",
    tags: ["Members"],
    summary: "重設密碼",
    description:
      "以重設密碼連結中的 token 設定新密碼。連結只能使用一次，1 小時後失效。成功後電子郵件視為已驗證，所有裝置上的登入都會結束，並寄出密碼變更通知。同一來源位址 15 分鐘內最多 10 次。",
    request: body(resetPasswordSchema),
    responses: {
      200: json(messageSchema, "密碼已重設"),
      422: json(apiErrorSchema, "連結無效、已使用或已過期，或欄位格式不正確"),
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const { token, password } = c.req.valid("json");
    const retryAfter = await refusedFor(c, [[memberRateLimits.reset, addressKey(c, "reset")]]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    const member = await resetPassword(deps(c), token, password);
    // The mailbox's owner set this password: failed guesses before it no longer lock them out.
    await c.var.loginThrottle.succeed({ memberId: member.id });
    return c.json({ message: memberMessages.resetDone }, 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/link-check",
    tags: ["Members"],
    summary: "檢查信中連結",
    description:
      "驗證信（purpose `verify`）、重設密碼信（purpose `reset`）、刪除帳號確認信（purpose `delete`）或變更電子郵件確認信（purpose `email`）中的連結是否仍然有效（未使用、未過期），不會用掉連結。網站據此在連結失效時直接說明並提供重新寄送，而不是先請會員填寫。同一來源位址 15 分鐘內最多 60 次。",
    request: body(mailLinkCheckSchema),
    responses: {
      200: json(
        messageSchema.extend({ data: z.object({ email: z.string() }).optional() }),
        "連結有效；變更電子郵件的連結（purpose `email`）並附上 data.email，即將改用的電子郵件",
      ),
      422: json(apiErrorSchema, "連結無效、已使用或已過期"),
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const { token, purpose } = c.req.valid("json");
    const retryAfter = await refusedFor(c, [[memberRateLimits.linkCheck, addressKey(c, "link-check")]]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    const live = await liveMailToken(c.var.db, token, purpose);
    if (!live) {
      const message = {
        reset: memberMessages.resetInvalid,
        verify: memberMessages.activationInvalid,
        delete: memberMessages.deletionLinkInvalid,
        email: memberMessages.emailChangeLinkInvalid,
      }[purpose];
      throw new ApiError(422, message, { token: [message] });
    }
    // The mailbox that holds the link may see the address it confirms; nobody else has the link.
    if (purpose === "email" && live.email)
      return c.json({ message: "連結有效", data: { email: live.email } }, 200);
    return c.json({ message: "連結有效" }, 200);
  },
);

// ---------------------------------------------------------------------------------------------
// The member's own record

memberRoutes.openapi(
  createRoute({
    method: "get",
    path: "/members/me",
    tags: ["Members"],
    summary: "目前登入的會員資料",
    security: signedIn,
    middleware: [requireMember] as const,
    responses: { 200: json(z.object({ data: memberSchema }), "會員資料"), ...unauthenticatedResponse },
  }),
  async (c) => {
    const member = await findMemberById(c.var.db, c.var.member.id);
    if (!member) throw new ApiError(401, memberMessages.unauthenticated);
    return c.json({ data: await memberJson(c.var.db, member) }, 200);
  },
);

const memberIdParam = z.object({
  id: digits(
    z.coerce
      .number({ error: messages.invalidParams })
      .int({ error: messages.invalidParams })
      .positive({ error: messages.invalidParams }),
  ),
});

memberRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/members/{id}",
    tags: ["Members"],
    summary: "更新會員資料或密碼",
    description:
      "只能更新自己的資料。mobile、address 傳 null 或空值即清除，未傳則不變。變更密碼須附上目前的密碼（以社群帳號加入、尚無密碼的會員，電子郵件驗證後可直接設定，驗證前回應 403）；變更後其他裝置上的登入隨即結束，並寄出密碼變更通知。變更密碼 15 分鐘內最多 10 次。",
    security: signedIn,
    middleware: [requireMember] as const,
    request: { params: memberIdParam, ...body(memberUpdateSchema) },
    responses: {
      200: json(memberItemSchema, "已更新"),
      ...unauthenticatedResponse,
      403: json(apiErrorSchema, "不是自己的資料，或在電子郵件驗證前首次設定密碼"),
      ...invalidResponse,
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const current = c.var.member;
    if (id !== current.id) throw new ApiError(403, memberMessages.forbidden);
    if (input.password !== undefined) {
      const retryAfter = await refusedFor(c, [
        [memberRateLimits.passwordChange, `members:password-change:member:${current.id}`],
      ]);
      if (retryAfter) return tooManyRequests(c, retryAfter);
    }
    const { member, passwordChanged } = await updateMember(deps(c), current, input);
    return c.json(
      {
        data: await memberJson(c.var.db, member),
        message: passwordChanged ? memberMessages.passwordChanged : memberMessages.profileUpdated,
      },
      200,
    );
  },
);

memberRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/members/{id}",
    tags: ["Members"],
    summary: "刪除自己的帳號",
    description:
      "刪除帳號、常用地址、購物車、社群登入連結與所有裝置上的登入，並寄出通知信。須附上目前的密碼。以社群帳號加入、尚無密碼的會員不必附上任何欄位：回應 202，並寄出一小時內有效的確認連結，以 POST /members/delete 完成。訂單與捐款紀錄依法保存，不再與帳號連結。有進行中或待付款的定期捐款時回應 409。15 分鐘內最多嘗試 10 次。",
    security: signedIn,
    middleware: [requireMember] as const,
    request: { params: memberIdParam, ...body(memberDeletionSchema) },
    responses: {
      200: json(messageSchema, "已刪除"),
      202: json(messageSchema, "沒有密碼的帳號：確認信已寄出"),
      ...unauthenticatedResponse,
      403: json(apiErrorSchema, "不是自己的帳號"),
      409: json(apiErrorSchema, "有進行中的定期捐款"),
      ...invalidResponse,
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const current = c.var.member;
    if (id !== current.id) throw new ApiError(403, memberMessages.forbidden);
    // The same guesses at the current password as a password change counts.
    const retryAfter = await refusedFor(c, [
      [memberRateLimits.passwordChange, `members:password-change:member:${current.id}`],
    ]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    const outcome = await deleteMember(deps(c), current.id, c.req.valid("json"));
    if (outcome === "mailed") return c.json({ message: memberMessages.deletionMailed }, 202);
    return c.json({ message: memberMessages.accountDeleted }, 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/delete",
    tags: ["Members"],
    summary: "以信中連結確認刪除帳號",
    description:
      "尚無密碼的會員申請刪除帳號後，信中連結（一小時內有效、只能使用一次）的 token 由此完成刪除，不需登入。有進行中或待付款的定期捐款時回應 409，連結仍可在取消後使用。同一來源位址 15 分鐘內最多 10 次。",
    request: body(deletionConfirmSchema),
    responses: {
      200: json(z.object({ data: z.object({ id: z.number().int() }), message: z.string() }), "已刪除"),
      409: json(apiErrorSchema, "有進行中或待付款的定期捐款"),
      422: json(apiErrorSchema, "連結無效、已使用或已過期"),
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const retryAfter = await refusedFor(c, [[memberRateLimits.reset, addressKey(c, "delete")]]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    const id = await confirmMemberDeletion(deps(c), c.req.valid("json").token);
    return c.json({ data: { id }, message: memberMessages.accountDeleted }, 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/{id}/email",
    tags: ["Members"],
    summary: "變更電子郵件",
    description:
      "只能變更自己的電子郵件；有密碼的帳號須附上目前的密碼。已驗證的電子郵件：回應 202，並寄出一天內有效的確認信到新的電子郵件，以 POST /members/confirm-email 完成；完成前帳號仍使用原本的電子郵件。尚未驗證的電子郵件：立即更正，回應 200 與更新後的會員資料，驗證信寄至新的電子郵件（附上 vouch 時，在同一瀏覽器開啟連結可保留社群登入）。已有其他帳號使用的電子郵件回應 422。每位會員 1 小時內最多 5 次，密碼嘗試與變更密碼合併計算。",
    security: signedIn,
    middleware: [requireMember] as const,
    request: { params: memberIdParam, ...body(emailChangeSchema) },
    responses: {
      200: json(memberItemSchema, "尚未驗證的電子郵件已更正，驗證信已寄出"),
      202: json(messageSchema, "確認信已寄至新的電子郵件"),
      ...unauthenticatedResponse,
      403: json(apiErrorSchema, "不是自己的帳號"),
      ...invalidResponse,
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const current = c.var.member;
    if (id !== current.id) throw new ApiError(403, memberMessages.forbidden);
    const retryAfter = await refusedFor(c, [
      [memberRateLimits.passwordChange, `members:password-change:member:${current.id}`],
      [memberRateLimits.emailChange, `members:email-change:member:${current.id}`],
    ]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    const { outcome, member } = await requestEmailChange(deps(c), current.id, c.req.valid("json"));
    if (outcome === "mailed") return c.json({ message: memberMessages.emailChangeMailed }, 202);
    return c.json({ data: await memberJson(c.var.db, member), message: memberMessages.emailCorrected }, 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "post",
    path: "/members/confirm-email",
    tags: ["Members"],
    summary: "以信中連結確認新的電子郵件",
    description:
      "變更電子郵件的確認信中連結（一天內有效、只能使用一次）的 token 由此完成變更，不需登入。完成後以新的電子郵件登入，寄到原本電子郵件的連結全部失效，並寄出變更通知到原本的電子郵件。新的電子郵件已被其他帳號使用時回應 422。同一來源位址 15 分鐘內最多 10 次。",
    request: body(emailChangeConfirmSchema),
    responses: {
      200: json(memberItemSchema, "已變更"),
      422: json(apiErrorSchema, "連結無效、已使用或已過期，或電子郵件已被使用"),
      ...tooManyResponse,
    },
  }),
  async (c) => {
    const retryAfter = await refusedFor(c, [[memberRateLimits.reset, addressKey(c, "confirm-email")]]);
    if (retryAfter) return tooManyRequests(c, retryAfter);
    const member = await confirmEmailChange(deps(c), c.req.valid("json").token);
    return c.json({ data: await memberJson(c.var.db, member), message: memberMessages.emailChanged }, 200);
  },
);
