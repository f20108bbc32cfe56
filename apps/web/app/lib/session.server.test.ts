import type { TokenPair } from "@shiyi/contracts";
import { RouterContextProvider } from "react-router";
import { describe, expect, test, vi } from "vitest";
import { createApiClient, type ApiFetch } from "./api.server.ts";
import {
  loginRedirectTarget,
  parseCookies,
  redirectAfterLogin,
  RequestSession,
  sessionContext,
  safeLocalPath,
  sessionCookies,
  type RefreshTokens,
} from "./session.server.ts";

const pair = (name: string): TokenPair => ({
  token_type: "Bearer",
  access_token: `access-${name}`,
  expires_in: 900,
  refresh_token: `refresh-${name}`,
  refresh_expires_in: 2_592_000,
});

const sessionWith = (cookie: string | null, refreshTokens: RefreshTokens, url = "https://site.test/member") =>
  new RequestSession({ cookieHeader: cookie, requestUrl: url, secure: true, refreshTokens });

const cookieNamed = (session: RequestSession, name: string) =>
  session.setCookieHeaders.find((header) => header.startsWith(`${name}=`));

describe("cookies and paths", () => {
  test("parses a Cookie header, first value wins, malformed values ignored", () => {
    const cookies = parseCookies("a=1; b=%E9%A3%9F; a=2; broken=%E0%A4%A; c");
    expect(cookies.get("a")).toBe("1");
    expect(cookies.get("b")).toBe("食");
    expect(cookies.has("broken")).toBe(false);
    expect(parseCookies(null).size).toBe(0);
  });

  test("only local paths are followed after login", () => {
    expect(safeLocalPath("/member/history?page=2")).toBe("/member/history?page=2");
    expect(safeLocalPath("//evil.test/x")).toBeUndefined();
    expect(safeLocalPath("https://evil.test")).toBeUndefined();
    expect(safeLocalPath("/\\evil.test")).toBeUndefined();
    expect(safeLocalPath("member")).toBeUndefined();
    // Dot-segments that normalise into a protocol-relative address stay refused.
    for (const sneaky of ["/.//evil.test", "/..//evil.test", "/a/..//evil.test", "/%2e//evil.test"]) {
      expect(safeLocalPath(sneaky), sneaky).toBeUndefined();
    }
    expect(safeLocalPath("/news/../member")).toBe("/member");
    expect(safeLocalPath(undefined)).toBeUndefined();
  });

  test("the path to come back to drops React Router's data-request suffix", () => {
    expect(loginRedirectTarget("https://site.test/member/history.data?_routes=root")).toBe("/member/history");
    expect(loginRedirectTarget("https://site.test/_root.data")).toBe("/");
    expect(loginRedirectTarget("https://site.test/news?page=2")).toBe("/news?page=2");
    // A form sent from a page (加入購物車 posts to /cart): back to that page, if it is the site's.
    expect(loginRedirectTarget("https://site.test/cart", "https://site.test/magazines/issue-43?x=1")).toBe(
      "/magazines/issue-43?x=1",
    );
    expect(loginRedirectTarget("https://site.test/cart.data", "https://elsewhere.test/page")).toBe("/cart");
    expect(loginRedirectTarget("https://site.test/cart", "not a url")).toBe("/cart");
    // Behind a proxy the request arrives as http://; the browser's page is the public https:// one.
    expect(
      loginRedirectTarget(
        "http://10.0.0.5:3000/cart",
        "https://shiyi.example/magazines/1",
        "https://shiyi.example",
      ),
    ).toBe("/magazines/1");
  });
});

