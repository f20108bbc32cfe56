import { expect, test, type Page } from "@playwright/test";
import { blockingViolations } from "./support/axe.ts";
import { chooseOption } from "./support/select.ts";

// A desktop browser's user agent: the headless one counts as a bot (SPEC §2's bot rule).
test.use({
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
  // A phone: the form sits below the contact details, well out of the first view.
  viewport: { width: 375, height: 740 },
});

const required = "此項為必填";
const sentMessage = "感謝您的來信，我們會盡快回覆。";

/** An e-mail address no other test (or earlier run against a kept server) has used. */
const uniqueEmail = () => `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

// Each test is a reader of its own: a proxy on this host says which address it serves (the API's
// rate limits count per address), so tests do not use up each other's allowance.
test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.${octet()}.${octet()}` });
});

const topic = (page: Page) => page.getByRole("combobox", { name: "來信主旨" });
const nameField = (page: Page) => page.getByRole("textbox", { name: "姓名" });
const email = (page: Page) => page.getByRole("textbox", { name: "電子郵件" });
const mobile = (page: Page) => page.getByRole("textbox", { name: "手機" });
const message = (page: Page) => page.getByRole("textbox", { name: "留言內容" });
const terms = (page: Page) => page.getByRole("checkbox", { name: /我已閱讀並同意/ });
const submit = (page: Page) => page.getByRole("button", { name: "送出留言" });

/** Opens the contact page; with JavaScript, waits until the app has started (the loading screen is gone). */
async function openContact(page: Page) {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "線上留言" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
}

/**
 * Chooses a topic: with JavaScript the shared Select (a button and a list box), without it the
 * native select the server renders in its place.
 */
async function chooseTopic(page: Page, label: string) {
  if (await topic(page).evaluate((element) => element instanceof HTMLSelectElement)) {
    await topic(page).selectOption({ label });
  } else {
    await chooseOption(topic(page), label);
  }
}

async function fillValid(page: Page, address: string) {
  await chooseTopic(page, "內容勘誤");
  await nameField(page).fill("王小明");
  await email(page).fill(address);
  await mobile(page).fill("0912345678");
  await message(page).fill("第 12 期第 34 頁的店名有誤，應為「山海樓」。");
  await terms(page).check();
}

/** Every required field says 此項為必填 (the terms their own rule), each tied to its field. */
async function expectEmptyFormErrors(page: Page) {
  await expect(topic(page)).toHaveAccessibleDescription(required);
  await expect(nameField(page)).toHaveAccessibleDescription(required);
  await expect(email(page)).toHaveAccessibleDescription(required);
  await expect(message(page)).toHaveAccessibleDescription(new RegExp(`^${required}`));
  await expect(terms(page)).toHaveAccessibleDescription("請勾選同意條款");
  for (const field of [topic, nameField, email, message, terms]) {
    await expect(field(page)).toHaveAttribute("aria-invalid", "true");
  }
  await expect(mobile(page)).not.toHaveAttribute("aria-invalid", "true");
}

