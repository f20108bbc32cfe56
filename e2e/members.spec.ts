import { expect, test, type Locator, type Page } from "@playwright/test";
import { blockingViolations } from "./support/axe.ts";
import {
  createMember,
  linkIn,
  newMember,
  signIn,
  testAddress,
  waitForMail,
  type TestMember,
} from "./support/members.ts";
import { siteUrl } from "./support/servers.ts";
import { chooseOption } from "./support/select.ts";

/*
 * The member journeys of SPEC §2, §4 and §5 through the site's own pages, against the real API and
 * its mail, caught by the local SMTP catcher.
 */

// A desktop browser's user agent: the headless one counts as a bot (SPEC §2's bot rule).
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
test.use({ userAgent });

// Each test is a reader of its own address, so the API's per-address limits never collide.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": testAddress() });
});

const required = "此項為必填";

/** Opens a page and, where it has one, waits for the loading screen to lift (the app has started). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
}

/** The site-relative address of a link in a mail (the mail names the site's public address). */
const sitePath = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

const accountField = (page: Page) => page.getByRole("textbox", { name: "帳號或電子郵件" });
const passwordField = (page: Page) => page.getByRole("textbox", { name: "密碼", exact: true });
const headerLoginLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: "登入" });

async function logIn(page: Page, account: string, password: string) {
  await accountField(page).fill(account);
  await passwordField(page).fill(password);
  await page.getByRole("button", { name: "登入", exact: true }).click();
}

async function fillRegistration(page: Page, member: TestMember) {
  await page.getByRole("textbox", { name: "帳號" }).fill(member.account);
  await page.getByRole("textbox", { name: "密碼", exact: true }).fill(member.password);
  await page.getByRole("textbox", { name: "確認密碼" }).fill(member.password);
  await page.getByRole("textbox", { name: "電子郵件", exact: true }).fill(member.email);
  await page.getByRole("textbox", { name: "姓名" }).fill(member.name);
  await page.getByRole("checkbox", { name: /我已閱讀並同意/ }).check();
}