describe("after login", () => {
  const afterLogin = (url: string, cookie: string | null = null) => {
    const context = new RouterContextProvider();
    const session = sessionWith(cookie, async () => undefined, url);
    context.set(sessionContext, session);
    return { next: redirectAfterLogin({ request: new Request(url), context }), session };
  };

  test("the member goes where the query says, else where the guard's cookie says, else to /member", () => {
    expect(afterLogin("https://site.test/auth/login?redirect=%2Fmember%2Fhistory").next).toBe(
      "/member/history",
    );
    const fromCookie = afterLogin(
      "https://site.test/auth/login",
      `${sessionCookies.redirect}=%2Fmember%2Fprofile`,
    );
    expect(fromCookie.next).toBe("/member/profile");
    expect(cookieNamed(fromCookie.session, sessionCookies.redirect)).toMatch(/Max-Age=0/);
    expect(afterLogin("https://site.test/auth/login").next).toBe("/member");
    expect(afterLogin("https://site.test/auth/login?redirect=%2Fauth%2Fregister").next).toBe("/member");
    expect(afterLogin("https://site.test/auth/login?redirect=https%3A%2F%2Fevil.test").next).toBe("/member");
  });

  test("a receipt asked for before login is downloaded from the donation history", () => {
    const receipt = "/member/support-us/receipts/26112661673730/2";
    const expected = `/member/support-us?download=${encodeURIComponent(receipt)}`;
    expect(afterLogin(`https://site.test/auth/login?redirect=${encodeURIComponent(receipt)}`).next).toBe(
      expected,
    );
    const yearly = "/member/support-us/receipts/year/2025";
    expect(
      afterLogin("https://site.test/auth", `${sessionCookies.redirect}=${encodeURIComponent(yearly)}`).next,
    ).toBe(`/member/support-us?download=${encodeURIComponent(yearly)}`);
  });
});

