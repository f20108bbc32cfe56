import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  apiErrorSchema,
  memberMessages,
  messages,
  socialProviderNames,
  socialProviders,
  type SocialProvider,
} from "@shiyi/contracts";
import { generateCodeVerifier, generateState } from "arctic";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { ApiEnv } from "../app-env.ts";
import { signInWithSocial, socialClient, SocialSignInRefused } from "../services/social.ts";
import { fieldErrors } from "../lib/request-body.ts";
import { startSession } from "../services/tokens.ts";
import { json } from "./specs.ts";

/*
 * Social sign-in (SPEC §4, §7): the start URL sends the browser to the provider with a state and a
 * PKCE verifier kept in short-lived cookies; the provider sends it back to the callback, which signs
 * the member in and returns to the site's /auth with the tokens (status=1) or a message (status=0).
 */

const stateCookie = "shiyi_oauth_state";
/**
 * The site's nonce for this attempt (its /auth/social/{provider} sets the same value in a cookie
 * of its own): echoed to /auth on success, so the site takes tokens only in the browser that began
 * the sign-in, and a crafted /auth link cannot sign a visitor into someone else's account.
 */
const nonceCookie = "shiyi_oauth_nonce";
const nonceSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
const verifierCookie = "shiyi_oauth_verifier";
/** Long enough to sign in at the provider, short enough that a forgotten attempt goes stale. */
const flowCookieSeconds = 10 * 60;

const notOffered = (provider: SocialProvider) => `目前未提供 ${socialProviderNames[provider]} 登入`;

const providerParam = z.object({ provider: z.enum(socialProviders) });

const redirect = (description: string) => ({
  description,
  headers: z.object({ location: z.string() }),
});

export const socialRoutes = new OpenAPIHono<ApiEnv>();

/** The start: an unknown provider is a 404, a malformed nonce the 422 of any bad parameter. */
const startHook = (
  result: { success: true } | { success: false; target: string; error: unknown },
  c: Context<ApiEnv>,
) => {
  if (result.success) return;
  if (result.target === "param") return c.json({ message: messages.notFound }, 404);
  const errors = fieldErrors(result.error as z.ZodError);
  return c.json({ message: Object.values(errors)[0]?.[0] ?? messages.invalidParams, errors }, 422);
};

/** The end of every return from a provider: the site's /auth page, with the result in its address. */
function backToSite(c: Context<ApiEnv>, result: Record<string, string>) {
  c.header("cache-control", "no-store");
  // The tokens ride in the address; the site's /auth must not pass it on as a referrer.
  c.header("referrer-policy", "no-referrer");
  return c.redirect(`${c.var.auth.siteUrl}/auth?${new URLSearchParams(result)}`, 302);
}

/**
 * The return: an unknown provider is a 404; an address the provider would not make (a parameter
 * twice, say) is a failed sign-in like any other, back on the site, never a bare error in the browser.
 */
const callbackHook = (result: { success: true } | { success: false; target: string }, c: Context<ApiEnv>) => {
  if (result.success) return;
  if (result.target === "param") return c.json({ message: messages.notFound }, 404);
  c.var.logger.warn({ path: c.req.path, reason: "malformed_return" }, "social sign-in failed");
  return backToSite(c, { status: "0", msg: memberMessages.socialFailed });
};

const cookieOptions = (c: Context<ApiEnv>) => ({
  path: "/",
  httpOnly: true,
  // Lax: the cookies ride along on the provider's top-level redirect back, not on cross-site posts.
  sameSite: "Lax" as const,
  secure: c.var.auth.apiUrl.startsWith("https:"),
});

const offeredSchema = z.object({
  data: z.array(z.object({ provider: z.enum(socialProviders), name: z.string() })),
});

socialRoutes.openapi(
  createRoute({
    method: "get",
    path: "/members/oauth",
    tags: ["Members"],
    summary: "可用的社群登入方式",
    description:
      "列出此環境提供的社群登入：已設定金鑰的提供者，以及開發與測試環境中由本機模擬登入代替的提供者。登入頁只顯示這些按鈕。",
    responses: { 200: json(offeredSchema, "提供的登入方式，依 Google、Facebook、LINE 排列") },
  }),
  (c) =>
    c.json(
      {
        data: socialProviders
          .filter((provider) => socialClient(c.var.auth, provider) !== undefined)
          .map((provider) => ({ provider, name: socialProviderNames[provider] })),
      },
      200,
    ),
);

