import { memberMessages, socialProviders, type SocialProvider } from "@shiyi/contracts";
import {
  localOAuthClient,
  localSubject,
  startLocalOAuthProvider,
  submitAuthorization,
  type AuthorizationAnswer,
  type LocalOAuthServer,
} from "@shiyi/oauth-provider";
import { count, eq, sql } from "drizzle-orm";
import pino from "pino";
import { productionEnv } from "../../../test/production-env.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApi, type Api } from "../src/app.ts";
import { memberIdentities, members, memberSessions } from "../src/db/schema.ts";
import { readApiConfig, type AuthConfig } from "../src/env.ts";
import { createMailer } from "../src/mail/mailer.ts";
import { issueMailToken } from "../src/services/members.ts";
import { socialCallbackUrl, socialClient } from "../src/services/social.ts";
import { verifyAccessToken } from "../src/services/tokens.ts";
import { testAuthConfig, testShopConfig } from "./api.ts";
import { databaseTargets, type OpenedDatabase } from "./databases.ts";

type LogLine = { level: number; msg: string; provider?: string; reason?: string; error?: string };

const providerNames: Record<SocialProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  line: "LINE",
};

/** Cookies a response sets, as the browser would send them back. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

let sequence = 0;
const freshEmail = (name = "reader") => `${name}-${++sequence}@example.com`;

describe.each(databaseTargets())("social sign-in on $name", (target) => {
  let opened: OpenedDatabase;
  let provider: LocalOAuthServer;
  let auth: AuthConfig;
  let api: Api;
  const logs: LogLine[] = [];

  beforeAll(async () => {
    opened = await target.open();
    provider = await startLocalOAuthProvider({
      port: 0,
      redirectUris: socialProviders.map((name) => socialCallbackUrl(testAuthConfig, name)),
    });
    auth = { ...testAuthConfig, localOAuth: { browserUrl: provider.url, serverUrl: provider.url } };
    const logger = pino(
      { level: "info" },
      { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
    );
    // Nothing here sends mail; the mailer points nowhere.
    const mailer = createMailer({
      smtpUrl: "smtp://127.0.0.1:9",
      from: "食藝誌 <no-reply@shiyi.test>",
      logger,
    });
    api = createApi({ db: opened.db, logger, mailer, shop: testShopConfig(), auth });
  });
  afterAll(async () => {
    await Promise.all([opened?.close(), provider?.close()]);
  });
  beforeEach(() => {
    logs.length = 0;
  });

  /** The API's own address for a URL under its public base (the tests call it in-process). */
  const apiPath = (url: URL) => {
    const base = new URL(auth.apiUrl);
    expect(url.origin).toBe(base.origin);
    expect(url.pathname.startsWith(base.pathname)).toBe(true);
    return url.pathname.slice(base.pathname.length) + url.search;
  };

  /** Start URL → the provider's page → its form → the callback with the start's cookies → the site. */
  async function signIn(name: SocialProvider, answer: AuthorizationAnswer, nonce?: string) {
    const start = await api.request(`/members/oauth/${name}${nonce ? `?nonce=${nonce}` : ""}`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location") ?? "");
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.url}/${name}/authorize`);

    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`以 ${providerNames[name]} 登入（本機模擬）`);

    const back = await submitAuthorization(authorize, answer);
    expect(`${back.origin}${back.pathname}`).toBe(socialCallbackUrl(auth, name));
    const callback = await api.request(apiPath(back), { headers: { cookie: cookiesOf(start) } });
    expect(callback.status).toBe(302);
    const site = new URL(callback.headers.get("location") ?? "");
    expect(`${site.origin}${site.pathname}`).toBe(`${auth.siteUrl}/auth`);
    return { site, callback, back, start };
  }

  /** A sign-in the site accepted: the member its access token names. */
  async function signedIn(name: SocialProvider, answer: AuthorizationAnswer) {
    const { site } = await signIn(name, answer);
    expect(site.searchParams.get("status"), site.searchParams.get("msg") ?? "").toBe("1");
    const token = site.searchParams.get("token") ?? "";
    expect(site.searchParams.get("refresh_token")).toMatch(/^[\w-]{43}$/);
    const claims = await verifyAccessToken(opened.db, auth, token);
    expect(claims).toBeDefined();
    return claims!.memberId;
  }

  /** A sign-in the site refused, with the message it showed. */
  async function refused(name: SocialProvider, answer: AuthorizationAnswer) {
    const { site } = await signIn(name, answer);
    expect(site.searchParams.get("status")).toBe("0");
    expect(site.searchParams.has("token")).toBe(false);
    return site.searchParams.get("msg");
  }

  const memberRow = async (id: number) =>
    (await opened.db.select().from(members).where(eq(members.id, id)))[0];
  const identitiesOf = (id: number) =>
    opened.db
      .select({ provider: memberIdentities.provider, userId: memberIdentities.provider_user_id })
      .from(memberIdentities)
      .where(eq(memberIdentities.member_id, id));
  const membersWithEmail = async (email: string) =>
    (
      await opened.db
        .select({ n: count() })
        .from(members)
        .where(sql`lower(${members.email}) = lower(${email})`)
    )[0]?.n;
  const existingMember = async (values: { email: string; verified: boolean }) => {
    const [row] = await opened.db
      .insert(members)
      .values({
        account: `member${++sequence}`,
        email: values.email,
        name: "既有會員",
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$placeholder$placeholder",
        email_verified_at: values.verified ? "2024-01-01T00:00:00.000Z" : null,
      })
      .returning({ id: members.id });
    return row!.id;
  };
  const warnings = () => logs.filter((line) => line.level === 40);

  describe.each(socialProviders)("with %s", (name) => {
    it("signs a new member in and returns to /auth with the tokens", async () => {
      const email = freshEmail(name);
      const memberId = await signedIn(name, { email, name: "王小明" });

      const member = await memberRow(memberId);
      expect(member).toMatchObject({ email, name: "王小明", account: null, password_hash: null });
      // Only Google and LINE say an address is verified; Facebook's is taken as unverified.
      if (name === "facebook") expect(member?.email_verified_at).toBeNull();
      else expect(member?.email_verified_at).toEqual(expect.any(String));
      expect(await identitiesOf(memberId)).toEqual([{ provider: name, userId: localSubject(name, email) }]);
    });

    it("finds the same member on a second sign-in", async () => {
      const email = freshEmail(name);
      const first = await signedIn(name, { email, name: "林美玲" });
      const second = await signedIn(name, { email, name: "林美玲" });
      expect(second).toBe(first);
      expect(await membersWithEmail(email)).toBe(1);
      const sessions = await opened.db
        .select({ n: count() })
        .from(memberSessions)
        .where(eq(memberSessions.member_id, first));
      expect(sessions[0]?.n).toBe(2);
    });

    it("sends the browser to the provider with a state, and PKCE where the provider takes it", async () => {
      const start = await api.request(`/members/oauth/${name}`);
      const url = new URL(start.headers.get("location") ?? "");
      expect(url.searchParams.get("client_id")).toBe(localOAuthClient.clientId);
      expect(url.searchParams.get("redirect_uri")).toBe(
        `http://site.test/api/members/oauth/${name}/callback`,
      );
      expect(url.searchParams.get("response_type")).toBe("code");
      expect(url.searchParams.get("state")).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get("scope")).toBe(
        { google: "openid email profile", facebook: "email public_profile", line: "openid profile email" }[
          name
        ],
      );
      expect(url.searchParams.get("code_challenge_method")).toBe(name === "facebook" ? null : "S256");
      expect(start.headers.get("cache-control")).toMatch(/no-store/);

      const cookies = start.headers.getSetCookie();
      expect(cookies).toHaveLength(2);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/^shiyi_oauth_(state|verifier)=/);
        expect(cookie).toContain("Max-Age=600");
        expect(cookie).toContain("Path=/");
        expect(cookie).toContain("HttpOnly");
        expect(cookie).toContain("SameSite=Lax");
        expect(cookie).not.toContain("Secure");
      }
    });

    it("returns with status 0 and says so when the person presses 取消 (access_denied), warning of nothing", async () => {
      expect(await refused(name, "deny")).toBe(memberMessages.socialCancelled);
      expect(warnings()).toEqual([]);
    });
  });

  it("names the member after the e-mail address when the provider gives no name", async () => {
    const email = freshEmail("小吃");
    const memberId = await signedIn("google", { email });
    expect((await memberRow(memberId))?.name).toBe(email.split("@")[0]);
  });

  it("links a provider verifying a member's (verified) e-mail to that member, when it has no password", async () => {
    const email = freshEmail("linked");
    const existing = await existingMember({ email, verified: true });
    await opened.db.update(members).set({ password_hash: null }).where(eq(members.id, existing));
    const memberId = await signedIn("google", { email: email.toUpperCase(), emailVerified: true });
    expect(memberId).toBe(existing);
    expect(await identitiesOf(existing)).toEqual([
      { provider: "google", userId: localSubject("google", email) },
    ]);
    expect(await membersWithEmail(email)).toBe(1);

    // Another provider verifying the same address joins the same member.
    expect(await signedIn("line", { email, emailVerified: true })).toBe(existing);
    expect(await identitiesOf(existing)).toHaveLength(2);
  });

  it("refuses to join a confirmed account of a password: its owner signs in with it (or resets it)", async () => {
    // Someone may have registered the address with a password of theirs, and its owner confirmed
    // the account from the mail: a provider joining it would leave that password a way in.
    const email = freshEmail("password");
    const existing = await existingMember({ email, verified: true });
    expect(await refused("google", { email, emailVerified: true })).toBe(
      memberMessages.socialUnverifiedEmail,
    );
    expect(await identitiesOf(existing)).toEqual([]);
    expect(await membersWithEmail(email)).toBe(1);
  });

  it("links to a member whose e-mail was never confirmed, marking it verified and dropping the unproven password", async () => {
    const email = freshEmail("pending");
    const existing = await existingMember({ email, verified: false });
    expect(await signedIn("line", { email, emailVerified: true })).toBe(existing);
    const member = await memberRow(existing);
    expect(member?.email_verified_at).toEqual(expect.any(String));
    expect(member?.password_hash).toBeNull();
  });

  it("refuses an unverified e-mail that belongs to a member", async () => {
    const email = freshEmail("taken");
    const existing = await existingMember({ email, verified: true });
    expect(await refused("google", { email, emailVerified: false })).toBe(
      memberMessages.socialUnverifiedEmail,
    );
    expect(await identitiesOf(existing)).toEqual([]);
    expect(warnings()).toEqual([expect.objectContaining({ provider: "google", reason: "unverified_email" })]);
    // Facebook never says an address is verified: it cannot take over a member's address either.
    expect(await refused("facebook", { email })).toBe(memberMessages.socialUnverifiedEmail);
  });

  it("makes a member of an unverified e-mail nobody uses, unverified", async () => {
    const email = freshEmail("new");
    const memberId = await signedIn("line", { email, emailVerified: false });
    expect((await memberRow(memberId))?.email_verified_at).toBeNull();
  });

  /** What the reset link mailed to the member's address does, as its owner uses it. */
  async function resetThroughMailedLink(memberId: number) {
    const token = await issueMailToken(opened.db, memberId, "reset", Date.now());
    const reset = await api.request("/members/reset-password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, password: "Owner12345", password_confirmation: "Owner12345" }),
    });
    expect(reset.status).toBe(200);
  }

  it("unlinks a sign-in that never proved the address when the mailbox's owner resets the password", async () => {
    // Someone signs in with LINE (which vouches for no address) using another person's e-mail.
    const email = freshEmail("claimed");
    const memberId = await signedIn("line", { email, emailVerified: false });
    await resetThroughMailedLink(memberId);
    expect(await identitiesOf(memberId)).toEqual([]);
    expect((await memberRow(memberId))?.email_verified_at).toEqual(expect.any(String));
    // That LINE account cannot get back in: the address is now a member's, and LINE does not vouch for it.
    expect(await refused("line", { email, emailVerified: false })).toBe(memberMessages.socialUnverifiedEmail);
  });

  it("unlinks such a sign-in when the address is confirmed through its verification link", async () => {
    const email = freshEmail("confirmed");
    const memberId = await signedIn("facebook", { email });
    const token = await issueMailToken(opened.db, memberId, "verify", Date.now());
    const activated = await api.request("/members/activate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    expect(activated.status).toBe(200);
    expect(await identitiesOf(memberId)).toEqual([]);
    expect(await refused("facebook", { email })).toBe(memberMessages.socialUnverifiedEmail);
  });

  it("keeps the sign-in of a member who confirms the address with the link asked for while signed in, in that browser", async () => {
    const email = freshEmail("own-link");
    const memberId = await signedIn("line", { email, emailVerified: false });
    const activate = (body: Record<string, string>) =>
      api.request("/members/activate", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });

    // Followed in another browser (another nonce, or none): the address is confirmed, and a sign-in
    // whose holder has not shown they hold the mailbox goes, as with any verification link.
    const elsewhere = await issueMailToken(opened.db, memberId, "verify", Date.now(), {
      vouch: "nonce-of-the-member's-browser",
    });
    expect((await activate({ token: elsewhere, vouch: "nonce-of-another-browser-00" })).status).toBe(200);
    expect(await identitiesOf(memberId)).toEqual([]);

    const next = freshEmail("own-link-kept");
    const keptId = await signedIn("line", { email: next, emailVerified: false });
    const token = await issueMailToken(opened.db, keptId, "verify", Date.now(), {
      vouch: "nonce-of-the-member's-browser",
    });
    expect((await activate({ token, vouch: "nonce-of-the-member's-browser" })).status).toBe(200);
    expect((await memberRow(keptId))?.email_verified_at).toEqual(expect.any(String));
    expect((await identitiesOf(keptId)).map((identity) => identity.provider)).toEqual(["line"]);
    // The LINE account still signs in, to the same member.
    expect(await signedIn("line", { email: next, emailVerified: false })).toBe(keptId);
  });

  it("unlinks such a sign-in when a provider that vouches for the address joins the account", async () => {
    const email = freshEmail("vouched-later");
    const memberId = await signedIn("line", { email, emailVerified: false });
    expect(await signedIn("google", { email, emailVerified: true })).toBe(memberId);
    expect((await identitiesOf(memberId)).map((identity) => identity.provider)).toEqual(["google"]);
  });

  it("keeps a provider that vouched for the address when the member resets the password", async () => {
    const email = freshEmail("vouched");
    const memberId = await signedIn("google", { email, emailVerified: true });
    await resetThroughMailedLink(memberId);
    expect(await identitiesOf(memberId)).toHaveLength(1);
  });

  it("refuses a sign-in without an e-mail (Facebook leaves an unconfirmed one out)", async () => {
    const email = freshEmail("noemail");
    expect(await refused("facebook", { email, emailVerified: false })).toBe(memberMessages.socialNoEmail);
    expect(await membersWithEmail(email)).toBe(0);
  });

  it("echoes the site's nonce to /auth on success, so the site can tell the browser that began it", async () => {
    const nonce = "n0nce-of-the-site-123456";
    const { site } = await signIn(
      "line",
      { email: `nonce${Date.now()}@example.com`, emailVerified: true },
      nonce,
    );
    expect(site.searchParams.get("status")).toBe("1");
    expect(site.searchParams.get("nonce")).toBe(nonce);
    const { site: without } = await signIn("line", {
      email: `nononce${Date.now()}@example.com`,
      emailVerified: true,
    });
    expect(without.searchParams.get("status")).toBe("1");
    expect(without.searchParams.has("nonce")).toBe(false);
  });

  it("refuses a callback whose state is not the one it started with", async () => {
    const start = await api.request("/members/oauth/google");
    const authorize = new URL(start.headers.get("location") ?? "");
    const back = await submitAuthorization(authorize, { email: freshEmail("csrf") });
    const other = await api.request("/members/oauth/google");

    for (const cookie of [
      cookiesOf(other),
      "",
      cookiesOf(start).replace(/shiyi_oauth_state=google\./, "shiyi_oauth_state=line."),
    ]) {
      const callback = await api.request(apiPath(back), { headers: { cookie } });
      const site = new URL(callback.headers.get("location") ?? "");
      expect(site.searchParams.get("status")).toBe("0");
      expect(site.searchParams.get("msg")).toBe(memberMessages.socialFailed);
    }
    expect(warnings().map((line) => line.reason)).toEqual([
      "state_mismatch",
      "state_mismatch",
      "state_mismatch",
    ]);
  });

  it("spends the start's cookies on the callback, and refuses a code presented twice", async () => {
    const { back, start, callback } = await signIn("google", { email: freshEmail("replay") });
    for (const cookie of callback.headers.getSetCookie()) expect(cookie).toMatch(/Max-Age=0/);

    const again = await api.request(apiPath(back), { headers: { cookie: cookiesOf(start) } });
    const site = new URL(again.headers.get("location") ?? "");
    expect(site.searchParams.get("status")).toBe("0");
    expect(warnings()).toEqual([expect.objectContaining({ reason: "exchange_failed" })]);
  });

  it("sends the tokens without a referrer and keeps the redirect out of caches", async () => {
    const { callback } = await signIn("facebook", { email: freshEmail("headers") });
    expect(callback.headers.get("referrer-policy")).toBe("no-referrer");
    expect(callback.headers.get("cache-control")).toMatch(/no-store/);
  });

  it("marks the cookies Secure when the API is served over https", async () => {
    const secure = createApi({
      db: opened.db,
      shop: testShopConfig(),
      logger: pino({ level: "silent" }),
      mailer: createMailer({
        smtpUrl: "smtp://127.0.0.1:9",
        from: "x <x@example.com>",
        logger: pino({ level: "silent" }),
      }),
      auth: { ...auth, apiUrl: "https://site.test/api" },
    });
    const start = await secure.request("/members/oauth/line");
    for (const cookie of start.headers.getSetCookie()) expect(cookie).toContain("Secure");
  });

  it("offers no provider without keys or a local stand-in: 404 with a message", async () => {
    const production = createApi({
      db: opened.db,
      shop: testShopConfig(),
      logger: pino({ level: "silent" }),
      mailer: createMailer({
        smtpUrl: "smtp://127.0.0.1:9",
        from: "x <x@example.com>",
        logger: pino({ level: "silent" }),
      }),
      auth: testAuthConfig,
    });
    const start = await production.request("/members/oauth/google");
    expect(start.status).toBe(404);
    expect(await start.json()).toEqual({ message: "目前未提供 Google 登入" });
    expect((await production.request("/members/oauth/line/callback?code=x&state=y")).status).toBe(404);
  });

  it("lists the providers offered: all three with the stand-in, only those with keys without it", async () => {
    const offered = await api.request("/members/oauth");
    expect(offered.status).toBe(200);
    expect(await offered.json()).toEqual({
      data: [
        { provider: "google", name: "Google" },
        { provider: "facebook", name: "Facebook" },
        { provider: "line", name: "LINE" },
      ],
    });
    const silent = pino({ level: "silent" });
    const production = createApi({
      db: opened.db,
      shop: testShopConfig(),
      logger: silent,
      mailer: createMailer({ smtpUrl: "smtp://127.0.0.1:9", from: "x <x@example.com>", logger: silent }),
      auth: { ...testAuthConfig, social: { line: { clientId: "channel", clientSecret: "secret" } } },
    });
    expect(await (await production.request("/members/oauth")).json()).toEqual({
      data: [{ provider: "line", name: "LINE" }],
    });
  });

  it("answers a malformed nonce with 422 naming it, and sets no cookie", async () => {
    const response = await api.request("/members/oauth/google?nonce=abc");
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors.nonce).toHaveLength(1);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("takes a return address the provider would not make (a parameter twice) as a failed sign-in on the site", async () => {
    const start = await api.request("/members/oauth/google");
    const callback = await api.request("/members/oauth/google/callback?state=a&state=b&code=c", {
      headers: { cookie: cookiesOf(start) },
    });
    expect(callback.status).toBe(302);
    const site = new URL(callback.headers.get("location") ?? "");
    expect(site.pathname).toBe("/auth");
    expect(site.searchParams.get("status")).toBe("0");
    expect(site.searchParams.get("msg")).toBe(memberMessages.socialFailed);
    expect(warnings().map((line) => line.reason)).toEqual(["malformed_return"]);
  });

  it("answers 404 for a provider it does not know", async () => {
    expect((await api.request("/members/oauth/twitter")).status).toBe(404);
    expect((await api.request("/members/oauth/twitter/callback")).status).toBe(404);
  });

  it("describes both calls in the OpenAPI document under Members", async () => {
    const doc = (await (await api.request("/openapi.json")).json()) as {
      paths: Record<string, { get?: { tags?: string[]; responses: Record<string, unknown> } }>;
    };
    for (const [path, statuses] of [
      ["/members/oauth/{provider}", ["302", "404", "422"]],
      // An unknown provider in the path, or a repeated query key, is refused before the call: 422.
      ["/members/oauth/{provider}/callback", ["302", "404", "422"]],
    ] as const) {
      expect(doc.paths[path]?.get?.tags, path).toEqual(["Members"]);
      expect(Object.keys(doc.paths[path]?.get?.responses ?? {}), path).toEqual(statuses);
    }
  });
});

