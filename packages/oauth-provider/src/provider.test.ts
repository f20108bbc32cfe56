import { createHash } from "node:crypto";
import {
  CodeChallengeMethod,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
} from "arctic";
import { decodeJwt, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  codeLifetimeMs,
  createLocalOAuthProvider,
  localOAuthClient,
  localSubject,
  startLocalOAuthProvider,
  submitAuthorization,
  type LocalOAuthFlavour,
  type LocalOAuthServer,
} from "./index.ts";

const redirectUri = "http://site.test/api/members/oauth/callback";
const { clientId, clientSecret } = localOAuthClient;
const challengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

let server: LocalOAuthServer;
beforeAll(async () => {
  server = await startLocalOAuthProvider({ port: 0, redirectUris: [redirectUri] });
});
afterAll(() => server.close());

/** An authorization request as the site's client builds it, with or without PKCE. */
function authorizeUrl(
  flavour: LocalOAuthFlavour,
  options: { pkce?: boolean; scopes?: string[]; base?: string } = {},
) {
  const client = new OAuth2Client(clientId, clientSecret, redirectUri);
  const state = generateState();
  const verifier = generateCodeVerifier();
  const endpoint = `${options.base ?? server.url}/${flavour}/authorize`;
  const scopes = options.scopes ?? ["openid", "email", "profile"];
  const url =
    options.pkce === false
      ? client.createAuthorizationURL(endpoint, state, scopes)
      : client.createAuthorizationURLWithPKCE(endpoint, state, CodeChallengeMethod.S256, verifier, scopes);
  return { url, state, verifier, client };
}

/** The code the provider sends back, after checking it kept the state. */
async function codeFor(
  flavour: LocalOAuthFlavour,
  identity: { email: string; name?: string; emailVerified?: boolean },
  options: { pkce?: boolean; scopes?: string[] } = {},
) {
  const request = authorizeUrl(flavour, options);
  const back = await submitAuthorization(request.url, identity);
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  expect(back.searchParams.get("state")).toBe(request.state);
  const code = back.searchParams.get("code");
  expect(code).toBeTruthy();
  return { ...request, code: code! };
}

