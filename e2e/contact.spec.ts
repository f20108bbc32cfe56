import { expect, test, type Page } from "@playwright/test";
import { siteUrl } from "./support/servers.ts";
import { waitForMail } from "./support/members.ts";
import { chooseOption } from "./support/select.ts";

// A desktop browser's user agent: the headless one counts as a bot (SPEC §2's bot rule).
test.use({
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
});

// Each test a reader of its own address, so the API's per-address limits never collide.
test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.${octet()}.${octet()}` });
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const topic = (page: Page) => page.getByRole("combobox", { name: "來信主旨" });
const nameField = (page: Page) => page.getByRole("textbox", { name: "姓名" });
const email = (page: Page) => page.getByRole("textbox", { name: "電子郵件", exact: true });
const message = (page: Page) => page.getByRole("textbox", { name: "留言內容" });
const submit = (page: Page) => page.getByRole("button", { name: "送出留言" });

async function openContact(page: Page) {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "線上留言" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
}

async function fill(page: Page, values: { topic: string; name: string; email: string; message: string }) {
  await chooseOption(topic(page), values.topic);
  await nameField(page).fill(values.name);
  await email(page).fill(values.email);
  await message(page).fill(values.message);
  await page.getByRole("checkbox", { name: /我已閱讀並同意/ }).check();
}

type Caught = { data: { headers: Record<string, string>; text: string } };

test("a message reaches its topic's inbox, answerable to the sender, who gets a copy", async ({
  page,
  request,
}) => {
  const sender = { name: `廣告主${unique()}`, email: `advertiser-${unique()}@example.test` };
  await openContact(page);
  await fill(page, {
    topic: "廣告與合作",
    ...sender,
    message: "想洽談第 20 期的廣告版位。\n請與我聯絡。",
  });
  await submit(page).click();
  await expect(page).toHaveURL(/\/contact\?sent=1#contact-form$/);
  // What was said in place of the form takes the focus the send button took with it.
  await expect(page.getByRole("status").filter({ hasText: "感謝" }).first()).toBeFocused();

  const received = await waitForMail(request, "ads@shiyi.local", sender.name);
  const caught = (await (await request.get(`${siteUrl}/_mail/api/messages/${received.id}`)).json()) as Caught;
  expect(caught.data.headers["reply-to"]).toContain(sender.email);
  expect(received.text).toContain("> 想洽談第 20 期的廣告版位。\n> 請與我聯絡。");
  // Only that topic's inbox.
  const editors = await request.get(
    `${siteUrl}/_mail/api/messages?to=editor@shiyi.local&subject=${encodeURIComponent(sender.name)}`,
  );
  expect(((await editors.json()) as { data: unknown[] }).data).toEqual([]);

  // The sender is told it arrived; nothing they typed goes back to the address they gave.
  const copy = await waitForMail(request, sender.email, "我們已收到您的來信");
  expect(copy.text).toContain("廣告與合作");
  expect(copy.text).not.toContain(sender.name);
  expect(copy.text).not.toContain("想洽談第 20 期的廣告版位");
});

test("a refused captcha is said above the button, and nothing typed is lost", async ({ page }) => {
  const sender = { name: `讀者${unique()}`, email: `reader-${unique()}@example.test` };
  await openContact(page);
  await fill(page, { topic: "其他", ...sender, message: "請問門市營業時間？" });
  // As if the captcha had not answered: the token is not what the verifier accepts.
  await page.locator('input[name="g_recaptcha_response"]').evaluate((input: HTMLInputElement) => {
    input.value = "expired";
  });
  await submit(page).click();
  await expect(page.getByRole("main").getByText("請完成機器人驗證").first()).toBeVisible();
  await expect(nameField(page)).toHaveValue(sender.name);
  await expect(email(page)).toHaveValue(sender.email);
  await expect(message(page)).toHaveValue("請問門市營業時間？");
  await expect(topic(page)).toHaveText(/其他/);
});

test("the privacy policy beside the consent opens in a new tab, leaving what was typed", async ({
  page,
  context,
}) => {
  await openContact(page);
  await nameField(page).fill("林讀者");
  await message(page).fill("想先讀過隱私權政策再送出。");
  const [policy] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: /隱私權政策/ }).click(),
  ]);
  await policy.waitForLoadState();
  expect(new URL(policy.url()).pathname).toBe("/policy/privacy");
  await policy.close();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(nameField(page)).toHaveValue("林讀者");
  await expect(message(page)).toHaveValue("想先讀過隱私權政策再送出。");
});
