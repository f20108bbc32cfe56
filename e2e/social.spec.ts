import { expect, test, type Page } from "@playwright/test";
import { siteUrl } from "./support/servers.ts";
import { createMember, linkIn, newMember, testAddress, waitForMail } from "./support/members.ts";

/** Where a social sign-in lands: /auth with its status, and where to go on. */
const signedInPage = /\/auth\?status=1(?:&redirect=[^&]+)?$/;

/*
 * Social login (issue: Google, Facebook and LINE through arctic). With no provider keys set, the
 * local OAuth provider at /_oauth stands in for all three, behind the same code that talks to the
 * real ones; the browser goes the whole way: login page → provider → API callback → /auth → member.
 */

const providers = [
  { key: "google", name: "Google" },
  { key: "facebook", name: "Facebook" },
  { key: "line", name: "LINE" },
] as const;

for (const provider of providers) {
  test(`signing in with ${provider.name} creates the member and signs them in`, async ({ page }) => {
    const person = newMember();
    await page.goto("/auth/login");
    await page.getByRole("link", { name: `使用 ${provider.name} 登入` }).click();

    await expect(page.getByRole("heading", { level: 1 })).toContainText(provider.name);
    await page.getByLabel("電子郵件", { exact: true }).fill(person.email);
    await page.getByLabel("名稱（選填）").fill(person.name);
    await page.getByRole("button", { name: "允許" }).click();

    // The tokens arrive in the address, are stored in cookies, and leave the address at once.
    await expect(page).toHaveURL(signedInPage);
    await expect(page.getByText(`歡迎，${person.name}`)).toBeVisible();
    const cookies = await page.context().cookies(siteUrl);
    expect(cookies.find((cookie) => cookie.name === "shiyi_at")?.httpOnly).toBe(true);

    await page.getByRole("link", { name: "前往會員中心" }).click();
    await expect(page).toHaveURL(`${siteUrl}/member`);
    await expect(page.getByText(person.email).first()).toBeVisible();
  });
}

test("a social login from the cart with lines in it leads back to the cart, after the lines merge", async ({
  page,
  request,
}) => {
  const magazines = (await (await request.get("/api/magazines?limit=20")).json()) as {
    data: { id: number; stock: number }[];
  };
  const issue = magazines.data.find((item) => item.stock > 5)!;
  await page.addInitScript((itemId) => {
    if (!window.sessionStorage.getItem("seeded")) {
      const line = { id: "e2e-social", item_id: itemId, type: "magazine", sku: [], quantity: 1 };
      window.localStorage.setItem("shiyi_cart", JSON.stringify([line]));
      window.sessionStorage.setItem("seeded", "1");
    }
  }, issue.id);
  const person = newMember();
  await page.goto(`/auth/login?redirect=${encodeURIComponent("/cart")}`);
  await page.getByRole("link", { name: "使用 LINE 登入" }).click();
  await page.getByLabel("電子郵件", { exact: true }).fill(person.email);
  await page.getByRole("button", { name: "允許" }).click();
  await expect(page).toHaveURL(signedInPage);
  // The local line went into the member's cart (which loads the page's data again).
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("shiyi_cart"))).toBeNull();
  await page.getByRole("link", { name: "繼續瀏覽" }).click();
  await expect(page).toHaveURL(`${siteUrl}/cart`);
});

test("a social login from a login page asked to lead back goes back there", async ({ page }) => {
  const person = newMember();
  await page.goto(`/auth/login?redirect=${encodeURIComponent("/support-us")}`);
  await page.getByRole("link", { name: "使用 LINE 登入" }).click();
  await page.getByLabel("電子郵件", { exact: true }).fill(person.email);
  await page.getByRole("button", { name: "允許" }).click();
  await expect(page).toHaveURL(signedInPage);
  await page.getByRole("link", { name: "繼續瀏覽" }).click();
  await expect(page).toHaveURL(`${siteUrl}/support-us`);
});

