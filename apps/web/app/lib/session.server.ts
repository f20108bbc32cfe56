import { memberClientId, type Item, type Member, type TokenPair } from "@shiyi/contracts";
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { ApiRequestError } from "./api.server.ts";
import { apiContext } from "./context.ts";
import { isReceiptPath, receiptDownloadPage } from "./receipt-pdf.server.ts";

/*
 * The member's session, kept by this server (the BFF) in httpOnly cookies: the browser never sees a
 * token in script, nor the client secret. The behaviours SPEC §4 gives the browser live here with
 * the same visible results: refresh at start, one shared refresh on 401 and one retry, logout with
 * the 請重新登入 dialog when that fails.
 */

export const sessionCookies = {
  access: "shiyi_at",
  refresh: "shiyi_rt",
  /** The path a guard turned away, for after login (SPEC §4). */
  redirect: "shiyi_redirect",
  /** A one-shot notice for the next page: the session expired. */
  notice: "shiyi_notice",
  /**
   * Set for a minute by signing out: a request still in flight with the old session (a
   * revalidation racing the logout) finds it ended and would leave the 請重新登入 notice, which
   * must not greet someone who just signed out on purpose.
   */
  signedOut: "shiyi_signed_out",
  /** The nonce of a social sign-in this browser began; /auth takes tokens only with it (login CSRF). */
  socialNonce: "shiyi_social_nonce",
  /**
   * The nonce of the verification mail the member asked for from this browser: the link, followed
   * here, keeps the member's social sign-ins (POST /members/me/verification).
   */
  verifyNonce: "shiyi_verify_nonce",
} as const;

/** SPEC §9: the refresh token cookie lives 30 days. */
const refreshCookieSeconds = 30 * 24 * 60 * 60;
const redirectCookieSeconds = 10 * 60;

/** A one-shot word for the next page: the session could not be renewed, or the reader signed out. */
export type Notice = "session-expired" | "signed-out";

/** Exchanges a refresh token at the API (POST /members/refresh); undefined when refused. */
export type RefreshTokens = (refreshToken: string) => Promise<TokenPair | undefined>;

export type SessionOptions = {
  /** `Cookie` header of the request. */
  cookieHeader: string | null;
  /** The page asked for, to come back to after a new login. */
  requestUrl: string;
  /**
   * For a form sent from a page (a POST), the page it was sent from (`Referer`, the site's own
   * only): 加入購物車 posts to /cart, but the member was reading an issue's page.
   */
  formPage?: string | null;
  /** The site's public origin (behind a proxy, the request's own URL may be http://…). */
  siteOrigin?: string;
  /** Secure cookies: on whenever the site is served over https (production). */
  secure: boolean;
  refreshTokens: RefreshTokens;
};

/**
 * Refreshes under way in this process, by refresh token: simultaneous requests of one session (two
 * tabs, a page and its data request) share one exchange. Across instances the API's reuse grace
 * does the same job.
 */
const refreshesInFlight = new Map<string, Promise<TokenPair | undefined>>();

export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // A malformed value is ignored, as browsers would.
    }
  }
  return cookies;
}

/** Only a path of this site: no scheme, no `//host`, no backslash tricks. */
export function safeLocalPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return undefined;
  try {
    const url = new URL(value, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return undefined;
    // Checked again after normalising: dot-segments turn `/.//evil.test` into `//evil.test`.
    const path = url.pathname + url.search + url.hash;
    return path.startsWith("//") || path.startsWith("/\\") ? undefined : path;
  } catch {
    return undefined;
  }
}

export class RequestSession {
  #access: string | undefined;
  #refresh: string | undefined;
  readonly #cookies: Map<string, string>;
  readonly #options: SessionOptions;
  readonly #outgoing = new Map<string, string>();
  #refreshing: Promise<boolean> | undefined;
  #member: Promise<Member | null> | undefined;

  constructor(options: SessionOptions) {
    this.#options = options;
    this.#cookies = parseCookies(options.cookieHeader);
    this.#access = this.#cookies.get(sessionCookies.access) || undefined;
    this.#refresh = this.#cookies.get(sessionCookies.refresh) || undefined;
  }

  get accessToken() {
    return this.#access;
  }

