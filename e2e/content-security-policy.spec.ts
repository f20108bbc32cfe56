import type { Page } from "@playwright/test";
import { createMember, signIn } from "./support/members.ts";
import { expect, test } from "./support/site.ts";

/**
 * The pages' Content-Security-Policy (decision 023): each render's scripts carry a nonce that its
 * header names, so the page's own scripts run, and script that got into the markup any other way
 * does not.
 */

// A desktop browser's user agent: the headless one counts as a bot (SPEC §2's bot rule).
test.use({
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
});

declare global {
  interface Window {
    __violations?: string[];
    __injected?: boolean;
  }
}

/** Every violation the browser reports on the page, from its first byte on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__violations!.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
}
const violations = (page: Page) => page.evaluate(() => window.__violations ?? []);

const nonceOf = (policy: string | undefined) =>
  /(?:^|; )script-src 'nonce-([\w+/=-]+)' 'strict-dynamic' 'self'(?:;|$)/.exec(policy ?? "")?.[1];

type Answer = { headers(): Record<string, string>; text(): Promise<string> };

/** The nonce the page's header names, checked against every script the page runs. */
async function pageNonce(response: Answer | null | undefined) {
  expect(response, "the page's response").toBeTruthy();
  const nonce = nonceOf(response!.headers()["content-security-policy"]);
  expect(nonce, "the header names a nonce").toBeDefined();
  const html = await response!.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
  const runnable = scripts.filter((attributes) => !attributes.includes('type="application/ld+json"'));
  expect(runnable.length).toBeGreaterThan(3);
  for (const attributes of runnable) expect(attributes).toContain(`nonce="${nonce}"`);
  return nonce!;
}

test("the reading pages, the forms and the error page run their own scripts, and nothing is refused", async ({
  page,
  site,
}) => {
  await recordViolations(page);
  for (const path of [
    "/",
    "/news",
    `/news/${site.news.path}`,
    `/magazines/${site.magazine.path}`,
    "/search?q=湯",
    "/cart",
    "/auth/register",
    "/support-us",
    "/no-such-page",
  ]) {
    await pageNonce(await page.goto(path));
    // The app started: the loading screen is lifted by React, not only by its fail-safe timer.
    await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
    expect(await violations(page), path).toEqual([]);
  }
  // A form validates as it is typed in: its schemas parse in the browser without compiling code.
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "電子郵件" }).fill("not-an-address");
  await expect(page.getByText("請輸入正確的電子郵件")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("each render has a nonce of its own, and a page kept by the micro-cache is answered with its own header", async ({
  request,
  site,
}) => {
  const path = `/news/${site.news.path}`;
  const first = await pageNonce(await request.get(path));
  const again = await request.get(path);
  // The second may come from the micro-cache: then it is the same page, with the same header.
  if (again.headers()["x-cache"] === "HIT") expect(await pageNonce(again)).toBe(first);
  else expect(await pageNonce(again)).not.toBe(first);
  // With a cookie the page is rendered for this request alone: a new nonce each time.
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    nonces.add(await pageNonce(await request.get(path, { headers: { cookie: `reader=${i}` } })));
  }
  expect(nonces.size).toBe(3);
});

test("script that got into a page's markup does not run, while the page's own does", async ({
  page,
  site,
}) => {
  await recordViolations(page);
  const path = `/news/${site.news.path}`;
  let withPolicy = true;
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    if (!withPolicy) delete headers["content-security-policy"];
    // Where React leaves what others put in a page alone: the end of the body.
    const html = (await response.text()).replace(
      "</body>",
      '<script>window.__injected=true</script><img src="/no-such-picture" alt="" onerror="window.__injected=true"></body>',
    );
    await route.fulfill({ response, headers, body: html });
  });

  await page.goto(path);
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  await expect
    .poll(() => violations(page))
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^script-src-elem inline/),
        expect.stringMatching(/^script-src-attr inline/),
      ]),
    );
  expect(await page.evaluate(() => window.__injected)).toBeUndefined();

  // The same markup without the policy runs the script: the check above can fail.
  withPolicy = false;
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.__injected)).toBe(true);
});

test("a member's pages run by a nonce of their own too, and carry no validator", async ({
  page,
  context,
  request,
  site,
}) => {
  await recordViolations(page);
  await signIn(request, context, await createMember(request));
  for (const path of ["/member", `/news/${site.news.path}`]) {
    const response = await page.goto(path);
    await pageNonce(response);
    expect(response!.headers()["cache-control"]).toBe("private, no-store");
    expect(response!.headers()["etag"]).toBeUndefined();
    await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  }
  expect(await violations(page)).toEqual([]);
});
