import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { SignJWT } from "jose";
import {
  carriedParameters,
  renderAuthorizePage,
  renderErrorPage,
  renderIndexPage,
  type CarriedParameters,
} from "./page.ts";

/*
 * A local OAuth 2.0 authorization-code provider (RFC 6749, PKCE per RFC 7636) that stands in for
 * Google, Facebook and LINE in development and tests. Each flavour answers in its real
 * counterpart's shape, so the site's client code is the same for the stand-in and the real thing:
 * - google and line return an OpenID Connect id_token (HS256, signed with the client secret) with
 *   sub, email, email_verified and name; google also has a /userinfo endpoint;
 * - facebook returns only an access token, read through a Graph-like GET /facebook/me?fields=….
 * Everything is kept in memory; it is never meant for production.
 */

export const localOAuthFlavours = ["google", "facebook", "line"] as const;
export type LocalOAuthFlavour = (typeof localOAuthFlavours)[number];

/**
 * The client the site registers with the stand-in. Not a secret: the stand-in answers only this
 * machine and is never mounted in production.
 */
export const localOAuthClient = {
  clientId: "shiyi-local",
  clientSecret: "shiyi-local-development-secret",
} as const;

export const codeLifetimeMs = 10 * 60_000;
export const accessTokenLifetimeSeconds = 3600;

export type LocalOAuthProviderOptions = {
  clientId?: string;
  clientSecret?: string;
  /** The exact redirect URIs the client may use; unset, any http(s) address on this machine. */
  redirectUris?: readonly string[];
  /** Answer loopback clients only (the default). In-process requests, without a socket, always pass. */
  loopbackOnly?: boolean;
  /** The clock, in milliseconds, for tests of expiry. */
  now?: () => number;
};

type Flavour = {
  name: string;
  /** Whether an authorization request must carry a PKCE challenge. */
  pkceRequired: boolean;
  /** Whether the token response carries an OpenID Connect id_token. */
  idToken: boolean;
  verifiedHint: string;
};

const flavours: Record<LocalOAuthFlavour, Flavour> = {
  // The site always sends PKCE to Google and LINE; insisting on it here catches a client that stops.
  google: {
    name: "Google",
    pkceRequired: true,
    idToken: true,
    verifiedHint: "取消勾選時，id_token 的 email_verified 為 false。",
  },
  // Facebook's dialog takes PKCE optionally, and arctic's Facebook client does not send it.
  facebook: {
    name: "Facebook",
    pkceRequired: false,
    idToken: false,
    verifiedHint: "Facebook 不提供尚未確認的電子郵件：取消勾選時，/me 不會回傳 email。",
  },
  line: {
    name: "LINE",
    pkceRequired: true,
    idToken: true,
    verifiedHint: "取消勾選時，id_token 的 email_verified 為 false。",
  },
};

type Identity = { subject: string; email: string; name?: string; emailVerified: boolean };

type IssuedCode = {
  flavour: LocalOAuthFlavour;
  clientId: string;
  redirectUri: string;
  codeChallenge?: string;
  scopes: string[];
  nonce?: string;
  identity: Identity;
  expiresAt: number;
  used: boolean;
  /** The access token issued for the code, revoked if the code is presented again (RFC 6749 §4.1.2). */
  accessToken?: string;
};

type IssuedToken = { flavour: LocalOAuthFlavour; identity: Identity; scopes: string[]; expiresAt: number };

type OAuthError = { error: string; error_description?: string };

const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const verifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Stable per e-mail within a flavour, so a second sign-in with the same address is the same person. */
export const localSubject = (flavour: LocalOAuthFlavour, email: string) =>
  `${flavour}-${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 24)}`;

const sha256 = (value: string) => createHash("sha256").update(value).digest();
const sameSecret = (given: string | undefined, expected: string) =>
  given !== undefined && timingSafeEqual(sha256(given), sha256(expected));