test("a social login cancelled at the provider comes back to /auth saying so", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "使用 Google 登入" }).click();
  await page.getByRole("button", { name: "取消" }).click();
  await expect(page).toHaveURL(/\/auth\?status=0&msg=/);
  await expect(page.getByRole("heading", { level: 1, name: "已取消登入" })).toBeVisible();
  await expect(page.getByText("您已取消社群登入，可改用其他方式登入")).toBeVisible();
  await page.getByRole("link", { name: "回到會員登入" }).click();
  await expect(page).toHaveURL(`${siteUrl}/auth/login`);
});

test("/auth without a status goes to the login page", async ({ page }) => {
  await page.goto("/auth");
  await expect(page).toHaveURL(`${siteUrl}/auth/login`);
});

test("a crafted /auth link with someone's tokens signs nobody in (the sign-in began elsewhere)", async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  const login = await request.post("/api/members/login", {
    headers: { accept: "application/json", "x-forwarded-for": testAddress() },
    data: { account: member.email, password: member.password },
  });
  const tokens = (await login.json()) as { access_token: string; refresh_token: string };
  await page.goto(`/auth?status=1&token=${tokens.access_token}&refresh_token=${tokens.refresh_token}`);
  await expect(page).toHaveURL(/\/auth\?status=0$/);
  await expect(page.getByRole("heading", { name: "登入失敗", level: 1 })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "登入" })).toBeVisible();
});

/** Signs in through the local LINE stand-in as `person`, with the address LINE gives unconfirmed. */
async function signInWithUnconfirmedLine(page: Page, person: { email: string; name: string }) {
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "使用 LINE 登入" }).click();
  await page.getByLabel("電子郵件", { exact: true }).fill(person.email);
  await page.getByLabel("名稱（選填）").fill(person.name);
  // The address as LINE gives it when it has not confirmed it.
  await page.getByLabel("電子郵件已驗證").uncheck();
  await page.getByRole("button", { name: "允許" }).click();
  await expect(page).toHaveURL(signedInPage);
}

test("a member who joined with LINE confirms the address from the member page, and still signs in with LINE", async ({
  page,
  context,
  request,
}) => {
  const person = newMember();
  const signInWithLine = async () => {
    await signInWithUnconfirmedLine(page, person);
    await expect(page.getByText(`歡迎，${person.name}`)).toBeVisible();
  };
  await signInWithLine();

  // LINE vouches for no address: the member page offers to confirm it.
  await page.goto("/member");
  const profile = page.getByRole("region", { name: "基本資料" });
  await expect(profile).toContainText("未驗證");
  await profile.getByRole("button", { name: "寄送驗證信" }).click();
  await expect(profile.getByRole("status")).toContainText("驗證信已寄出，請至信箱點擊連結完成驗證");

  // Another tab still offers to send one.
  const stale = await context.newPage();
  await stale.goto("/member");
  const staleButton = stale
    .getByRole("region", { name: "基本資料" })
    .getByRole("button", { name: "寄送驗證信" });
  await expect(staleButton).toBeVisible();

  // The link, opened in this browser, confirms the address and keeps the LINE sign-in.
  const link = new URL(linkIn(await waitForMail(request, person.email, "驗證"), "/auth/confirmation"));
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "啟用帳號" }).click();
  await expect(page).toHaveURL(`${siteUrl}/member?welcome=1`);
  await expect(profile).toContainText("已驗證");
  await expect(profile).toContainText("LINE");
  await expect(profile.getByRole("button", { name: "寄送驗證信" })).toHaveCount(0);
  // Pressed in the other tab now, it sends nothing and says why; that tab then shows it confirmed.
  await staleButton.click();
  await expect(stale.getByRole("region", { name: "通知" })).toContainText(
    "您的電子郵件已完成驗證，不需要再寄送驗證信",
  );
  await expect(stale.getByRole("region", { name: "基本資料" })).toContainText("已驗證");
  await stale.close();

  await page.getByRole("button", { name: "登出", exact: true }).click();
  await expect(page).toHaveURL(`${siteUrl}/`);
  await signInWithLine();
});