/** A token request with the client's credentials in the body, as arctic's Facebook and Line send it. */
function tokenRequest(flavour: LocalOAuthFlavour, fields: Record<string, string>) {
  return fetch(`${server.url}/${flavour}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      redirect_uri: redirectUri,
      client_id: clientId,
      client_secret: clientSecret,
      ...fields,
    }),
  });
}

it("says at its root what it stands in for and where its forms are reached from", async () => {
  const response = await fetch(`${server.url}/`);
  expect(response.status).toBe(200);
  const page = await response.text();
  expect(page).toContain("<title>本機 OAuth 模擬</title>");
  expect(page).toContain("未設定 Google、Facebook、LINE 的金鑰時");
  expect(page).toContain("請從網站的登入頁");
});

describe("the authorization page", () => {
  it("is a zh-TW form titled after the provider, its e-mail box ticked as verified", async () => {
    const { url, state } = authorizeUrl("google");
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toContain("form-action 'self' http://site.test");
    const page = await response.text();
    expect(page).toContain('<html lang="zh-Hant-TW">');
    expect(page).toContain("<title>以 Google 登入（本機模擬）</title>");
    expect(page).toMatch(/<label for="email">電子郵件<\/label>/);
    expect(page).toMatch(/<input[^>]*id="email_verified"[^>]*checked/);
    expect(page).toContain('<label for="email_verified">電子郵件已驗證</label>');
    expect(page).toContain('value="allow">允許</button>');
    expect(page).toMatch(/value="deny" formnovalidate>取消<\/button>/);
    expect(page).toContain(`name="state" value="${state}"`);
    expect(page).toContain("電子郵件地址");
    // The style sheet is written as is, not entity-escaped (its quoted selectors would break).
    expect(page).toContain('input[type="email"]');
  });

  it("names each provider", async () => {
    for (const [flavour, name] of [
      ["facebook", "Facebook"],
      ["line", "LINE"],
    ] as const) {
      const page = await (await fetch(authorizeUrl(flavour).url)).text();
      expect(page).toContain(`<title>以 ${name} 登入（本機模擬）</title>`);
    }
  });

  it("escapes what the request carries", async () => {
    const { url } = authorizeUrl("google");
    url.searchParams.set("state", '"><script>alert(1)</script>');
    const page = await (await fetch(url)).text();
    expect(page).not.toContain("<script>");
    expect(page).toContain("&lt;script&gt;");
  });

  it("refuses an unknown client or return address on a page, never redirecting there", async () => {
    const wrongClient = authorizeUrl("google").url;
    wrongClient.searchParams.set("client_id", "someone-else");
    const wrongReturn = authorizeUrl("google").url;
    wrongReturn.searchParams.set("redirect_uri", "https://evil.example/callback");
    for (const url of [wrongClient, wrongReturn]) {
      const response = await fetch(url, { redirect: "manual" });
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("無法登入");
    }
  });

  it("sends a Google or LINE request without PKCE back with invalid_request", async () => {
    for (const flavour of ["google", "line"] as const) {
      const { url, state } = authorizeUrl(flavour, { pkce: false });
      const response = await fetch(url, { redirect: "manual" });
      const back = new URL(response.headers.get("location") ?? "");
      expect(back.searchParams.get("error")).toBe("invalid_request");
      expect(back.searchParams.get("state")).toBe(state);
    }
  });

  it("sends 取消 back as access_denied with the state", async () => {
    const { url, state } = authorizeUrl("line");
    const back = await submitAuthorization(url, "deny");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe(state);
    expect(back.searchParams.has("code")).toBe(false);
  });

  it("shows the form again with a message for an invalid e-mail", async () => {
    const { url } = authorizeUrl("google");
    const form = new URLSearchParams(url.searchParams);
    form.set("email", "not-an-email");
    form.set("decision", "allow");
    const response = await fetch(url, { method: "POST", body: form, redirect: "manual" });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain("請輸入有效的電子郵件地址");
    expect(page).toMatch(/aria-invalid="true"/);
  });

  it("answers only this machine", async () => {
    const app = createLocalOAuthProvider();
    const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
    expect((await app.request("/google/authorize", {}, from("203.0.113.9"))).status).toBe(404);
    expect((await app.request("/google/token", { method: "POST" }, from("10.0.0.5"))).status).toBe(404);
    expect((await app.request("/google/authorize", {}, from("::1"))).status).toBe(400);
  });

  it("accepts any return address on this machine when none was registered", async () => {
    const app = createLocalOAuthProvider();
    const query = (redirect: string) =>
      new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: redirect,
        code_challenge: challengeOf(generateCodeVerifier()),
        code_challenge_method: "S256",
      });
    expect((await app.request(`/google/authorize?${query("http://localhost:3000/cb")}`)).status).toBe(200);
    expect((await app.request(`/google/authorize?${query("http://example.com/cb")}`)).status).toBe(400);
  });
});

describe("the token exchange", () => {
  it("gives Google's generic client (HTTP Basic) an id_token with the identity, signed with the secret", async () => {
    const { client, code, verifier } = await codeFor("google", {
      email: "Reader@Example.com",
      name: "王小明",
    });
    const tokens = await client.validateAuthorizationCode(`${server.url}/google/token`, code, verifier);
    expect(tokens.tokenType()).toBe("Bearer");
    const { payload } = await jwtVerify(tokens.idToken(), new TextEncoder().encode(clientSecret), {
      audience: clientId,
      issuer: server.url,
    });
    expect(payload).toMatchObject({
      sub: localSubject("google", "reader@example.com"),
      email: "Reader@Example.com",
      email_verified: true,
      name: "王小明",
    });

    const userinfo = await fetch(`${server.url}/google/userinfo`, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    expect(await userinfo.json()).toEqual({
      sub: payload.sub,
      email: "Reader@Example.com",
      email_verified: true,
      name: "王小明",
    });
  });

  it("keeps the subject per e-mail within a provider, and apart between providers", async () => {
    const subjectOf = async (flavour: "google" | "line", email: string) => {
      const { code, verifier } = await codeFor(flavour, { email });
      const response = await tokenRequest(flavour, { code, code_verifier: verifier });
      return decodeJwt(((await response.json()) as { id_token: string }).id_token).sub;
    };
    const first = await subjectOf("line", "same@example.com");
    expect(await subjectOf("line", "SAME@example.com")).toBe(first);
    expect(await subjectOf("line", "other@example.com")).not.toBe(first);
    expect(await subjectOf("google", "same@example.com")).not.toBe(first);
  });

  it("gives LINE (credentials in the body) email_verified false when the box is left unticked", async () => {
    const { code, verifier } = await codeFor("line", { email: "line@example.com", emailVerified: false });
    const response = await tokenRequest("line", { code, code_verifier: verifier });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id_token: string; access_token: string };
    expect(decodeJwt(body.id_token)).toMatchObject({ email: "line@example.com", email_verified: false });
  });

  it("gives Facebook only an access token, read through /me with the fields asked for", async () => {
    const scopes = ["email", "public_profile"];
    const { code } = await codeFor(
      "facebook",
      { email: "fb@example.com", name: "林美玲" },
      { pkce: false, scopes },
    );
    const response = await tokenRequest("facebook", { code });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty("id_token");
    const accessToken = body.access_token as string;

    const me = await fetch(`${server.url}/facebook/me?fields=id,name,email`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(await me.json()).toEqual({
      id: localSubject("facebook", "fb@example.com"),
      name: "林美玲",
      email: "fb@example.com",
    });
    const idOnly = await fetch(`${server.url}/facebook/me?fields=id&access_token=${accessToken}`);
    expect(await idOnly.json()).toEqual({ id: localSubject("facebook", "fb@example.com") });
  });

  it("leaves Facebook's e-mail out when it is not confirmed, as Facebook does", async () => {
    const scopes = ["email", "public_profile"];
    const { code } = await codeFor(
      "facebook",
      { email: "new@example.com", emailVerified: false },
      { pkce: false, scopes },
    );
    const { access_token } = (await (await tokenRequest("facebook", { code })).json()) as {
      access_token: string;
    };
    const me = await fetch(`${server.url}/facebook/me?fields=id,name,email`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(await me.json()).toEqual({ id: localSubject("facebook", "new@example.com") });
  });

  it("rejects a code verifier that does not match the challenge, and burns the code", async () => {
    const { code, client, verifier } = await codeFor("google", { email: "pkce@example.com" });
    const wrong = generateCodeVerifier();
    const error = await client
      .validateAuthorizationCode(`${server.url}/google/token`, code, wrong)
      .catch((e) => e);
    expect(error).toBeInstanceOf(OAuth2RequestError);
    expect((error as OAuth2RequestError).code).toBe("invalid_grant");
    await expect(
      client.validateAuthorizationCode(`${server.url}/google/token`, code, verifier),
    ).rejects.toThrow(/invalid_grant/);
  });

  it("rejects a missing code verifier when a challenge was sent", async () => {
    const { code } = await codeFor("line", { email: "pkce@example.com" });
    const response = await tokenRequest("line", { code });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("takes a code once: presented again, it fails and the token it bought stops working", async () => {
    const { code, verifier } = await codeFor("google", { email: "twice@example.com" });
    const first = await tokenRequest("google", { code, code_verifier: verifier });
    expect(first.status).toBe(200);
    const { access_token } = (await first.json()) as { access_token: string };

    const second = await tokenRequest("google", { code, code_verifier: verifier });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: "invalid_grant" });
    const userinfo = await fetch(`${server.url}/google/userinfo`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(userinfo.status).toBe(401);
  });

  it("refuses a wrong client secret, in the body or by HTTP Basic", async () => {
    const { code, verifier } = await codeFor("line", { email: "secret@example.com" });
    const inBody = await tokenRequest("line", { code, code_verifier: verifier, client_secret: "wrong" });
    expect(inBody.status).toBe(401);
    expect(await inBody.json()).toMatchObject({ error: "invalid_client" });

    const basic = new OAuth2Client(clientId, "wrong", redirectUri);
    const other = await codeFor("google", { email: "secret@example.com" });
    const error = await basic
      .validateAuthorizationCode(`${server.url}/google/token`, other.code, other.verifier)
      .catch((e) => e);
    expect((error as OAuth2RequestError).code).toBe("invalid_client");
    // The refusal did not spend the code: the right client can still use it.
    const tokens = await other.client.validateAuthorizationCode(
      `${server.url}/google/token`,
      other.code,
      other.verifier,
    );
    expect(tokens.accessToken()).toBeTruthy();
  });

  it("refuses a redirect_uri other than the authorization request's", async () => {
    const { code, verifier } = await codeFor("line", { email: "uri@example.com" });
    const response = await tokenRequest("line", {
      code,
      code_verifier: verifier,
      redirect_uri: "http://site.test/x",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("refuses a code of another provider", async () => {
    const { code, verifier } = await codeFor("line", { email: "cross@example.com" });
    const response = await tokenRequest("google", { code, code_verifier: verifier });
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("lets a code expire after ten minutes", async () => {
    let time = Date.parse("2025-01-01T00:00:00Z");
    const app = createLocalOAuthProvider({ redirectUris: [redirectUri], now: () => time });
    const { url, verifier } = authorizeUrl("line", { base: "http://provider.test" });
    const back = await submitAuthorization(url, { email: "late@example.com" }, (input, init) =>
      Promise.resolve(app.request(String(input), init)),
    );
    time += codeLifetimeMs + 1;
    const response = await app.request("/line/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: back.searchParams.get("code") ?? "",
        code_verifier: verifier,
        redirect_uri: redirectUri,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("refuses grants other than authorization_code", async () => {
    const response = await tokenRequest("google", { grant_type: "password" });
    expect(await response.json()).toMatchObject({ error: "unsupported_grant_type" });
  });
});

describe("startLocalOAuthProvider", () => {
  it("listens on a free loopback port when asked for port 0", () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });
});
