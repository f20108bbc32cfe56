import { expect, test, type BrowserContext } from "@playwright/test";
import { developmentSecrets } from "@shiyi/api";
import { SignJWT, decodeJwt } from "jose";
import { siteUrl } from "./support/servers.ts";
import { cookieValue, createMember, signIn, type TestMember } from "./support/members.ts";

/*
 * The member session as SPEC §4 describes it, kept by the web server in httpOnly cookies: expired
 * access tokens are refreshed unseen, a session that cannot be refreshed ends on the login page with
 * the 請重新登入 dialog, and concurrent refreshes never log anyone out.
 */

/** The same access token, but expired a minute ago: signed as the local server signs them. */
async function expiredCopy(token: string) {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 960, exp: now - 60 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode(developmentSecrets.jwt));
}

async function setAccessCookie(context: BrowserContext, value: string) {
  await context.addCookies([{ name: "shiyi_at", value, url: siteUrl, httpOnly: true, sameSite: "Lax" }]);
}

const memberLink = (member: TestMember) => new RegExp(`會員專區：\\s*${member.name}`);

test.describe("member session", () => {
  let member: TestMember;
  test.beforeEach(async ({ request }) => {
    member = await createMember(request);
  });

  test("an expired access token is refreshed without the member noticing", async ({
    page,
    context,
    request,
  }) => {
    const tokens = await signIn(request, context, member);
    const expired = await expiredCopy(tokens.access_token);
    await setAccessCookie(context, expired);

    await page.goto("/member");
    await expect(page).toHaveURL(`${siteUrl}/member`);
    await expect(page.getByRole("link", { name: memberLink(member) })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    // Both tokens were replaced: the access token, and the refresh token by rotation.
    expect(await cookieValue(context, "shiyi_at")).not.toBe(expired);
    expect(await cookieValue(context, "shiyi_rt")).not.toBe(tokens.refresh_token);
  });

  test("without an access token, the refresh token signs the member in at start", async ({
    page,
    context,
    request,
  }) => {
    await signIn(request, context, member);
    await context.clearCookies({ name: "shiyi_at" });
    await page.goto("/");
    await expect(page.getByRole("link", { name: memberLink(member) })).toBeVisible();
    expect(await cookieValue(context, "shiyi_at")).toBeTruthy();
  });

  test("a session that cannot be refreshed ends on the login page, with the dialog and the way back kept", async ({
    page,
    context,
    request,
  }) => {
    const tokens = await signIn(request, context, member);
    // Signed out everywhere from another device: this browser's tokens are all revoked.
    const revoked = await request.post(`${siteUrl}/api/members/logout-all`, {
      headers: { accept: "application/json", authorization: `Bearer ${tokens.access_token}` },
    });
    expect(revoked.status()).toBe(200);

    await page.goto("/member/history");
    await expect(page).toHaveURL(`${siteUrl}/auth/login?redirect=%2Fmember%2Fhistory`);
    const dialog = page.getByRole("alertdialog", { name: "請重新登入" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("登入時效已過，請重新登入！");
    await expect(dialog.getByRole("button")).toHaveCount(1);
    await dialog.getByRole("button").click();
    await expect(dialog).toBeHidden();
    expect(await cookieValue(context, "shiyi_at")).toBeUndefined();
    expect(await cookieValue(context, "shiyi_rt")).toBeUndefined();
    expect(await cookieValue(context, "shiyi_redirect")).toBe(encodeURIComponent("/member/history"));
    // The notice is shown once: reloading the login page does not bring the dialog back.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });

  test("two tabs refreshing at once both stay signed in", async ({ context, request }) => {
    await signIn(request, context, member);
    await context.clearCookies({ name: "shiyi_at" });
    const [first, second] = await Promise.all([context.newPage(), context.newPage()]);
    await Promise.all([first.goto("/"), second.goto("/news")]);
    for (const page of [first, second]) {
      await expect(page.getByRole("link", { name: memberLink(member) })).toBeVisible();
    }
    // Whichever tab's cookies the browser kept, they still work.
    await second.goto("/member");
    await expect(second).toHaveURL(`${siteUrl}/member`);
    await first.reload();
    await expect(first.getByRole("link", { name: memberLink(member) })).toBeVisible();
  });

  test("a tab that becomes visible fetches the member's record, refreshing the session", async ({
    page,
    context,
    request,
  }) => {
    const tokens = await signIn(request, context, member);
    await page.goto("/");
    await expect(page.getByRole("link", { name: memberLink(member) })).toBeVisible();
    // The loading screen lifts once React has started: the visibility listener is in place.
    await expect(page.locator("#loading-screen")).toBeHidden();
    const expired = await expiredCopy(tokens.access_token);
    await setAccessCookie(context, expired);
    const keptAlive = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith("/auth/session"),
    );
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    expect((await keptAlive).status()).toBe(200);
    expect(await cookieValue(context, "shiyi_at")).not.toBe(expired);
  });

  test("another site's form cannot sign the member out; the site's own sign-out can", async ({
    context,
    request,
    page,
  }) => {
    await signIn(request, context, member);
    const fromElsewhere = await context.request.post("/auth/logout", {
      headers: { origin: "https://elsewhere.example" },
      maxRedirects: 0,
    });
    expect(fromElsewhere.status()).toBe(403);
    await page.goto("/member");
    await expect(page.getByRole("link", { name: memberLink(member) })).toBeVisible();

    const own = await context.request.post("/auth/logout", { headers: { origin: siteUrl }, maxRedirects: 0 });
    expect([own.status(), own.headers()["location"]]).toEqual([302, "/"]);
    await page.goto("/member");
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test("signing out in one tab shows in the other at once", async ({ context, request, page }) => {
    await signIn(request, context, member);
    const other = await context.newPage();
    await other.goto("/magazines");
    await expect(other.getByRole("link", { name: memberLink(member) })).toBeVisible();

    await page.goto("/member");
    await page.getByRole("button", { name: "登出", exact: true }).click();
    await expect(page).toHaveURL(`${siteUrl}/`);
    // The other tab was not touched: it shows the visitor without a click or a reload.
    await expect(other.getByRole("banner").getByRole("link", { name: "登入" })).toBeVisible();
    await expect(other.getByRole("link", { name: memberLink(member) })).toHaveCount(0);
    await expect(other).toHaveURL(`${siteUrl}/magazines`);
  });

  test("signing out leaves no order draft or kept checkout form for the next person", async ({
    context,
    request,
    page,
  }) => {
    await signIn(request, context, member);
    // A draft with a pickup store, and the checkout form kept while the store map was open.
    const store = {
      id: "131386",
      name: "建國門市",
      address: "臺北市大安區建國南路二段151號",
      brand: "UNIMARTC2C",
    };
    await context.addCookies([
      {
        name: "shiyi_draft",
        value: encodeURIComponent(
          JSON.stringify({ shipping: "cvs", payment: "credit", delivery: "UNIMARTC2C", store }),
        ),
        url: siteUrl,
      },
      // Where the site keeps it (its path is the checkout page's).
      { name: "shiyi_checkout", value: "kept", domain: "localhost", path: "/cart/checkout" },
    ]);
    await page.goto("/member");
    await page.getByRole("button", { name: "登出", exact: true }).click();
    await expect(page).toHaveURL(`${siteUrl}/`);
    expect(await cookieValue(context, "shiyi_draft")).toBeUndefined();
    const kept = await context.cookies(`${siteUrl}/cart/checkout`);
    expect(kept.find((cookie) => cookie.name === "shiyi_checkout")).toBeUndefined();
  });

  test("members' pages are never cached as public pages", async ({ context, request, page }) => {
    await signIn(request, context, member);
    const response = await page.goto("/news");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-cache"]).not.toBe("HIT");
  });
});