  /** Signed in as far as the cookies say; `getMember` asks the API. */
  get isLoggedIn() {
    return Boolean(this.#access || this.#refresh);
  }

  /** `Set-Cookie` values for the response. */
  get setCookieHeaders() {
    return [...this.#outgoing.values()];
  }

  cookie(name: string) {
    return this.#cookies.get(name);
  }

  /** SPEC §4 at start: no access token but a refresh token → exchange it; a refusal clears it silently. */
  async start() {
    if (!this.#access && this.#refresh) await this.refresh();
  }

  /** One refresh per request, shared with this process's other requests holding the same token. */
  refresh(): Promise<boolean> {
    this.#refreshing ??= this.#exchange();
    return this.#refreshing;
  }

  async #exchange() {
    const presented = this.#refresh;
    if (!presented) return false;
    let pending = refreshesInFlight.get(presented);
    if (!pending) {
      pending = this.#options.refreshTokens(presented).finally(() => {
        // Kept a moment, so that requests arriving right behind this one reuse its result.
        setTimeout(() => refreshesInFlight.delete(presented), 5_000).unref?.();
      });
      refreshesInFlight.set(presented, pending);
    }
    const tokens = await pending;
    if (!tokens) {
      this.clear();
      return false;
    }
    this.setTokens(tokens);
    return true;
  }

