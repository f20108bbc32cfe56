import { expect, test, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "./support/members.ts";

// A desktop browser's user agent: the headless one counts as a bot (SPEC §2's bot rule).
test.use({
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
});

const replies = {
  pending: "感謝訂閱！確認信已寄至您的信箱，請點選信中的連結完成訂閱。",
  confirmed: "訂閱完成，感謝您訂閱食藝誌電子報！",
  unsubscribed: "已取消訂閱，您將不再收到食藝誌電子報。",
};
const subject = "請確認訂閱食藝誌電子報";

const uniqueEmail = () => `subscriber-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

// Each test a reader of its own address, so the API's per-address limits never collide.
test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.${octet()}.${octet()}` });
});

const footerForm = (page: Page) => page.getByRole("contentinfo").getByRole("form", { name: "訂閱電子報" });

test("the footer's form the server wrote is the one its code takes over, however late the code comes", async ({
  page,
}) => {
  // The form's code is its own file, loaded after the page's: held back here until the page is up.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/newsletter-form-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const email = uniqueEmail();
  await page.goto("/about");
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  const form = footerForm(page);
  const field = form.getByRole("textbox", { name: "電子報訂閱信箱" });
  // Still the server's form, typed into before its code came (the page's own re-renders left it).
  await expect(field).toBeVisible();
  await field.evaluate((input) => input.setAttribute("data-written-by", "server"));
  await field.fill(email);
  release();
  // Taken over once React has hydrated it: the same element, now React's.
  await expect
    .poll(() => field.evaluate((input) => Object.keys(input).some((key) => key.startsWith("__reactFiber"))))
    .toBe(true);
  await form.getByRole("button", { name: "訂閱", exact: true }).click();
  await expect(form.getByText(replies.pending)).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
  await expect(field).toHaveAttribute("data-written-by", "server");
});

test("subscribe in the footer, confirm through the mailed link, unsubscribe through it", async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  await page.goto("/about");
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  const form = footerForm(page);
  await form.getByRole("textbox", { name: "電子報訂閱信箱" }).fill(email);
  await form.getByRole("button", { name: "訂閱", exact: true }).click();
  // Answered in place: a line under the form (said once, not echoed by a toast); the page stays.
  await expect(form.getByText(replies.pending)).toBeVisible();
  await expect(page.getByText(replies.pending)).toHaveCount(1);
  await expect(page).toHaveURL(/\/about$/);
  await expect(form.getByRole("textbox", { name: "電子報訂閱信箱" })).toHaveValue("");

  const mail = await waitForMail(request, email, subject);
  // The links carry the reader's token: no cache may keep their pages.
  for (const path of ["/newsletter/confirm", "/newsletter/unsubscribe"]) {
    const fetched = await request.get(linkIn(mail, path));
    expect(fetched.headers()["cache-control"], path).toBe("private, no-store");
  }
  // Opening the link changes nothing (mail scanners fetch links): the button confirms.
  await page.goto(linkIn(mail, "/newsletter/confirm"));
  await expect(page.getByRole("heading", { name: "確認訂閱電子報" })).toBeVisible();
  await page.getByRole("button", { name: "確認訂閱" }).click();
  await expect(page.getByRole("status").filter({ hasText: replies.confirmed })).toBeVisible();

  await page.goto(linkIn(mail, "/newsletter/unsubscribe"));
  await expect(page.getByRole("heading", { name: "取消訂閱電子報" })).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "取消訂閱" }).click();
  await expect(page.getByRole("status").filter({ hasText: replies.unsubscribed })).toBeVisible();

  // The confirmation link no longer subscribes the reader again.
  await page.goto(linkIn(mail, "/newsletter/confirm"));
  await page.getByRole("button", { name: "確認訂閱" }).click();
  await expect(
    page.getByRole("main").getByRole("alert").filter({ hasText: "確認連結無效或已過期" }),
  ).toBeVisible();
});

test("a wrong address is refused in the footer with the site's message, and no mail is sent", async ({
  page,
}) => {
  await page.goto("/about");
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  const form = footerForm(page);
  const field = form.getByRole("textbox", { name: "電子報訂閱信箱" });
  const send = form.getByRole("button", { name: "訂閱", exact: true });
  // Empty: said at once, and the field takes the focus to be filled in.
  await send.click();
  await expect(field).toHaveAccessibleDescription("此項為必填");
  await expect(field).toBeFocused();
  await field.fill("reader@");
  await send.click();
  await expect(field).toHaveAccessibleDescription("請輸入正確的電子郵件");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();
  // One the browser takes but the site's rule does not (no domain suffix): the server says so.
  await field.fill("reader@example");
  const reply = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes("/newsletter"),
  );
  await send.click();
  expect((await reply).status()).toBe(422);
  await expect(field).toHaveAccessibleDescription("請輸入正確的電子郵件");
  await expect(field).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer's form answers as a page; mail clients unsubscribe in one click (RFC 8058)", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail();
    await page.goto("/about");
    const form = footerForm(page);
    await form.getByRole("textbox", { name: "電子報訂閱信箱" }).fill(email);
    await form.getByRole("button", { name: "訂閱", exact: true }).click();
    // Answered with a redirect, so a reload shows the same page without mailing again.
    await expect(page).toHaveURL(/\/newsletter\?sent=1$/);
    await expect(page.getByRole("status").filter({ hasText: replies.pending })).toBeVisible();
    const mail = await waitForMail(request, email, subject);
    const reloaded = page.waitForRequest((sent) => sent.isNavigationRequest());
    await page.reload();
    expect((await reloaded).method()).toBe("GET");
    await expect(page.getByRole("status").filter({ hasText: replies.pending })).toBeVisible();
    await expect(page.getByRole("link", { name: "重新訂閱" })).toHaveAttribute("href", "/newsletter");

    await page.goto(linkIn(mail, "/newsletter/confirm"));
    await page.getByRole("button", { name: "確認訂閱" }).click();
    await expect(page.getByRole("status").filter({ hasText: replies.confirmed })).toBeVisible();

    // What a mail client's own button does: a POST of List-Unsubscribe=One-Click to the header's address.
    const caught = (await (await request.get(`/_mail/api/messages/${mail.id}`)).json()) as {
      data: { headers: Record<string, string> };
    };
    expect(caught.data.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const target = caught.data.headers["list-unsubscribe"]!.replace(/^<|>$/g, "");
    expect(target).toBe(linkIn(mail, "/newsletter/unsubscribe"));
    const oneClick = await request.post(target, { form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.text()).toContain(replies.unsubscribed);
  });
});