async function expectSent(page: Page) {
  await expect(page).toHaveURL(/\/contact\?sent=1#contact-form$/);
  const status = page.getByRole("status").filter({ hasText: sentMessage });
  await expect(status).toBeVisible();
  await expect(status).toBeInViewport();
  await expect(submit(page)).toHaveCount(0);
}

test.describe("contact form with JavaScript", () => {
  test("shows 請輸入正確的電子郵件 while an address is typed, before the field is left", async ({ page }) => {
    await openContact(page);
    await email(page).pressSequentially("reader@exa");
    await expect(email(page)).toBeFocused();
    await expect(email(page)).toHaveAccessibleDescription("請輸入正確的電子郵件");
    await expect(page.getByText("請輸入正確的電子郵件")).toBeVisible();
    await email(page).pressSequentially("mple.com");
    await expect(email(page)).toBeFocused();
    await expect(page.getByText("請輸入正確的電子郵件")).toHaveCount(0);
    await expect(email(page)).not.toHaveAttribute("aria-invalid", "true");
  });

  test("an empty submit marks every required field and goes to the first one", async ({ page }) => {
    await openContact(page);
    await submit(page).scrollIntoViewIfNeeded();
    await expect(topic(page)).not.toBeInViewport();
    await submit(page).click();
    await expect(topic(page)).toBeFocused();
    await expect(topic(page)).toBeInViewport();
    await expect(page.getByText("來信主旨")).toBeInViewport();
    await expectEmptyFormErrors(page);
    // The errors go away as the fields are put right.
    await nameField(page).fill("王小明");
    await expect(nameField(page)).not.toHaveAttribute("aria-invalid", "true");
  });

  test("goes to the first field in error, not the first field", async ({ page }) => {
    await openContact(page);
    await fillValid(page, "reader@");
    await submit(page).click();
    await expect(email(page)).toBeFocused();
    await expect(email(page)).toBeInViewport();
    await expect(email(page)).toHaveAccessibleDescription("請輸入正確的電子郵件");
    await expect(topic(page)).not.toHaveAttribute("aria-invalid", "true");
  });

  test("sends a message and says thank you where the form was", async ({ page }) => {
    await openContact(page);
    await fillValid(page, uniqueEmail());
    await submit(page).click();
    await expectSent(page);
    await page.getByRole("link", { name: "再寫一封信" }).click();
    await expect(topic(page)).toHaveText(/請選擇/);
    await expect(nameField(page)).toHaveValue("");
  });

  test("tells the sender in a danger toast when the API refuses more messages (rate limit)", async ({
    page,
  }) => {
    test.slow(); // six messages through the whole form
    const address = uniqueEmail();
    await openContact(page);
    for (let sent = 0; sent < 5; sent += 1) {
      await fillValid(page, address);
      await submit(page).click();
      await expectSent(page);
      await page.getByRole("link", { name: "再寫一封信" }).click();
    }
    await fillValid(page, address);
    await submit(page).click();
    // SPEC §8: a 429 is a danger toast only; the form does not repeat it.
    const toast = page.getByRole("region", { name: "通知" }).getByText("送出次數過多，請稍後再試");
    await expect(toast).toBeVisible();
    await expect(page.locator("#contact form, form").getByText("送出次數過多，請稍後再試")).toHaveCount(0);
    // Nothing typed or chosen is lost.
    await expect(topic(page)).toHaveText(/內容勘誤/);
    await expect(nameField(page)).toHaveValue("王小明");
    await expect(email(page)).toHaveValue(address);
    await expect(terms(page)).toBeChecked();
  });

  test("has no serious or critical accessibility violations, errors shown or not", async ({ page }) => {
    test.slow(); // four axe runs
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await openContact(page);
      let result = await blockingViolations(page);
      expect(result.ids, `/contact at ${width} px:\n${result.report}`).toEqual([]);
      await submit(page).click();
      await expect(topic(page)).toBeFocused();
      result = await blockingViolations(page);
      expect(result.ids, `/contact with errors at ${width} px:\n${result.report}`).toEqual([]);
    }
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an invalid submit returns the page with the same messages, keeps what was typed and focuses the first field in error", async ({
    page,
  }) => {
    await openContact(page);
    await nameField(page).fill("王小明");
    await email(page).fill("reader@");
    await message(page).fill("第 12 期第 34 頁的店名有誤。");
    const reply = page.waitForResponse((response) => response.request().method() === "POST");
    await submit(page).click();
    expect((await reply).status()).toBe(422);

    await expect(topic(page)).toHaveAccessibleDescription(required);
    await expect(email(page)).toHaveAccessibleDescription("請輸入正確的電子郵件");
    await expect(terms(page)).toHaveAccessibleDescription("請勾選同意條款");
    await expect(nameField(page)).toHaveValue("王小明");
    await expect(email(page)).toHaveValue("reader@");
    await expect(message(page)).toHaveValue("第 12 期第 34 頁的店名有誤。");
    await expect(nameField(page)).not.toHaveAttribute("aria-invalid", "true");

    await expect(topic(page)).toBeFocused();
    await expect(topic(page)).toBeInViewport();
  });

  test("an empty submit marks every required field", async ({ page }) => {
    await openContact(page);
    await submit(page).click();
    await expectEmptyFormErrors(page);
    await expect(topic(page)).toBeFocused();
    await expect(topic(page)).toBeInViewport();
  });

  test("the page scrolls down to the form (the loading screen's lock is for scripts only)", async ({
    page,
  }) => {
    await openContact(page);
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  });

  test("a valid submit sends the message", async ({ page }) => {
    await openContact(page);
    await fillValid(page, uniqueEmail());
    await submit(page).click();
    await expectSent(page);
  });
});