  /** After login, activation or the social-login return. */
  setTokens(tokens: Pick<TokenPair, "access_token" | "refresh_token" | "expires_in" | "refresh_expires_in">) {
    this.#access = tokens.access_token;
    this.#refresh = tokens.refresh_token;
    this.#member = undefined;
    this.#refreshing = undefined;
    this.#set(sessionCookies.access, tokens.access_token, tokens.expires_in);
    this.#set(
      sessionCookies.refresh,
      tokens.refresh_token,
      Math.min(tokens.refresh_expires_in, refreshCookieSeconds),
    );
  }

  /** Forgets the tokens (logout, a refused refresh). */
  clear() {
    this.#access = undefined;
    this.#refresh = undefined;
    this.#member = Promise.resolve(null);
    if (this.#cookies.has(sessionCookies.access) || this.#outgoing.has(sessionCookies.access)) {
      this.#set(sessionCookies.access, "", 0);
    }
    if (this.#cookies.has(sessionCookies.refresh) || this.#outgoing.has(sessionCookies.refresh)) {
      this.#set(sessionCookies.refresh, "", 0);
    }
  }

  /**
   * SPEC §4: the API refused the session and so did the refresh. The member is logged out and sent
   * to the login page, which keeps where they were and shows the 請重新登入 dialog.
   */
  expire(): never {
    this.clear();
    const target = loginRedirectTarget(
      this.#options.requestUrl,
      this.#options.formPage,
      this.#options.siteOrigin,
    );
    this.rememberRedirect(target);
    this.#set(sessionCookies.notice, "session-expired", 60);
    throw redirect(`/auth/login?redirect=${encodeURIComponent(target)}`);
  }

  rememberRedirect(path: string) {
    this.#set(sessionCookies.redirect, path, redirectCookieSeconds);
  }

  forgetRedirect() {
    if (this.#cookies.has(sessionCookies.redirect)) this.#set(sessionCookies.redirect, "", 0);
  }

  /** The one-shot notice, cleared as it is read; none just after signing out on purpose. */
  takeNotice(): Notice | undefined {
    const notice = this.#cookies.get(sessionCookies.notice);
    if (notice === undefined) return undefined;
    this.#set(sessionCookies.notice, "", 0);
    if (notice === "signed-out") return notice;
    if (this.#cookies.has(sessionCookies.signedOut)) return undefined;
    return notice === "session-expired" ? notice : undefined;
  }

  /**
   * Signing out on purpose: the session's cookies go, and no expiry notice follows. `announce`:
   * the next page says 您已登出 (the logout button; not where a page of its own says what happened).
   */
  signOut({ announce = false }: { announce?: boolean } = {}) {
    this.clear();
    this.#set(sessionCookies.signedOut, "1", 60);
    if (announce) this.#set(sessionCookies.notice, "signed-out", 60);
  }

  /** A social sign-in begins here: a fresh nonce, kept for the 10 minutes the API's flow lasts. */
  beginSocialSignIn(nonce: string) {
    this.#set(sessionCookies.socialNonce, nonce, 10 * 60);
  }

  /**
   * Whether `nonce` (echoed by the API to /auth) is the one this browser's own sign-in began with.
   * Spent either way: a second /auth with the same link finds no nonce.
   */
  takeSocialNonce(nonce: string | null): boolean {
    const expected = this.#cookies.get(sessionCookies.socialNonce);
    if (expected !== undefined) this.#set(sessionCookies.socialNonce, "", 0);
    return Boolean(nonce && expected && nonce.length === expected.length && nonce === expected);
  }

  /** The member asks for a verification mail from this browser: its nonce, kept for the link's 24 hours. */
  beginOwnVerification(nonce: string) {
    this.#set(sessionCookies.verifyNonce, nonce, 24 * 60 * 60);
  }

  /** Whether this browser asked for a verification mail (its link will sign the member in here). */
  hasVerifyNonce(): boolean {
    return Boolean(this.#cookies.get(sessionCookies.verifyNonce));
  }

  /** The nonce of a verification mail this browser asked for, if any; spent. */
  takeVerifyNonce(): string | undefined {
    const nonce = this.#cookies.get(sessionCookies.verifyNonce);
    if (nonce !== undefined) this.#set(sessionCookies.verifyNonce, "", 0);
    return nonce || undefined;
  }

  memoMember(load: () => Promise<Member | null>) {
    this.#member ??= load();
    return this.#member;
  }

  /** The member as a change just saved them: the page rendered after the change shows them so. */
  updateMember(member: Member) {
    this.#member = Promise.resolve(member);
  }

  #set(name: string, value: string, maxAge: number) {
    const attributes = [
      `${name}=${encodeURIComponent(value)}`,
      "Path=/",
      `Max-Age=${Math.max(0, Math.floor(maxAge))}`,
      "HttpOnly",
      "SameSite=Lax",
    ];
    if (this.#options.secure) attributes.push("Secure");
    this.#outgoing.set(name, attributes.join("; "));
  }
}

/**
 * The path and query of a page request, without React Router's data-request suffix; for a form
 * sent from a page of the same site (`formPage`), that page.
 */
export function loginRedirectTarget(requestUrl: string, formPage?: string | null, siteOrigin?: string) {
  const request = new URL(requestUrl);
  const page = formPage ? URL.parse(formPage) : null;
  const own = page && (page.origin === request.origin || page.origin === siteOrigin);
  const url = own ? page : request;
  url.searchParams.delete("_routes");
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  return pathname + url.search;
}

export const sessionContext = createContext<RequestSession>();

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The signed-in member, asked of the API once per request; null for visitors. */
export function getMember(context: Readonly<RouterContextProvider>): Promise<Member | null> {
  const session = context.get(sessionContext);
  if (!session.isLoggedIn) return Promise.resolve(null);
  return session.memoMember(async () => {
    const result = await context.get(apiContext).get<Item<Member>>("/members/me");
    return result.data;
  });
}

/** Guards /member pages: visitors go to the login page, the wanted path kept in the query and a cookie. */
export async function requireMember({ request, context }: Args): Promise<Member> {
  const member = await getMember(context);
  if (member) return member;
  const session = context.get(sessionContext);
  const target = loginRedirectTarget(request.url);
  session.rememberRedirect(target);
  throw redirect(`/auth/login?redirect=${encodeURIComponent(target)}`);
}

/** Login and registration are for visitors: members go to /member. */
export function requireAnonymous({ context }: Pick<Args, "context">) {
  if (context.get(sessionContext).isLoggedIn) throw redirect("/member");
}

/**
 * Where to go after login: the redirect query, else the guard's cookie, else /member. Clears the
 * cookie. A receipt (a file, say a mail's link) is downloaded from the donation history page.
 */
export function redirectAfterLogin({ request, context }: Args): string {
  const session = context.get(sessionContext);
  const fromQuery = safeLocalPath(new URL(request.url).searchParams.get("redirect"));
  const fromCookie = safeLocalPath(session.cookie(sessionCookies.redirect));
  session.forgetRedirect();
  const target = fromQuery ?? fromCookie;
  if (!target || target.startsWith("/auth")) return "/member";
  return isReceiptPath(target) ? receiptDownloadPage(target) : target;
}

/** The refresh exchange of SPEC §7 as the web server performs it, with the client secret it keeps. */
export function createTokenRefresher(options: {
  post: <T>(path: string, body: unknown) => Promise<T>;
  clientSecret: string;
}): RefreshTokens {
  return async (refreshToken) => {
    try {
      return await options.post<TokenPair>("/members/refresh", {
        grant_type: "refresh_token",
        client_id: memberClientId,
        client_secret: options.clientSecret,
        refresh_token: refreshToken,
      });
    } catch (error) {
      // A refused token ends the session (SPEC §8: at start, silently); an API fault is a fault.
      if (error instanceof ApiRequestError && error.status < 500) return undefined;
      throw error;
    }
  };
}