/** Chooses a 縣市 and one of its 鄉鎮市區 from their lists; the district's postcode is filled in. */
async function chooseDistrict(page: Page, form: Locator, county: string, district: string) {
  await chooseOption(form.getByRole("combobox", { name: "縣市" }), county);
  await chooseOption(form.getByRole("combobox", { name: "鄉鎮市區" }), district);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The field's message comes first in its description; a hint, when it has one, follows. */
async function expectMessage(field: Locator, message: string) {
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(message)}`));
  await expect(field).toHaveAttribute("aria-invalid", "true");
}

/** SPEC §5: the message shows while the value is typed, before the field is left. */
async function expectOnInput(field: Locator, text: string, message: string) {
  await field.clear();
  await field.pressSequentially(text);
  await expect(field).toBeFocused();
  await expectMessage(field, message);
}

/** Typed, then emptied again: 此項為必填. */
async function expectRequired(field: Locator) {
  await field.fill("x");
  await field.clear();
  await expectMessage(field, required);
}

async function expectValid(field: Locator, text: string) {
  await field.fill(text);
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
}

test.describe("registration and login", () => {
  test("a reader registers, activates the account from the mail, meets the member page and logs out", async ({
    page,
    request,
  }) => {
    const member = newMember();
    await open(page, "/auth/register");
    await fillRegistration(page, member);
    await page.getByRole("button", { name: "註冊", exact: true }).click();
    const registered = page.getByRole("status").filter({ hasText: "註冊成功！驗證信已寄至您的信箱" });
    await expect(registered).toBeVisible();
    await expect(registered).toContainText(member.email);
    await expect(page.getByRole("button", { name: "重新寄送驗證信" })).toBeVisible();

    const link = sitePath(linkIn(await waitForMail(request, member.email, "驗證"), "/auth/confirmation"));
    // Opening the link changes nothing (mail scanners open links too): the member presses the button.
    await page.goto(link);
    await expect(headerLoginLink(page)).toBeVisible();
    await expect(page.getByText("啟用後會直接為您登入")).toBeVisible();
    await page.getByRole("button", { name: "啟用帳號" }).click();

    await expect(page).toHaveURL(`${siteUrl}/member?welcome=1`);
    await expect(page.getByRole("status").filter({ hasText: "帳號已啟用，歡迎加入！" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "會員中心" })).toBeVisible();
    await expect(page.getByText(`${member.name}，您好。`)).toBeVisible();
    const profile = page.getByRole("region", { name: "基本資料" });
    await expect(profile).toContainText(member.account);
    await expect(profile).toContainText(member.email);
    await expect(profile).toContainText("已驗證");

    // Opened again while signed in: the account is active, and the page says so, not "無法啟用".
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "帳號已啟用" })).toBeVisible();
    await expect(page.getByText("無法啟用帳號")).toHaveCount(0);
    await page.getByRole("main").getByRole("link", { name: "前往會員中心" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "會員中心" })).toBeVisible();

    await page.getByRole("button", { name: "登出", exact: true }).click();
    await expect(page).toHaveURL(`${siteUrl}/`);
    await expect(headerLoginLink(page)).toBeVisible();
    await expect(page.getByRole("region", { name: "通知" })).toContainText("您已登出");

    // The link has been used: opened again, it says so at once and offers a new mail.
    await page.goto(link);
    await expect(page.getByRole("main").getByRole("alert").filter({ hasText: "無法啟用帳號" })).toBeVisible();
    await expect(page.getByRole("button", { name: "啟用帳號" })).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "電子郵件", exact: true })).toBeVisible();
  });

  test("a verification mail sent again signs no one in, even in the browser that registered", async ({
    page,
    request,
  }) => {
    // Anyone may ask for it for any address: the page and the link promise only the activation.
    const member = newMember();
    await open(page, "/auth/register");
    await fillRegistration(page, member);
    await page.getByRole("button", { name: "註冊", exact: true }).click();
    await page.getByRole("button", { name: "重新寄送驗證信" }).click();
    await expect(page).toHaveURL(`${siteUrl}/auth/confirmation?sent=1`);
    await expect
      .poll(async () => {
        const response = await request.get(
          `${siteUrl}/_mail/api/messages?to=${encodeURIComponent(member.email)}&subject=${encodeURIComponent("驗證")}`,
        );
        return ((await response.json()) as { data: unknown[] }).data.length;
      })
      .toBe(2);
    const link = sitePath(linkIn(await waitForMail(request, member.email, "驗證"), "/auth/confirmation"));
    await page.goto(link);
    await expect(page.getByText("啟用後請以您的帳號登入")).toBeVisible();
    await page.getByRole("button", { name: "啟用帳號" }).click();
    await expect(page).toHaveURL(`${siteUrl}/auth/login?done=activated`);
    await expect(headerLoginLink(page)).toBeVisible();
    await logIn(page, member.account, member.password);
    await expect(page.getByText(`${member.name}，您好。`)).toBeVisible();
  });

  test("an unverified member is told so at login and can have the mail sent again", async ({
    page,
    request,
    browser,
  }) => {
    const member = newMember();
    const registered = await request.post(`${siteUrl}/api/members/register`, {
      headers: { accept: "application/json", "x-forwarded-for": testAddress() },
      data: { ...member, password_confirmation: member.password, terms: true },
    });
    expect(registered.status()).toBe(201);

    await open(page, "/auth/login");
    await logIn(page, member.account, member.password);
    await expect(page.getByRole("region", { name: "通知" })).toContainText("帳號尚未完成電子郵件驗證");
    // Said for good beside the form as well, once the toast has gone.
    await expect(page.getByText("此帳號的電子郵件尚未驗證。")).toBeVisible();
    await page.getByRole("link", { name: "重新寄送驗證信" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "重新寄送驗證信" })).toBeVisible();
    await page.getByRole("textbox", { name: "電子郵件", exact: true }).fill(member.email);
    await page.getByRole("button", { name: "重新寄送驗證信" }).click();
    await expect(page).toHaveURL(`${siteUrl}/auth/confirmation?sent=1`);
    await expect(page.getByRole("status")).toContainText("若此電子郵件已註冊且尚未驗證");
    await expect
      .poll(async () => {
        const response = await request.get(
          `${siteUrl}/_mail/api/messages?to=${encodeURIComponent(member.email)}&subject=${encodeURIComponent("驗證")}`,
        );
        return ((await response.json()) as { data: unknown[] }).data.length;
      })
      .toBe(2);

    // The new link, followed in another browser (a phone, or someone the link was sent to): the
    // account is active, but that browser is not signed in by it; the member logs in there.
    const link = sitePath(linkIn(await waitForMail(request, member.email, "驗證"), "/auth/confirmation"));
    const elsewhere = await browser.newContext({ userAgent, baseURL: siteUrl });
    const other = await elsewhere.newPage();
    await open(other, link);
    // This page promises no sign-in.
    await expect(other.getByText("啟用後請以您的帳號登入")).toBeVisible();
    await expect(other.getByText("啟用後會直接為您登入")).toHaveCount(0);
    await other.getByRole("button", { name: "啟用帳號" }).click();
    await expect(other).toHaveURL(`${siteUrl}/auth/login?done=activated`);
    await expect(other.getByRole("status").filter({ hasText: "帳號已啟用，請登入" })).toBeVisible();
    await expect(headerLoginLink(other)).toBeVisible();
    await logIn(other, member.account, member.password);
    await expect(other.getByRole("heading", { level: 1, name: "會員中心" })).toBeVisible();
    await elsewhere.close();
  });

  test("a forgotten password is reset from the mail: the new one logs in, the old one is refused", async ({
    page,
    request,
  }) => {
    const member = await createMember(request);
    await open(page, "/auth/login");
    await page.getByRole("link", { name: "忘記密碼？" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "忘記密碼" })).toBeVisible();
    await page.getByRole("textbox", { name: "電子郵件", exact: true }).fill(member.email);
    await page.getByRole("button", { name: "寄送重設連結" }).click();
    await expect(page.getByRole("status")).toContainText("重設密碼的連結將寄至您的信箱");

    const link = sitePath(linkIn(await waitForMail(request, member.email, "重設"), "/auth/reset-password"));
    await page.goto(link);
    const newPassword = "Renewed2026ok";
    await page.getByRole("textbox", { name: "新密碼", exact: true }).fill(newPassword);
    await page.getByRole("textbox", { name: "確認新密碼" }).fill(newPassword);
    await page.getByRole("button", { name: "重設密碼" }).click();
    await expect(page).toHaveURL(`${siteUrl}/auth/login?done=reset`);
    await expect(page.getByRole("status").filter({ hasText: "密碼已重設，請以新密碼登入" })).toBeVisible();

    await logIn(page, member.account, member.password);
    await expectMessage(accountField(page), "帳號或密碼錯誤");
    await expect(page.getByRole("region", { name: "通知" })).toContainText("帳號或密碼錯誤");
    await expect(accountField(page)).toHaveValue(member.account);

    await logIn(page, member.email, newPassword);
    await expect(page).toHaveURL(`${siteUrl}/member`);
    await expect(page.getByText(`${member.name}，您好。`)).toBeVisible();

    // A reset link works once: opened again, it says so before anything is typed, and asks for a new one.
    await page.goto(link);
    await expect(
      page.getByRole("main").getByRole("alert").filter({ hasText: "重設密碼連結無效或已過期" }),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "新密碼", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "寄送重設連結" })).toBeVisible();
    // The page tells of the link's state, so no cache may keep it.
    const fetched = await page.request.get(link);
    expect(fetched.headers()["cache-control"]).toBe("private, no-store");
  });

  test("after five wrong passwords the account waits, and the login form says for how long, for good", async ({
    page,
    request,
  }) => {
    const member = await createMember(request);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const refused = await request.post(`${siteUrl}/api/members/login`, {
        headers: { accept: "application/json", "x-forwarded-for": testAddress() },
        data: { account: member.account, password: `Wrong${attempt}password` },
      });
      expect(refused.status(), `attempt ${attempt}`).toBe(422);
    }

    // Even the right password waits now; the form says why and what to do meanwhile.
    await open(page, "/auth/login");
    await logIn(page, member.account, member.password);
    const locked = /^登入失敗次數過多，請於 \d+ 秒後再試，或使用「忘記密碼」重新設定密碼$/;
    await expect(page.getByRole("region", { name: "通知" })).toContainText(locked);
    const box = page.getByRole("main").getByText(locked);
    await expect(box).toBeVisible();
    // The toast goes after a few seconds; the box stays, under the 忘記密碼？ link.
    await expect(page.getByRole("region", { name: "通知" })).not.toContainText("登入失敗次數過多");
    await expect(box).toBeVisible();
    await expect(page).toHaveURL(`${siteUrl}/auth/login`);
    await expect(accountField(page)).toHaveValue(member.account);
  });
});

test.describe("guards", () => {
  test("member pages send visitors to log in, and back to the page they wanted", async ({
    page,
    request,
  }) => {
    for (const path of ["/member", "/member/support-us"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`${siteUrl}/auth/login?redirect=${encodeURIComponent(path)}`);
    }
    const member = await createMember(request);
    await open(page, "/member/history");
    await expect(page).toHaveURL(`${siteUrl}/auth/login?redirect=%2Fmember%2Fhistory`);
    await logIn(page, member.account, member.password);
    await expect(page).toHaveURL(`${siteUrl}/member/history`);
    await expect(page.getByRole("heading", { name: "訂購紀錄" })).toBeVisible();
    await expect(page.getByText("目前沒有訂購紀錄")).toBeVisible();
    await page.getByRole("navigation", { name: "會員中心" }).getByRole("link", { name: "捐款紀錄" }).click();
    await expect(page.getByText("目前沒有捐款紀錄")).toBeVisible();
    // The pages share their h1 (會員中心): arriving, the focus is on the page's own heading.
    await expect(page.getByRole("heading", { level: 2, name: "捐款紀錄" })).toBeFocused();
  });

  test("a member visiting the login or registration page goes to /member", async ({
    page,
    context,
    request,
  }) => {
    await signIn(request, context, await createMember(request));
    for (const path of ["/auth/login", "/auth/register"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`${siteUrl}/member`);
    }
  });
});

test.describe("social-login return", () => {
  test("tokens in the address are kept as the session, then the address is cleaned", async ({
    page,
    context,
    request,
  }) => {
    const member = await createMember(request);
    const login = await request.post(`${siteUrl}/api/members/login`, {
      headers: { accept: "application/json", "x-forwarded-for": testAddress() },
      data: { account: member.account, password: member.password },
    });
    const tokens = (await login.json()) as { access_token: string; refresh_token: string };
    // This browser began the sign-in (/auth/social/{provider} leaves its nonce), and the API echoes it.
    const nonce = "nonce-begun-in-this-browser-42";
    await context.addCookies([{ name: "shiyi_social_nonce", value: nonce, url: siteUrl }]);
    await page.goto(
      `/auth?status=1&token=${encodeURIComponent(tokens.access_token)}&refresh_token=${encodeURIComponent(tokens.refresh_token)}&nonce=${nonce}`,
    );
    // The tokens leave the address; where to go on (the member page, here) is kept in it.
    await expect(page).toHaveURL(`${siteUrl}/auth?status=1&redirect=%2Fmember`);
    await expect(page.getByRole("heading", { level: 1, name: "登入成功" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(`歡迎，${member.name}`);
    await page.getByRole("link", { name: "前往會員中心" }).click();
    await expect(page).toHaveURL(`${siteUrl}/member`);
  });

  test("a failure says why, in the site's words only; no status goes to the login page", async ({ page }) => {
    await page.goto(
      `/auth?status=0&msg=${encodeURIComponent("無法從社群帳號取得電子郵件，請改用帳號密碼註冊")}`,
    );
    await expect(page.getByRole("alert")).toContainText("無法從社群帳號取得電子郵件");
    await page.goto(`/auth?status=0&msg=${encodeURIComponent("請撥打客服專線 0800-000-000")}`);
    await expect(page.getByRole("alert")).toContainText("社群登入失敗，請稍後再試");
    await expect(page.getByText("0800-000-000")).toHaveCount(0);
    await page.goto("/auth");
    await expect(page).toHaveURL(`${siteUrl}/auth/login`);
  });
});

test.describe("validation on input (SPEC §5)", () => {
  test("login form", async ({ page }) => {
    await open(page, "/auth/login");
    await expectRequired(accountField(page));
    await accountField(page).fill("a".repeat(255));
    await expectMessage(accountField(page), "數值長度不得大於 254");
    await expectValid(accountField(page), "reader01");
    await expectRequired(passwordField(page));
    await passwordField(page).fill("a".repeat(101));
    await expectMessage(passwordField(page), "數值長度不得大於 100");
    await expectValid(passwordField(page), "Secret2026");
  });

  test("registration form", async ({ page }) => {
    await open(page, "/auth/register");
    const account = page.getByRole("textbox", { name: "帳號" });
    await expectOnInput(account, "abc", "帳號請填寫大於五個英文及數字");
    await expectOnInput(account, "ABCDEF", "帳號請填寫大於五個英文及數字");
    await expectRequired(account);
    await account.fill("a".repeat(51));
    await expectMessage(account, "數值長度不得大於 50");
    await expectValid(account, "reader01");

    const password = page.getByRole("textbox", { name: "密碼", exact: true });
    await expectOnInput(password, "abc12345", "密碼請填寫 8-16 字，且必須包含「英文大小寫」及「數字」");
    await expectOnInput(
      password,
      "Abcdefgh12345678X",
      "密碼請填寫 8-16 字，且必須包含「英文大小寫」及「數字」",
    );
    await expectRequired(password);
    await expectValid(password, "Secret2026");

    const confirmation = page.getByRole("textbox", { name: "確認密碼" });
    await expectOnInput(confirmation, "Secret2025", "密碼驗證不相符");
    await expectRequired(confirmation);
    await expectValid(confirmation, "Secret2026");

    const email = page.getByRole("textbox", { name: "電子郵件", exact: true });
    await expectOnInput(email, "reader@", "請輸入正確的電子郵件");
    await expectRequired(email);
    await expectValid(email, "reader@example.test");

    const name = page.getByRole("textbox", { name: "姓名" });
    await expectRequired(name);
    await name.fill("林".repeat(51));
    await expectMessage(name, "數值長度不得大於 50");
    await expectValid(name, "林小滿");

    const mobile = page.getByRole("textbox", { name: "手機" });
    await expectOnInput(mobile, "0812345678", "請輸入 09 開頭的 10 位數手機號碼");
    await expectOnInput(mobile, "091234567", "請輸入 09 開頭的 10 位數手機號碼");
    await expectValid(mobile, "");
    await expectValid(mobile, "0912345678");

    const terms = page.getByRole("checkbox", { name: /我已閱讀並同意/ });
    await terms.check();
    await terms.uncheck();
    await expect(terms).toHaveAccessibleDescription("請勾選同意條款");
    await terms.check();
    await expect(terms).not.toHaveAttribute("aria-invalid", "true");
  });

  test("an empty registration marks every required field and goes to the first one", async ({ page }) => {
    await open(page, "/auth/register");
    await page.getByRole("button", { name: "註冊", exact: true }).click();
    const account = page.getByRole("textbox", { name: "帳號" });
    await expect(account).toBeFocused();
    for (const field of [
      account,
      page.getByRole("textbox", { name: "密碼", exact: true }),
      page.getByRole("textbox", { name: "確認密碼" }),
      page.getByRole("textbox", { name: "電子郵件", exact: true }),
      page.getByRole("textbox", { name: "姓名" }),
    ]) {
      await expectMessage(field, required);
    }
    await expect(page.getByRole("checkbox", { name: /我已閱讀並同意/ })).toHaveAccessibleDescription(
      "請勾選同意條款",
    );
    await expect(page.getByRole("textbox", { name: "手機" })).not.toHaveAttribute("aria-invalid", "true");
  });

  test("forgotten-password and new-password forms", async ({ page, request }) => {
    await open(page, "/auth/login");
    await page.getByRole("link", { name: "忘記密碼？" }).click();
    const email = page.getByRole("textbox", { name: "電子郵件", exact: true });
    await expectOnInput(email, "reader@example", "請輸入正確的電子郵件");
    await expectRequired(email);

    // The new-password form is reached from a mail, so a real link is needed.
    const member = await createMember(request);
    await email.fill(member.email);
    await page.getByRole("button", { name: "寄送重設連結" }).click();
    await expect(page.getByRole("status")).toContainText("重設密碼的連結將寄至您的信箱");
    const link = sitePath(linkIn(await waitForMail(request, member.email, "重設"), "/auth/reset-password"));
    await page.goto(link);

    const password = page.getByRole("textbox", { name: "新密碼", exact: true });
    // A page opened from a mail has no loading screen to wait for: type until the page answers.
    await expect(async () => {
      await password.clear();
      await password.pressSequentially("short1A");
      await expectMessage(password, "密碼請填寫 8-16 字，且必須包含「英文大小寫」及「數字」");
    }).toPass();
    await expectRequired(password);
    await expectValid(password, "Renewed2026ok");
    const confirmation = page.getByRole("textbox", { name: "確認新密碼" });
    await expectOnInput(confirmation, "Renewed2026", "密碼驗證不相符");
    await expectRequired(confirmation);
    await expectValid(confirmation, "Renewed2026ok");

    // The link is used elsewhere (another tab) while this page is open: the post is refused, and
    // the page says why, with the way to a new link.
    const token = new URL(link, siteUrl).searchParams.get("token");
    const elsewhere = await request.post("/api/members/reset-password", {
      data: { token, password: "Elsewhere2026ok", password_confirmation: "Elsewhere2026ok" },
    });
    expect(elsewhere.status()).toBe(200);
    await page.getByRole("button", { name: "重設密碼" }).click();
    await expect(
      page.getByRole("main").getByRole("alert").filter({ hasText: "重設密碼連結無效或已過期" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "重新申請重設密碼" })).toBeVisible();
  });

  test("profile and password forms", async ({ page, context, request }) => {
    await signIn(request, context, await createMember(request));
    await open(page, "/member");
    const profile = page.getByRole("region", { name: "編輯會員資料" });
    const name = profile.getByRole("textbox", { name: "姓名" });
    await expectRequired(name);
    await name.fill("林".repeat(51));
    await expectMessage(name, "數值長度不得大於 50");
    await expectValid(name, "林小滿");
    const mobile = profile.getByRole("textbox", { name: "手機" });
    await expectOnInput(mobile, "12345", "請輸入 09 開頭的 10 位數手機號碼");
    await expectValid(mobile, "0912345678");
    const zip = profile.getByRole("textbox", { name: "郵遞區號" });
    await expectOnInput(zip, "10", "請輸入 3、5 或 6 位數的郵遞區號");
    await expectOnInput(zip, "10a", "請輸入 3、5 或 6 位數的郵遞區號");
    await expectValid(zip, "106");
    // 106 names its district: 臺北市大安區 is chosen with it.
    await expect(profile.getByRole("combobox", { name: "鄉鎮市區" })).toHaveText(/大安區/);
    // A postcode of no district, beside a district chosen, is refused as it is typed.
    await expectOnInput(zip, "999", "郵遞區號與鄉鎮市區不符");
    // One of another district chooses that district instead: 220 is 新北市板橋區.
    await zip.fill("220");
    await expect(profile.getByRole("combobox", { name: "縣市" })).toHaveText(/新北市/);
    await expect(profile.getByRole("combobox", { name: "鄉鎮市區" })).toHaveText(/板橋區/);
    await expect(zip).not.toHaveAttribute("aria-invalid", "true");
    const street = profile.getByRole("textbox", { name: "詳細地址" });
    await street.fill("路".repeat(121));
    await expectMessage(street, "數值長度不得大於 120");
    // An address is all four parts or none: the others given, the street may not be left empty.
    await street.fill("");
    await expectMessage(street, required);
    await expectValid(street, "文化路二段 1 號");

    const passwords = page.getByRole("region", { name: "變更密碼" });
    const current = passwords.getByRole("textbox", { name: "目前的密碼" });
    await expectRequired(current);
    await expectValid(current, "whatever");
    const next = passwords.getByRole("textbox", { name: "新密碼", exact: true });
    await expectOnInput(next, "password1", "密碼請填寫 8-16 字，且必須包含「英文大小寫」及「數字」");
    await expectRequired(next);
    await expectValid(next, "Renewed2026ok");
    const confirmation = passwords.getByRole("textbox", { name: "確認新密碼" });
    await expectOnInput(confirmation, "Renewed2026", "密碼驗證不相符");
    await expectRequired(confirmation);
    await expectValid(confirmation, "Renewed2026ok");
  });
});

test.describe("member page", () => {
  test("an edited profile is saved and shown after a reload; a field emptied is cleared", async ({
    page,
    context,
    request,
  }) => {
    await signIn(request, context, await createMember(request));
    await open(page, "/member");
    const form = page.getByRole("region", { name: "編輯會員資料" });
    await form.getByRole("textbox", { name: "姓名" }).fill("林大滿");
    await form.getByRole("textbox", { name: "手機" }).fill("0912345678");
    await chooseDistrict(page, form, "臺北市", "大安區");
    await form.getByRole("textbox", { name: "詳細地址" }).fill("復興南路一段 219 巷 18 號");
    await form.getByRole("button", { name: "儲存會員資料" }).click();
    await expect(form.getByRole("status")).toHaveText("會員資料已更新");
    // The address bar keeps the page's own address, not React Router's /member?index.
    await expect(page).toHaveURL(`${siteUrl}/member`);

    await page.reload();
    const card = page.getByRole("region", { name: "基本資料" });
    await expect(card).toContainText("林大滿");
    await expect(card).toContainText("0912345678");
    await expect(card).toContainText("106 臺北市大安區復興南路一段 219 巷 18 號");
    await expect(form.getByRole("textbox", { name: "詳細地址" })).toHaveValue("復興南路一段 219 巷 18 號");
    await expect(page.getByRole("banner").getByRole("link", { name: /會員專區：\s*林大滿/ })).toBeVisible();

    // A send refused in the browser takes the last one's 會員資料已更新 away with it.
    await form.getByRole("textbox", { name: "手機" }).fill("12345");
    await form.getByRole("button", { name: "儲存會員資料" }).click();
    await expect(form.getByRole("textbox", { name: "手機" })).toBeFocused();
    await expect(form.getByRole("status")).toHaveText("");

    await form.getByRole("textbox", { name: "手機" }).clear();
    await form.getByRole("button", { name: "儲存會員資料" }).click();
    await expect(form.getByRole("status")).toHaveText("會員資料已更新");
    await expect(card.getByRole("definition").filter({ hasText: "未填寫" })).toHaveCount(1);
    await expect(card).not.toContainText("0912345678");

    // The lists cannot be emptied by hand: 清除地址 empties all four parts, and the address goes.
    await form.getByRole("button", { name: "清除地址" }).click();
    await expect(form.getByRole("combobox", { name: "縣市" })).toHaveText(/請選擇縣市/);
    await expect(form.getByRole("textbox", { name: "詳細地址" })).toHaveValue("");
    await form.getByRole("button", { name: "儲存會員資料" }).click();
    await expect(form.getByRole("status")).toHaveText("會員資料已更新");
    await expect(card.getByRole("definition").filter({ hasText: "未填寫" })).toHaveCount(2);
    await expect(card).not.toContainText("復興南路");
  });

  test("a name and an address of the longest allowed, unbroken, keep the page within a phone's width", async ({
    page,
    context,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(request, context, await createMember(request));
    await open(page, "/member");
    const form = page.getByRole("region", { name: "編輯會員資料" });
    await form.getByRole("textbox", { name: "姓名" }).fill("W".repeat(50));
    await chooseDistrict(page, form, "臺北市", "大安區");
    await form.getByRole("textbox", { name: "詳細地址" }).fill("x".repeat(120));
    await form.getByRole("button", { name: "儲存會員資料" }).click();
    await expect(form.getByRole("status")).toHaveText("會員資料已更新");
    await page.reload();
    await expect(page.getByRole("region", { name: "基本資料" })).toContainText("W".repeat(50));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    // At 375 px the member's link is its icon alone, centred as the cart's and the search's are.
    await page.evaluate(() => window.scrollTo(0, 0));
    const memberLink = page.getByRole("banner").getByRole("link", { name: /會員專區/ });
    const [link, icon] = await Promise.all([
      memberLink.boundingBox(),
      memberLink.locator("svg").boundingBox(),
    ]);
    expect(Math.abs(link!.x + link!.width / 2 - (icon!.x + icon!.width / 2))).toBeLessThan(1);
    // The header shows the name, cut short, at every width that has room for it.
    for (const width of [576, 1280, 1440, 1600]) {
      await page.setViewportSize({ width, height: 812 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${width} px`).toBe(0);
      await expect(page.getByRole("banner").getByRole("link", { name: /購物車/ })).toBeInViewport();
    }
  });

  test("changing the password needs the current one", async ({ page, context, request }) => {
    const member = await createMember(request);
    await signIn(request, context, member);
    await open(page, "/member");
    const form = page.getByRole("region", { name: "變更密碼" });
    const current = form.getByRole("textbox", { name: "目前的密碼" });
    await current.fill("Wrong2026ok");
    await form.getByRole("textbox", { name: "新密碼", exact: true }).fill("Renewed2026ok");
    await form.getByRole("textbox", { name: "確認新密碼" }).fill("Renewed2026ok");
    await form.getByRole("button", { name: "變更密碼" }).click();
    await expectMessage(current, "目前的密碼不正確");
    await expect(current).toBeFocused();

    await current.fill(member.password);
    await form.getByRole("button", { name: "變更密碼" }).click();
    await expect(form.getByRole("status")).toHaveText("密碼已更新");
    await expect(current).toHaveValue("");
    // The refusal before is gone with it.
    await expect(form.getByText("目前的密碼不正確")).toHaveCount(0);
    await expect(current).not.toHaveAttribute("aria-invalid", "true");

    // Still signed in here; the new password is the one that logs in now.
    await page.getByRole("button", { name: "登出", exact: true }).click();
    await open(page, "/auth/login");
    await logIn(page, member.account, "Renewed2026ok");
    await expect(page).toHaveURL(`${siteUrl}/member`);
  });

  test("a new address is used once its mailbox confirms it; the old one is told, and its links die", async ({
    page,
    context,
    request,
  }) => {
    const member = await createMember(request);
    await signIn(request, context, member);
    await open(page, "/member");
    const section = page.getByRole("region", { name: "變更電子郵件" });
    const email = section.getByRole("textbox", { name: "新的電子郵件" });
    const current = section.getByRole("textbox", { name: "目前的密碼" });
    const send = section.getByRole("button", { name: "寄送確認信" });

    await email.fill(member.email.toUpperCase());
    await current.fill(member.password);
    await send.click();
    await expectMessage(email, "這是您目前使用的電子郵件");

    const next = newMember().email;
    await email.fill(next);
    await current.fill("Wrong2026ok");
    await send.click();
    await expectMessage(current, "目前的密碼不正確");
    await expect(email).toHaveValue(next);

    await current.fill(member.password);
    await send.click();
    await expect(section.getByRole("status").first()).toContainText(
      "確認信已寄至新的電子郵件，請在 24 小時內開啟信中的連結並確認變更",
    );
    await expect(section.getByText(`信已寄至 ${next}`)).toBeVisible();
    // Nothing has moved yet; the page, opened again, says what waits for confirmation.
    await expect(page.getByRole("region", { name: "基本資料" })).toContainText(member.email);
    await open(page, "/member");
    await expect(section.getByRole("status")).toContainText(`等待確認：確認信已寄至 ${next}`);

    const link = sitePath(
      linkIn(await waitForMail(request, next, "確認您的新電子郵件"), "/auth/confirm-email"),
    );
    await open(page, link);
    await expect(page.getByRole("heading", { level: 1, name: "確認新的電子郵件" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(`您的會員帳號將改用${next}：之後請以它登入`);
    const axe = await blockingViolations(page);
    expect(axe.ids, axe.report).toEqual([]);
    await page.getByRole("button", { name: "確認變更" }).click();
    await expect(page).toHaveURL(`${siteUrl}/member?done=email`);
    await expect(
      page.getByRole("status").filter({ hasText: "電子郵件已變更，之後請以新的電子郵件登入" }),
    ).toBeVisible();
    const profile = page.getByRole("region", { name: "基本資料" });
    await expect(profile).toContainText(next);
    await expect(profile).toContainText("已驗證");
    await waitForMail(request, member.email, "您的食藝誌會員電子郵件已變更");

    // The link worked once.
    await open(page, link);
    await expect(page.getByText("變更電子郵件的確認連結無效或已過期，請回到會員中心重新申請")).toBeVisible();

    // The new address signs in; the old one no longer does.
    await open(page, "/member");
    await page.getByRole("button", { name: "登出", exact: true }).click();
    await open(page, "/auth/login");
    await logIn(page, member.email, member.password);
    await expect(page.getByText("帳號或密碼錯誤").first()).toBeVisible();
    await logIn(page, next, member.password);
    await expect(page).toHaveURL(`${siteUrl}/member`);
  });

  test("signing out of all devices asks first, then ends every session", async ({
    page,
    context,
    browser,
    request,
  }) => {
    const member = await createMember(request);
    await signIn(request, context, member);
    const elsewhere = await browser.newContext({ userAgent });
    await signIn(request, elsewhere, member);

    await open(page, "/member");
    await page.getByRole("button", { name: "登出所有裝置" }).click();
    const dialog = page.getByRole("alertdialog", { name: "登出所有裝置" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "取消" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`${siteUrl}/member`);

    await page.getByRole("button", { name: "登出所有裝置" }).click();
    await dialog.getByRole("button", { name: "登出所有裝置" }).click();
    await expect(page).toHaveURL(`${siteUrl}/auth/login?done=logout-all`);
    await expect(page.getByRole("status").filter({ hasText: "已登出所有裝置" })).toBeVisible();
    await expect(headerLoginLink(page)).toBeVisible();

    const other = await elsewhere.newPage();
    await other.goto(`${siteUrl}/member`);
    await expect(other).toHaveURL(/\/auth\/login\?redirect=%2Fmember$/);
    await elsewhere.close();
  });

  test("deleting the account needs the password and a second yes, then signs out and mails a notice", async ({
    page,
    context,
    request,
  }) => {
    const member = await createMember(request);
    await signIn(request, context, member);
    await open(page, "/member");
    const section = page.getByRole("region", { name: "刪除帳號" });
    const password = section.getByRole("textbox", { name: "目前的密碼" });

    // A wrong password is refused on the field, and nothing is deleted.
    await password.fill("Wrong2026ok");
    await section.getByRole("button", { name: "刪除帳號" }).click();
    const dialog = page.getByRole("alertdialog", { name: "刪除帳號" });
    await dialog.getByRole("button", { name: "刪除帳號" }).click();
    await expectMessage(password, "目前的密碼不正確");
    await expect(password).toBeFocused();

    // Asked again, and 取消 keeps everything.
    await password.fill(member.password);
    await section.getByRole("button", { name: "刪除帳號" }).click();
    await dialog.getByRole("button", { name: "取消" }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole("button", { name: "刪除帳號" })).toBeVisible();

    await section.getByRole("button", { name: "刪除帳號" }).click();
    await dialog.getByRole("button", { name: "刪除帳號" }).click();
    await expect(page).toHaveURL(`${siteUrl}/auth/login?done=deleted`);
    await expect(
      page.getByRole("status").filter({ hasText: "您的帳號已刪除，感謝您曾經的支持" }),
    ).toBeVisible();
    await expect(headerLoginLink(page)).toBeVisible();
    await waitForMail(request, member.email, "您的食藝誌會員帳號已刪除");

    await logIn(page, member.account, member.password);
    await expect(page.getByText("帳號或密碼錯誤").first()).toBeVisible();
    await page.goto(`${siteUrl}/member`);
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fmember$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused login keeps the account but not the password; the next one goes where the reader wanted", async ({
    page,
    request,
  }) => {
    const member = await createMember(request);
    await page.goto("/auth/login?redirect=%2Fmember%2Fsupport-us");
    await logIn(page, member.account, "Wrong2026ok");
    await expectMessage(accountField(page), "帳號或密碼錯誤");
    await expect(accountField(page)).toHaveValue(member.account);
    await expect(passwordField(page)).toHaveValue("");

    await logIn(page, member.account, member.password);
    await expect(page).toHaveURL(`${siteUrl}/member/support-us`);
    await expect(page.getByText("目前沒有捐款紀錄")).toBeVisible();
  });

  test("a saved profile is shown as saved on the page that answers the form", async ({
    page,
    context,
    request,
  }) => {
    await signIn(request, context, await createMember(request));
    await page.goto("/member");
    const form = page.getByRole("region", { name: "編輯會員資料" });
    await form.getByRole("textbox", { name: "姓名" }).fill("林小滿");
    await form.getByRole("textbox", { name: "手機" }).fill("0987654321");
    // 大安區 is a district of 臺中市 too: the list shows the one of the 縣市 chosen.
    await form.getByRole("combobox", { name: "縣市" }).selectOption("臺北市");
    await form.getByRole("combobox", { name: "鄉鎮市區" }).selectOption({ label: "臺北市 大安區" });
    await form.getByRole("textbox", { name: "郵遞區號" }).fill("106");
    await form.getByRole("textbox", { name: "詳細地址" }).fill("復興南路一段 219 巷 18 號");
    await form.getByRole("button", { name: "儲存會員資料" }).click();
    await expect(form.getByText("會員資料已更新")).toBeVisible();
    const card = page.getByRole("region", { name: "基本資料" });
    await expect(card).toContainText("林小滿");
    await expect(card).toContainText("0987654321");
    await page.goto("/member");
    const district = page
      .getByRole("region", { name: "編輯會員資料" })
      .getByRole("combobox", { name: "鄉鎮市區" });
    await expect(district.locator("option:checked")).toHaveText("臺北市 大安區");
  });

  test("an invalid registration comes back with its messages and what was typed, passwords left out", async ({
    page,
  }) => {
    const member = newMember();
    await page.goto("/auth/register");
    await fillRegistration(page, { ...member, email: "reader@" });
    const reply = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "註冊", exact: true }).click();
    expect((await reply).status()).toBe(422);
    const email = page.getByRole("textbox", { name: "電子郵件", exact: true });
    await expectMessage(email, "請輸入正確的電子郵件");
    await expect(email).toBeFocused();
    await expect(email).toHaveValue("reader@");
    await expect(page.getByRole("textbox", { name: "帳號" })).toHaveValue(member.account);
    await expect(page.getByRole("textbox", { name: "密碼", exact: true })).toHaveValue("");
    await expect(page.getByRole("checkbox", { name: /我已閱讀並同意/ })).toBeChecked();
  });
});

test.describe("accessibility", () => {
  test("login, registration and member pages have no serious or critical violations", async ({
    page,
    context,
    request,
  }) => {
    test.slow(); // six axe runs
    const member = await createMember(request);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/auth/login", "/auth/register"]) {
        await open(page, path);
        const result = await blockingViolations(page);
        expect(result.ids, `${path} at ${width} px:\n${result.report}`).toEqual([]);
      }
    }
    await signIn(request, context, member);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, "/member");
      const result = await blockingViolations(page);
      expect(result.ids, `/member at ${width} px:\n${result.report}`).toEqual([]);
    }
  });
});