describe("choosing the provider's client", () => {
  const keys = { clientId: "real-client", clientSecret: "real-secret" };

  it("talks to the real providers when their keys are set, even with the stand-in available", () => {
    const config: AuthConfig = {
      ...testAuthConfig,
      social: { google: keys, facebook: keys, line: keys },
      localOAuth: { browserUrl: "http://localhost:3000/_oauth", serverUrl: "http://127.0.0.1:3000/_oauth" },
    };
    const hosts = socialProviders.map(
      (name) => new URL(socialClient(config, name)!.authorizationUrl("state", "v".repeat(43))).host,
    );
    expect(hosts).toEqual(["accounts.google.com", "www.facebook.com", "access.line.me"]);
  });

  it("reads the stand-in's addresses from the configuration: the site's /_oauth outside production only", () => {
    expect(readApiConfig({ PORT: "4000" }).auth.localOAuth).toEqual({
      browserUrl: "http://localhost:4000/_oauth",
      serverUrl: "http://127.0.0.1:4000/_oauth",
    });
    expect(readApiConfig(productionEnv).auth.localOAuth).toBeUndefined();
    const allKeys = {
      GOOGLE_CLIENT_ID: "g",
      GOOGLE_CLIENT_SECRET: "g",
      FACEBOOK_CLIENT_ID: "f",
      FACEBOOK_CLIENT_SECRET: "f",
      LINE_CHANNEL_ID: "l",
      LINE_CHANNEL_SECRET: "l",
    };
    expect(readApiConfig(allKeys).auth.localOAuth).toBeUndefined();
  });
});