test("a member signed in with LINE who asks for the mail again on the resend page still keeps LINE", async ({
  page,
  request,
}) => {
  const person = newMember();
  await signInWithUnconfirmedLine(page, person);

  // As after an expired link: the page that sends the mail again, used while signed in.
  await page.goto("/auth/confirmation");
  await page.getByRole("textbox", { name: "電子郵件", exact: true }).fill(person.email);
  await page.getByRole("button", { name: "重新寄送驗證信" }).click();
  await expect(page).toHaveURL(`${siteUrl}/auth/confirmation?sent=1`);
  const link = new URL(linkIn(await waitForMail(request, person.email, "驗證"), "/auth/confirmation"));
  await page.goto(link.pathname + link.search);
  await expect(page.getByText("啟用後會直接為您登入")).toBeVisible();
  await page.getByRole("button", { name: "啟用帳號" }).click();
  await expect(page).toHaveURL(`${siteUrl}/member?welcome=1`);
  const profile = page.getByRole("region", { name: "基本資料" });
  await expect(profile).toContainText("已驗證");
  await expect(profile).toContainText("LINE");
});

test("a member who joined with LINE corrects a mistyped address, confirms the new one, and keeps LINE", async ({
  page,
  request,
}) => {
  const person = newMember();
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "使用 LINE 登入" }).click();
  await page.getByLabel("電子郵件", { exact: true }).fill(person.email);
  await page.getByLabel("電子郵件已驗證").uncheck();
  await page.getByRole("button", { name: "允許" }).click();
  await expect(page).toHaveURL(signedInPage);

  await page.goto("/member");
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  const section = page.getByRole("region", { name: "變更電子郵件" });
  // Never confirmed, and no password: the address is corrected at once.
  await expect(section.getByRole("textbox", { name: "目前的密碼" })).toHaveCount(0);
  const corrected = newMember().email;
  await section.getByRole("textbox", { name: "新的電子郵件" }).fill(corrected);
  await section.getByRole("button", { name: "更正電子郵件" }).click();
  await expect(section.getByText("電子郵件已更新，驗證信已寄至新的電子郵件")).toBeVisible();
  const profile = page.getByRole("region", { name: "基本資料" });
  await expect(profile).toContainText(corrected);
  await expect(profile).toContainText("未驗證");

  // The verification mail went to the new address; opened in this browser, it keeps LINE.
  const link = new URL(linkIn(await waitForMail(request, corrected, "驗證"), "/auth/confirmation"));
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "啟用帳號" }).click();
  await expect(page).toHaveURL(`${siteUrl}/member?welcome=1`);
  await expect(profile).toContainText(corrected);
  await expect(profile).toContainText("已驗證");
  await expect(profile).toContainText("LINE");
});

test("a member who joined with LINE deletes the account through a mailed link, which signs this browser out", async ({
  page,
  request,
}) => {
  const person = newMember();
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "使用 LINE 登入" }).click();
  await page.getByLabel("電子郵件", { exact: true }).fill(person.email);
  await page.getByRole("button", { name: "允許" }).click();
  await expect(page).toHaveURL(signedInPage);

  await page.goto("/member");
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  const section = page.getByRole("region", { name: "刪除帳號" });
  // No password to type: the mailbox confirms it.
  await expect(section.getByRole("textbox")).toHaveCount(0);
  await section.getByRole("button", { name: "寄送刪除確認信" }).click();
  await expect(
    section.getByText("確認信已寄至您的電子郵件，請在一小時內點擊信中的連結完成刪除"),
  ).toBeVisible();
  // Still a member until the link is followed and its button pressed.
  await page.reload();
  await expect(page.getByRole("region", { name: "刪除帳號" })).toBeVisible();

  const mail = await waitForMail(request, person.email, "確認刪除您的食藝誌會員帳號");
  const link = new URL(linkIn(mail, "/auth/delete-account"));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("確認刪除帳號");
  await page.getByRole("button", { name: "刪除帳號" }).click();
  await expect(page).toHaveURL(`${siteUrl}/auth/login?done=deleted`);
  await expect(
    page.getByRole("status").filter({ hasText: "您的帳號已刪除，感謝您曾經的支持" }),
  ).toBeVisible();
  await expect(page.getByRole("dialog", { name: "請重新登入" })).toHaveCount(0);
  await waitForMail(request, person.email, "您的食藝誌會員帳號已刪除");

  // The link is used up.
  await page.goto(link.pathname + link.search);
  await expect(page.getByText("刪除帳號的確認連結無效或已過期，請回到會員中心重新申請")).toBeVisible();
  await page.goto("/member");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fmember$/);
});