socialRoutes.openapi(
  createRoute({
    method: "get",
    path: "/members/oauth/{provider}",
    tags: ["Members"],
    summary: "社群登入：前往 Google、Facebook 或 LINE",
    description:
      "產生 state 與 PKCE 驗證碼，存入 10 分鐘有效的 httpOnly Cookie，再以 302 轉址到提供者的登入頁。未設定金鑰的提供者：開發與測試環境改用本機模擬登入；正式環境回應 404。",
    request: {
      params: providerParam,
      query: z.object({
        nonce: nonceSchema.optional().openapi({
          description: "網站為這次登入產生的隨機值，登入成功時原樣帶回 /auth，網站據此確認是同一個瀏覽器",
        }),
      }),
    },
    responses: {
      302: redirect("轉址到提供者的登入頁"),
      404: json(apiErrorSchema, "不提供此登入方式"),
      422: json(apiErrorSchema, "nonce 格式不正確"),
    },
  }),
  (c) => {
    const { provider } = c.req.valid("param");
    const client = socialClient(c.var.auth, provider);
    if (!client) return c.json({ message: notOffered(provider) }, 404);
    const state = generateState();
    const verifier = generateCodeVerifier();
    const options = { ...cookieOptions(c), maxAge: flowCookieSeconds };
    // The provider is part of the state cookie, so a state from another provider's attempt does not fit.
    setCookie(c, stateCookie, `${provider}.${state}`, options);
    setCookie(c, verifierCookie, verifier, options);
    const { nonce } = c.req.valid("query");
    if (nonce) setCookie(c, nonceCookie, nonce, options);
    c.header("cache-control", "no-store");
    return c.redirect(client.authorizationUrl(state, verifier).toString(), 302);
  },
  startHook,
);

socialRoutes.openapi(
  createRoute({
    method: "get",
    path: "/members/oauth/{provider}/callback",
    tags: ["Members"],
    summary: "社群登入：提供者返回",
    description:
      "核對 state、以授權碼換取身分，找到或建立會員後登入，302 轉址到網站的 /auth?status=1&token=…&refresh_token=…；任何失敗（state 不符、使用者取消、換取失敗、電子郵件未驗證或缺少）轉址到 /auth?status=0&msg=…。",
    request: {
      params: providerParam,
      query: z.object({
        code: z.string().optional(),
        state: z.string().optional(),
        error: z.string().optional(),
        error_description: z.string().optional(),
      }),
    },
    responses: {
      302: redirect("轉址到網站的 /auth，附上登入結果"),
      404: json(apiErrorSchema, "不提供此登入方式"),
    },
  }),
  async (c) => {
    const { provider } = c.req.valid("param");
    const query = c.req.valid("query");
    const client = socialClient(c.var.auth, provider);
    if (!client) return c.json({ message: notOffered(provider) }, 404);

    const expectedState = getCookie(c, stateCookie);
    const verifier = getCookie(c, verifierCookie);
    const nonce = nonceSchema.safeParse(getCookie(c, nonceCookie)).data;
    // One attempt per start: whatever happens now, its cookies are spent.
    deleteCookie(c, stateCookie, cookieOptions(c));
    deleteCookie(c, verifierCookie, cookieOptions(c));
    deleteCookie(c, nonceCookie, cookieOptions(c));

    const back = (result: Record<string, string>) => backToSite(c, result);
    const fail = (
      reason: string,
      details: Record<string, unknown> = {},
      msg: string = memberMessages.socialFailed,
    ) => {
      c.var.logger.warn({ provider, reason, ...details }, "social sign-in failed");
      return back({ status: "0", msg });
    };

    if (query.error === "access_denied") {
      // The person pressed 取消 on the provider's page: not a failure to report.
      c.var.logger.info({ provider }, "social sign-in cancelled");
      return back({ status: "0", msg: memberMessages.socialCancelled });
    }
    if (query.error) {
      return fail("provider_error", { error: query.error, description: query.error_description });
    }
    if (!query.code || !query.state || !verifier || expectedState !== `${provider}.${query.state}`) {
      return fail("state_mismatch", { hasStateCookie: expectedState !== undefined });
    }

    let profile;
    try {
      profile = await client.profile(query.code, verifier);
    } catch (error) {
      return fail("exchange_failed", { err: error });
    }

    let signIn;
    try {
      signIn = await signInWithSocial(c.var.db, provider, profile);
    } catch (error) {
      if (error instanceof SocialSignInRefused) return fail(error.reason, {}, error.message);
      throw error;
    }
    const tokens = await startSession(c.var.db, c.var.auth, signIn.memberId, {
      userAgent: c.req.header("user-agent"),
    });
    c.var.logger.info({ provider, memberId: signIn.memberId, outcome: signIn.outcome }, "social sign-in");
    return back({
      status: "1",
      token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      ...(nonce ? { nonce } : {}),
    });
  },
  callbackHook,
);