describe("RequestSession", () => {
  test("at start, a refresh token without an access token is exchanged and both cookies are set", async () => {
    const refresh = vi.fn<RefreshTokens>(async () => pair("new"));
    const session = sessionWith(`${sessionCookies.refresh}=refresh-old`, refresh);
    await session.start();
    expect(refresh).toHaveBeenCalledWith("refresh-old");
    expect(session.accessToken).toBe("access-new");
    const access = cookieNamed(session, sessionCookies.access)!;
    expect(access).toContain("access-new");
    expect(access).toMatch(/HttpOnly/);
    expect(access).toMatch(/SameSite=Lax/);
    expect(access).toMatch(/Secure/);
    expect(access).toMatch(/Max-Age=900/);
    expect(cookieNamed(session, sessionCookies.refresh)).toMatch(/Max-Age=2592000/);
  });

  test("a refused refresh at start clears the refresh cookie silently", async () => {
    const session = sessionWith(`${sessionCookies.refresh}=refresh-refused`, async () => undefined);
    await session.start();
    expect(session.isLoggedIn).toBe(false);
    expect(cookieNamed(session, sessionCookies.refresh)).toMatch(/^shiyi_rt=; .*Max-Age=0/);
    expect(cookieNamed(session, sessionCookies.notice)).toBeUndefined();
  });

  test("simultaneous requests holding the same refresh token share one exchange", async () => {
    let release!: (tokens: TokenPair) => void;
    const refresh = vi.fn<RefreshTokens>(() => new Promise((resolve) => (release = resolve)));
    const cookie = `${sessionCookies.refresh}=refresh-shared-${Math.random()}`;
    const first = sessionWith(cookie, refresh);
    const second = sessionWith(cookie, refresh);
    const both = Promise.all([first.refresh(), second.refresh(), first.refresh()]);
    release(pair("merged"));
    expect(await both).toEqual([true, true, true]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(first.accessToken).toBe("access-merged");
    expect(second.accessToken).toBe("access-merged");
  });

  test("expiry logs out, keeps the wanted path and leaves the notice for the login page", () => {
    const session = sessionWith(
      `${sessionCookies.access}=a; ${sessionCookies.refresh}=r`,
      async () => undefined,
      "https://site.test/member/history.data",
    );
    let thrown: unknown;
    try {
      session.expire();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/auth/login?redirect=%2Fmember%2Fhistory");
    expect(session.isLoggedIn).toBe(false);
    expect(cookieNamed(session, sessionCookies.access)).toMatch(/Max-Age=0/);
    expect(cookieNamed(session, sessionCookies.redirect)).toContain(encodeURIComponent("/member/history"));
    expect(cookieNamed(session, sessionCookies.notice)).toContain("session-expired");
  });

  test("no expiry notice greets someone who just signed out, even if a racing request left one", () => {
    const signingOut = sessionWith(
      `${sessionCookies.access}=a; ${sessionCookies.refresh}=r`,
      async () => undefined,
    );
    signingOut.signOut();
    expect(signingOut.isLoggedIn).toBe(false);
    expect(cookieNamed(signingOut, sessionCookies.signedOut)).toMatch(/Max-Age=60/);
    const next = sessionWith(
      `${sessionCookies.notice}=session-expired; ${sessionCookies.signedOut}=1`,
      async () => undefined,
    );
    expect(next.takeNotice()).toBeUndefined();
    expect(cookieNamed(next, sessionCookies.notice)).toMatch(/Max-Age=0/);
  });

  test("a social sign-in's tokens are taken only with the nonce this browser began it with, once", () => {
    const beginning = sessionWith(null, async () => undefined);
    beginning.beginSocialSignIn("nonce-of-this-browser-1234");
    expect(cookieNamed(beginning, sessionCookies.socialNonce)).toMatch(
      /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/,
    );
    const cookie = `${sessionCookies.socialNonce}=nonce-of-this-browser-1234`;
    expect(sessionWith(cookie, async () => undefined).takeSocialNonce("nonce-of-this-browser-1234")).toBe(
      true,
    );
    expect(sessionWith(cookie, async () => undefined).takeSocialNonce("nonce-of-another-browser")).toBe(
      false,
    );
    expect(sessionWith(cookie, async () => undefined).takeSocialNonce(null)).toBe(false);
    expect(sessionWith(null, async () => undefined).takeSocialNonce("nonce-of-this-browser-1234")).toBe(
      false,
    );
    const spent = sessionWith(cookie, async () => undefined);
    spent.takeSocialNonce("nonce-of-this-browser-1234");
    expect(cookieNamed(spent, sessionCookies.socialNonce)).toMatch(/Max-Age=0/);
  });

  test("the notice is read once", () => {
    const session = sessionWith(`${sessionCookies.notice}=session-expired`, async () => undefined);
    expect(session.takeNotice()).toBe("session-expired");
    expect(cookieNamed(session, sessionCookies.notice)).toMatch(/Max-Age=0/);
  });
});

describe("the API client with a session", () => {
  const api = (session: RequestSession, fetch: ApiFetch) =>
    createApiClient({ baseUrl: "http://api.test/api", fetch, requestId: "r", session });

  test("a 401 Unauthenticated. is refreshed once and the call retried with the new token", async () => {
    const seen: (string | null)[] = [];
    const fetch: ApiFetch = async (request) => {
      const auth = request.headers.get("authorization");
      seen.push(auth);
      return auth === "Bearer access-fresh"
        ? Response.json({ data: { name: "林" } })
        : Response.json({ message: "Unauthenticated." }, { status: 401 });
    };
    const session = sessionWith(`${sessionCookies.access}=expired; ${sessionCookies.refresh}=r1`, async () =>
      pair("fresh"),
    );
    expect(await api(session, fetch).get("/members/me")).toEqual({ data: { name: "林" } });
    expect(seen).toEqual(["Bearer expired", "Bearer access-fresh"]);
  });

  test("a refused refresh sends the member to the login page", async () => {
    const fetch: ApiFetch = async () => Response.json({ message: "Unauthenticated." }, { status: 401 });
    const session = sessionWith(
      `${sessionCookies.access}=revoked; ${sessionCookies.refresh}=r2`,
      async () => undefined,
    );
    const failure = await api(session, fetch)
      .get("/members/me")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Response);
    expect((failure as Response).headers.get("location")).toBe("/auth/login?redirect=%2Fmember");
  });

  test("other 401s are ordinary errors, without a refresh", async () => {
    const refresh = vi.fn<RefreshTokens>(async () => pair("x"));
    const fetch: ApiFetch = async () => Response.json({ message: "用戶端驗證失敗" }, { status: 401 });
    const session = sessionWith(`${sessionCookies.access}=a`, refresh);
    await expect(api(session, fetch).post("/members/refresh")).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
  });
});