const s256 = (verifier: string) => sha256(verifier).toString("base64url");
const newToken = () => randomBytes(32).toString("base64url");

const text = (source: Record<string, unknown>, name: string) => {
  const value = source[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};

function decodeBasicPart(value: string) {
  // RFC 6749 §2.3.1 form-encodes id and secret before Base64; most clients (arctic too) do not.
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

/** The Hono app of the provider; mount it anywhere (`app.route("/_oauth", provider)`). */
export function createLocalOAuthProvider({
  clientId = localOAuthClient.clientId,
  clientSecret = localOAuthClient.clientSecret,
  redirectUris,
  loopbackOnly = true,
  now = Date.now,
}: LocalOAuthProviderOptions = {}) {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IssuedToken>();
  const app = new Hono();

  const prune = () => {
    const time = now();
    for (const [code, issued] of codes) if (issued.expiresAt <= time) codes.delete(code);
    for (const [token, issued] of tokens) if (issued.expiresAt <= time) tokens.delete(token);
  };

  const redirectAllowed = (uri: string | undefined) => {
    if (!uri) return false;
    if (redirectUris) return redirectUris.includes(uri);
    try {
      const url = new URL(uri);
      return (url.protocol === "http:" || url.protocol === "https:") && loopbackHosts.has(url.hostname);
    } catch {
      return false;
    }
  };

  if (loopbackOnly) {
    // Like the mail catcher's inbox: whoever reaches it can sign in as anyone, so only this machine may.
    app.use(async (c, next) => {
      // @hono/node-server hands the Node request over as `env.incoming`.
      const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
      const address = env?.incoming?.socket?.remoteAddress;
      if (address !== undefined && !loopback.has(address)) return c.notFound();
      await next();
    });
  }
  app.use(async (c, next) => {
    await next();
    c.header("cache-control", "no-store");
    c.header("x-robots-tag", "noindex");
  });

  const parameters = (source: Record<string, unknown>): CarriedParameters =>
    Object.fromEntries(carriedParameters.map((name) => [name, text(source, name)]).filter(([, v]) => v));

  /** A problem that must not be sent back to the redirect URI (RFC 6749 §4.1.2.1). */
  const clientProblem = (request: CarriedParameters) => {
    if (request.client_id !== clientId) return "用戶端代碼（client_id）不正確。";
    if (!redirectAllowed(request.redirect_uri)) return "返回網址（redirect_uri）未登記。";
    return undefined;
  };

  /** A problem reported to the client through its redirect URI. */
  const requestProblem = (flavour: Flavour, request: CarriedParameters): OAuthError | undefined => {
    if (request.response_type !== "code") {
      return { error: "unsupported_response_type", error_description: "only response_type=code" };
    }
    if (request.code_challenge) {
      if (request.code_challenge_method !== "S256") {
        return { error: "invalid_request", error_description: "code_challenge_method must be S256" };
      }
    } else if (flavour.pkceRequired) {
      return { error: "invalid_request", error_description: "code_challenge is required" };
    }
    return undefined;
  };

  const redirectBack = (c: Context, request: CarriedParameters, values: Record<string, string>) => {
    const url = new URL(request.redirect_uri ?? "");
    for (const [name, value] of Object.entries(values)) url.searchParams.set(name, value);
    if (request.state !== undefined) url.searchParams.set("state", request.state);
    return c.redirect(url.toString(), 303);
  };

  const page = (
    c: Context,
    flavour: Flavour,
    request: CarriedParameters,
    values: { email: string; name: string; emailVerified: boolean },
    error?: string,
  ) => {
    // The form posts back here and is then redirected to the client: allow that address too.
    const target = new URL(request.redirect_uri ?? "").origin;
    c.header(
      "content-security-policy",
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${target}; frame-ancestors 'none'; base-uri 'none'`,
    );
    return c.html(
      renderAuthorizePage({
        providerName: flavour.name,
        parameters: request,
        values,
        error,
        verifiedHint: flavour.verifiedHint,
      }),
      error ? 422 : 200,
    );
  };

  const bearer = (c: Context) => {
    const header = c.req.header("authorization");
    const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const issued = token ? tokens.get(token) : undefined;
    return issued && issued.expiresAt > now() ? issued : undefined;
  };

  app.get("/", (c) => {
    c.header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    return c.html(renderIndexPage(localOAuthFlavours.map((key) => flavours[key].name)));
  });

  for (const key of localOAuthFlavours) {
    const flavour = flavours[key];

    app.get(`/${key}/authorize`, (c) => {
      const request = parameters(c.req.query());
      const problem = clientProblem(request);
      if (problem) return c.html(renderErrorPage(flavour.name, problem), 400);
      const invalid = requestProblem(flavour, request);
      if (invalid) return redirectBack(c, request, invalid);
      const hint = c.req.query("login_hint") ?? "";
      return page(c, flavour, request, { email: hint, name: "", emailVerified: true });
    });

    app.post(`/${key}/authorize`, async (c) => {
      const body = await c.req.parseBody();
      const request = parameters(body);
      const problem = clientProblem(request);
      if (problem) return c.html(renderErrorPage(flavour.name, problem), 400);
      const invalid = requestProblem(flavour, request);
      if (invalid) return redirectBack(c, request, invalid);
      if (text(body, "decision") === "deny") {
        return redirectBack(c, request, {
          error: "access_denied",
          error_description: "The user denied the request",
        });
      }

      const email = (text(body, "email") ?? "").trim();
      const name = (text(body, "name") ?? "").trim().slice(0, 100);
      const emailVerified = body.email_verified !== undefined;
      if (!emailPattern.test(email) || email.length > 254) {
        return page(c, flavour, request, { email, name, emailVerified }, "請輸入有效的電子郵件地址。");
      }

      prune();
      const code = newToken();
      codes.set(code, {
        flavour: key,
        clientId,
        redirectUri: request.redirect_uri ?? "",
        codeChallenge: request.code_challenge,
        scopes: (request.scope ?? "").split(/\s+/).filter(Boolean),
        nonce: request.nonce,
        identity: { subject: localSubject(key, email), email, name: name || undefined, emailVerified },
        expiresAt: now() + codeLifetimeMs,
        used: false,
      });
      return redirectBack(c, request, { code });
    });

    app.post(`/${key}/token`, async (c) => {
      const body = await c.req.parseBody();
      const fail = (status: 400 | 401, error: OAuthError) => {
        if (status === 401) c.header("www-authenticate", 'Basic realm="local-oauth"');
        return c.json(error, status);
      };

      // Client authentication: HTTP Basic (arctic's generic client, Google) or the body (Facebook, LINE).
      const header = c.req.header("authorization");
      let presented: { id?: string; secret?: string };
      if (header?.match(/^Basic\s/i)) {
        if (text(body, "client_secret")) {
          return fail(400, {
            error: "invalid_request",
            error_description: "more than one client authentication",
          });
        }
        const decoded = Buffer.from(header.replace(/^Basic\s+/i, ""), "base64").toString("utf8");
        const colon = decoded.indexOf(":");
        presented =
          colon < 0
            ? {}
            : {
                id: decodeBasicPart(decoded.slice(0, colon)),
                secret: decodeBasicPart(decoded.slice(colon + 1)),
              };
      } else {
        presented = { id: text(body, "client_id"), secret: text(body, "client_secret") };
      }
      if (presented.id !== clientId || !sameSecret(presented.secret, clientSecret)) {
        return fail(401, { error: "invalid_client", error_description: "client authentication failed" });
      }
      if (text(body, "grant_type") !== "authorization_code") {
        return fail(400, { error: "unsupported_grant_type" });
      }

      const code = text(body, "code") ?? "";
      const issued = codes.get(code);
      if (!issued || issued.flavour !== key || issued.expiresAt <= now()) {
        return fail(400, { error: "invalid_grant", error_description: "unknown or expired code" });
      }
      if (issued.used) {
        // A code presented twice may have been stolen: what it bought is withdrawn too.
        if (issued.accessToken) tokens.delete(issued.accessToken);
        codes.delete(code);
        return fail(400, { error: "invalid_grant", error_description: "code already used" });
      }
      // Burnt on its first presentation, right or wrong: no second guess at the verifier.
      issued.used = true;
      if (issued.clientId !== presented.id || issued.redirectUri !== text(body, "redirect_uri")) {
        return fail(400, { error: "invalid_grant", error_description: "redirect_uri does not match" });
      }
      const verifier = text(body, "code_verifier");
      if (issued.codeChallenge) {
        if (!verifier || !verifierPattern.test(verifier) || s256(verifier) !== issued.codeChallenge) {
          return fail(400, { error: "invalid_grant", error_description: "code_verifier does not match" });
        }
      } else if (verifier) {
        return fail(400, { error: "invalid_grant", error_description: "no code_challenge was sent" });
      }

      prune();
      const accessToken = newToken();
      issued.accessToken = accessToken;
      tokens.set(accessToken, {
        flavour: key,
        identity: issued.identity,
        scopes: issued.scopes,
        expiresAt: now() + accessTokenLifetimeSeconds * 1000,
      });
      const response: Record<string, string | number> = {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: accessTokenLifetimeSeconds,
        scope: issued.scopes.join(" "),
      };
      if (flavour.idToken && issued.scopes.includes("openid")) {
        const url = new URL(c.req.url);
        const issuer = url.origin + url.pathname.slice(0, -`/${key}/token`.length);
        response.id_token = await idToken(issued, { issuer, clientId, clientSecret, now: now() });
      }
      c.header("pragma", "no-cache");
      return c.json(response);
    });
  }

  // Google's OpenID Connect userinfo endpoint.
  app.get("/google/userinfo", (c) => {
    const issued = bearer(c);
    if (!issued || issued.flavour !== "google") {
      c.header("www-authenticate", 'Bearer error="invalid_token"');
      return c.json({ error: "invalid_token" }, 401);
    }
    return c.json(claims(issued.identity, issued.scopes));
  });

  // The Graph API's /me: only the fields asked for, and the e-mail only when confirmed and granted.
  app.get("/facebook/me", (c) => {
    const token = c.req.query("access_token");
    const issued = bearer(c) ?? (token ? tokens.get(token) : undefined);
    if (!issued || issued.flavour !== "facebook" || issued.expiresAt <= now()) {
      return c.json(
        { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } },
        400,
      );
    }
    const fields = (c.req.query("fields") ?? "id,name").split(",").map((field) => field.trim());
    const { identity } = issued;
    const profile: Record<string, string> = { id: identity.subject };
    if (fields.includes("name") && identity.name) profile.name = identity.name;
    if (fields.includes("email") && issued.scopes.includes("email") && identity.emailVerified) {
      profile.email = identity.email;
    }
    return c.json(profile);
  });

  return app;
}

/** The OpenID Connect claims the scopes grant. */
function claims(identity: Identity, scopes: string[]) {
  return {
    sub: identity.subject,
    ...(scopes.includes("email") ? { email: identity.email, email_verified: identity.emailVerified } : {}),
    ...(scopes.includes("profile") && identity.name ? { name: identity.name } : {}),
  };
}

function idToken(
  issued: IssuedCode,
  options: { issuer: string; clientId: string; clientSecret: string; now: number },
) {
  const issuedAt = Math.floor(options.now / 1000);
  const { sub, ...rest } = claims(issued.identity, issued.scopes);
  return new SignJWT({ ...rest, ...(issued.nonce ? { nonce: issued.nonce } : {}) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(options.issuer)
    .setSubject(sub)
    .setAudience(options.clientId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + accessTokenLifetimeSeconds)
    .sign(new TextEncoder().encode(options.clientSecret));
}
