import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { getDocumentProxy } from "unpdf";
import { blockingViolations } from "./support/axe.ts";
import { loseAnswerOnce } from "./support/network.ts";
import { createMember, signIn, testAddress, waitForMail } from "./support/members.ts";
import { chooseOption } from "./support/select.ts";

/*
 * Giving (SPEC §2 /support-us, /support-us/result, /member/support-us): the donation form, ECPay's
 * payment page and periodic schedule (the local simulator at /_ecpay), the result page, the
 * member's gifts with every charge and their receipts, cancelling, and the thank-you mail in the
 * SMTP catcher.
 */

// A desktop browser's user agent: the headless one counts as a bot (SPEC §2's bot rule).
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
test.use({ userAgent });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": testAddress() });
});

const donor = (page: Page) => page.getByRole("group", { name: "捐款人", exact: true });
const numberOf = (page: Page) => new URL(page.url()).searchParams.get("number")!;
const submit = (page: Page) => page.getByRole("button", { name: "確認捐款並前往付款" }).click();
const terms = (page: Page) => page.getByRole("checkbox", { name: /我已閱讀並同意/ });

async function openForm(page: Page) {
  await page.goto("/support-us");
  await expect(page.getByRole("heading", { name: "支持我們", level: 1 })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
}

/** The text of every page of a PDF, each run of white space as one space. */
async function pdfText(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf), { disableFontFace: true, verbosity: 0 });
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join(" ").replace(/\s+/g, " ");
}

test("a visitor gives once by card, is thanked on the result page and by mail", async ({ page, request }) => {
  const email = `donor${Date.now().toString(36)}@example.test`;
  await openForm(page);
  // The foundation's own words say why.
  await expect(page.getByRole("heading", { name: "食藝文化基金會", level: 2 })).toBeVisible();

  // Sent empty: the first field in error takes the focus, with the schema's message.
  await submit(page);
  const amount = page.getByRole("textbox", { name: "金額（新台幣元）" });
  await expect(amount).toBeFocused();
  await expect(donor(page).getByText("此項為必填").first()).toBeVisible();

  // A preset fills the amount; the summary follows.
  await page.getByRole("radio", { name: "NT$ 1,000" }).check();
  await expect(amount).toHaveValue("1000");
  await expect(page.getByRole("complementary").getByText("NT$ 1,000")).toBeVisible();

  await donor(page).getByRole("textbox", { name: "姓名" }).fill("陳大文");
  await donor(page).getByRole("textbox", { name: "電子郵件" }).fill(email);
  // The tax upload asks for the national ID, checked as it is typed.
  await page.getByRole("checkbox", { name: /上傳國稅局/ }).check();
  const idNumber = page.getByRole("textbox", { name: "身分證字號" });
  await idNumber.fill("A123456780");
  await expect(page.getByText("請輸入正確的格式")).toBeVisible();
  await idNumber.fill("a123456789");
  await expect(page.getByText("請輸入正確的格式")).toBeHidden();
  await terms(page).check();

  const payPage = page.waitForResponse((response) => new URL(response.url()).pathname === "/support-us/pay");
  await submit(page);
  // The page that goes on to ECPay runs its one script by the nonce its policy names (decision 023).
  expect((await payPage).headers()["content-security-policy"]).toMatch(
    /; script-src 'nonce-[^']+' 'strict-dynamic'/,
  );
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "信用卡付款成功" }).click();

  await expect(page).toHaveURL(/\/support-us\/result\?number=\d+$/);
  await expect(page.getByText("捐款完成，感謝您的支持！")).toBeVisible();
  await expect(page.getByText("已完成")).toBeVisible();
  await expect(page.getByText(/A12\*+89/)).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/support-us-result-paid.png", fullPage: true });

  const mail = await waitForMail(request, email, "感謝您的捐款");
  expect(mail.subject).toBe("感謝您的捐款（NT$ 1,000）");
  expect(mail.text).toContain(numberOf(page));
});

test("a paper receipt is mailed to an address chosen by 縣市 and 鄉鎮市區, its postcode filled in", async ({
  page,
}) => {
  await openForm(page);
  await page.getByRole("radio", { name: "NT$ 1,000" }).check();
  await donor(page).getByRole("textbox", { name: "姓名" }).fill("陳大文");
  await donor(page).getByRole("textbox", { name: "電子郵件" }).fill("paper@example.test");
  await page.getByRole("radio", { name: "每次捐款開立收據" }).check();
  await page.getByRole("radio", { name: "紙本收據（郵寄）" }).check();
  await terms(page).check();
  await submit(page);
  const address = page.getByRole("group", { name: /收據郵寄地址/ });
  await expect(address.getByText("紙本收據需填寫郵寄地址").first()).toBeVisible();

  const district = address.getByRole("combobox", { name: "鄉鎮市區" });
  await expect(district).toBeDisabled();
  await chooseOption(address.getByRole("combobox", { name: "縣市" }), "高雄市");
  await chooseOption(district, "前金區");
  await expect(address.getByRole("textbox", { name: "郵遞區號" })).toHaveValue("801");
  await address.getByRole("textbox", { name: "詳細地址" }).fill("中正四路 211 號");
  await submit(page);
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
});

/** Sends the filled form, has ECPay (the simulator) refuse the card, and is back on the result page. */
async function refusedOnEcpay(page: Page) {
  await terms(page).check();
  await submit(page);
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "付款失敗" }).click();
  await expect(page).toHaveURL(/\/support-us\/result\?number=\d+$/);
  await expect(page.getByText("付款未完成")).toBeVisible();
  return numberOf(page);
}

test("after a refused card, a one-off gift is paid by ATM transfer instead", async ({ page }) => {
  await openForm(page);
  await page.getByRole("radio", { name: "NT$ 1,000" }).check();
  await donor(page).getByRole("textbox", { name: "姓名" }).fill("林小滿");
  await donor(page)
    .getByRole("textbox", { name: "電子郵件" })
    .fill(`switch${Date.now().toString(36)}@example.test`);
  const number = await refusedOnEcpay(page);
  const ways = page.getByRole("group", { name: "付款方式" });
  await expect(ways.getByRole("radio", { name: "信用卡" })).toBeChecked();
  await ways.getByRole("radio", { name: "ATM 轉帳" }).check();
  await page.getByRole("button", { name: "重新付款" }).click();
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await expect(page.getByText(`${number}D02`)).toBeVisible();
  await page.getByRole("button", { name: "取得 ATM 轉帳帳號" }).click();

  await expect(page).toHaveURL(`/support-us/result?number=${number}`);
  await expect(page.getByText("請於期限內完成 ATM 轉帳")).toBeVisible();
  await expect(page.getByText("轉帳帳號")).toBeVisible();
  await expect(page.getByRole("group", { name: "付款方式" })).toHaveCount(0);
});

test("a monthly gift whose card is refused is offered the card again, and says why only a card", async ({
  page,
  context,
  request,
}) => {
  await signIn(request, context, await createMember(request));
  await openForm(page);
  await page.getByRole("radio", { name: /每月定期捐款/ }).check();
  await page.getByRole("radio", { name: "NT$ 1,000" }).check();
  const number = await refusedOnEcpay(page);
  await expect(page.getByRole("button", { name: "重新付款" })).toBeVisible();
  await expect(page.getByRole("group", { name: "付款方式" })).toHaveCount(0);
  await expect(page.getByText("定期定額捐款僅能以信用卡付款")).toBeVisible();
  await page.getByRole("button", { name: "重新付款" }).click();
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await expect(page.getByText(`${number}D02`)).toBeVisible();
});

test("Back from ECPay's page finds the form as the donor left it, but for the national ID", async ({
  page,
}) => {
  const email = `back${Date.now().toString(36)}@example.test`;
  await openForm(page);
  await page.getByRole("radio", { name: "NT$ 1,000" }).check();
  await donor(page).getByRole("textbox", { name: "姓名" }).fill("林小滿");
  await donor(page).getByRole("textbox", { name: "電子郵件" }).fill(email);
  await page.getByRole("checkbox", { name: /上傳國稅局/ }).check();
  await page.getByRole("textbox", { name: "身分證字號" }).fill("A123456789");
  await terms(page).check();
  await submit(page);
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);

  await page.goBack();
  await expect(page).toHaveURL(/\/support-us$/);
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  await expect(page.getByRole("textbox", { name: "金額（新台幣元）" })).toHaveValue("1000");
  await expect(donor(page).getByRole("textbox", { name: "姓名" })).toHaveValue("林小滿");
  await expect(donor(page).getByRole("textbox", { name: "電子郵件" })).toHaveValue(email);
  await expect(page.getByRole("checkbox", { name: /上傳國稅局/ })).toBeChecked();
  await expect(page.getByRole("textbox", { name: "身分證字號" })).toHaveValue("");

  // Given, the form is done with: a later visit starts afresh.
  await page.getByRole("textbox", { name: "身分證字號" }).fill("A123456789");
  await submit(page);
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "信用卡付款成功" }).click();
  await expect(page.getByText("捐款完成，感謝您的支持！")).toBeVisible();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("shiyi:donation-draft"))).toBeNull();
  await openForm(page);
  await expect(donor(page).getByRole("textbox", { name: "姓名" })).toHaveValue("");
});

test("what a member typed into the form is not there for whoever uses the tab after their logout", async ({
  page,
  context,
  request,
}) => {
  const member = await createMember(request);
  await signIn(request, context, member);
  await openForm(page);
  await page.getByRole("textbox", { name: "金額（新台幣元）" }).fill("1500");
  await donor(page).getByRole("textbox", { name: "手機" }).fill("0911222333");
  // Typed, then the page is left (the draft is kept for the member's return).
  await page.goto("/member");
  await page.getByRole("button", { name: "登出", exact: true }).click();
  await expect(page).toHaveURL(/^[^?#]+:\d+\/$/);

  await openForm(page);
  await expect(donor(page).getByRole("textbox", { name: "姓名" })).toHaveValue("");
  await expect(donor(page).getByRole("textbox", { name: "電子郵件" })).toHaveValue("");
  await expect(donor(page).getByRole("textbox", { name: "手機" })).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "金額（新台幣元）" })).toHaveValue("");
  const kept = await page.evaluate(() => sessionStorage.getItem("shiyi:donation-draft"));
  expect(kept ?? "").not.toContain("0911222333");
});

test("when the network loses the answer to the gift, sending it again makes no second gift", async ({
  page,
  context,
  request,
}) => {
  const member = await createMember(request);
  await signIn(request, context, member);
  await openForm(page);
  await page.getByRole("textbox", { name: "金額（新台幣元）" }).fill("1200");
  await terms(page).check();

  const lost = await loseAnswerOnce(page, "**/support-us*");
  await submit(page);
  await expect.poll(lost).toBe(1);
  await expect(page.getByRole("alert").filter({ hasText: "網路連線中斷" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "金額（新台幣元）" })).toHaveValue("1200");
  await submit(page);
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "信用卡付款成功" }).click();
  await expect(page).toHaveURL(/\/support-us\/result\?number=\d+$/);
  const number = numberOf(page);
  // The member's receipt is downloaded from the thank-you itself.
  const receipt = page.getByRole("link", { name: /^下載收據 \S+（PDF）$/ });
  await expect(receipt).toHaveAttribute("href", new RegExp(`^/member/support-us/receipts/${number}/\\d+$`));
  const pdf = await page.request.get((await receipt.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  await page.goto("/member/support-us");
  await expect(page.getByRole("article", { name: new RegExp(number) })).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
});

test("a member gives monthly, sees every charge, downloads a charge's receipt and cancels", async ({
  page,
  context,
  request,
}) => {
  const member = await createMember(request);
  await signIn(request, context, member);
  await openForm(page);
  await expect(donor(page).getByRole("textbox", { name: "電子郵件" })).toHaveValue(member.email);
  await expect(donor(page).getByRole("textbox", { name: "姓名" })).toHaveValue(member.name);

  // Periodic gifts are charged to a card: the other ways leave the list.
  await page.getByRole("radio", { name: /每月定期捐款/ }).check();
  const payments = page.getByRole("group", { name: "付款方式" }).getByRole("radio");
  await expect(payments).toHaveCount(1);
  await expect(payments.first()).toBeChecked();
  await page.getByRole("textbox", { name: "金額（新台幣元）" }).fill("800");
  await expect(page.getByRole("complementary").getByText("每月金額")).toBeVisible();
  await terms(page).check();

  await submit(page);
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "信用卡付款成功" }).click();
  await expect(page).toHaveURL(/\/support-us\/result\?number=\d+$/);
  const number = numberOf(page);
  await expect(page.getByText("感謝您成為定期支持者！")).toBeVisible();
  await expect(page.getByText("定期扣款中")).toBeVisible();
  // The card is charged again a month after this first charge, on the same day.
  const nextMonth = new Date(Date.now() + 8 * 3600_000);
  nextMonth.setUTCDate(Math.min(nextMonth.getUTCDate(), 28));
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const [year, month] = [nextMonth.getUTCFullYear(), String(nextMonth.getUTCMonth() + 1).padStart(2, "0")];
  await expect(page.getByRole("definition").filter({ hasText: /^預計 / })).toHaveText(
    new RegExp(`^預計 ${year}\\.${month}\\.\\d{2}$`),
  );

  // Two months later: ECPay's scheduler charges the card twice (the first attempt's MerchantTradeNo).
  const schedule = `/_ecpay/simulator/periodic/${number}D01/charge`;
  for (let i = 0; i < 2; i++) {
    const charged = await request.post(schedule);
    expect(charged.status(), await charged.text()).toBe(200);
  }
  // The third month's charge is declined (the card expired, say): the gift says so.
  const declined = await request.post(schedule.replace(/charge$/, "fail"));
  expect(declined.status(), await declined.text()).toBe(200);

  await page.goto("/member/support-us");
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  const gift = page.getByRole("article", { name: new RegExp(number) });
  await expect(gift.getByText("定期扣款中")).toBeVisible();
  await expect(gift.getByRole("row").filter({ hasText: "NT$ 800" })).toHaveCount(3);
  await expect(gift.getByText(/^最近一期信用卡扣款未成功（綠界代碼 \w+）。$/)).toBeVisible();
  await expect(gift.getByText(/已扣款 3 次，共 NT\$ 2,400・下次扣款 預計 \d{4}\.\d{2}\.\d{2}/)).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/support-us-member-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await page.screenshot({ path: "test-results/screenshots/support-us-member-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Each charge has its receipt, a PDF naming the donor and the amount; a gift with a receipt per
  // charge is in no yearly receipt, so none is offered.
  const chargeReceipt = page.waitForEvent("download");
  await gift
    .getByRole("link", { name: /^下載收據 \d+ PDF$/ })
    .first()
    .click();
  const receipt = await readFile((await (await chargeReceipt).path())!);
  expect(receipt.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = await pdfText(receipt);
  expect(text).toContain(member.name);
  expect(text).toContain("捌佰元整");
  await expect(page.getByRole("link", { name: /年度收據/ })).toHaveCount(0);

  // While the gift runs, the account is not deleted: the member page says why, and stays as it was.
  await page.goto("/member");
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  const deletion = page.getByRole("region", { name: "刪除帳號" });
  await deletion.getByRole("textbox", { name: "目前的密碼" }).fill(member.password);
  await deletion.getByRole("button", { name: "刪除帳號" }).click();
  await page.getByRole("alertdialog", { name: "刪除帳號" }).getByRole("button", { name: "刪除帳號" }).click();
  // Said beside the button, where it stays (not in a toast gone in seconds); the focus goes back
  // to the button that opened the confirming dialog.
  const refusal = deletion.getByRole("alert").filter({ hasText: /^您有進行中或尚未完成付款的定期捐款/ });
  await expect(refusal).toBeVisible();
  await expect(page.getByRole("region", { name: "通知" }).getByText(/^您有進行中/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/錯誤|ERROR/i);
  await expect(deletion.getByRole("button", { name: "刪除帳號" })).toBeVisible();
  await page.goto("/member/support-us");
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();

  // Cancelling asks first; then no further charge is taken.
  await gift.getByRole("button", { name: "取消定期捐款" }).click();
  const dialog = page.getByRole("alertdialog", { name: "取消定期捐款" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "取消定期捐款" }).click();
  await expect(
    page.getByRole("region", { name: "通知" }).getByText("已取消定期捐款，往後不會再扣款"),
  ).toBeVisible();
  await expect(gift.getByText("已取消")).toBeVisible();
  await expect(gift.getByRole("button", { name: "取消定期捐款" })).toHaveCount(0);
  await expect(gift.getByText(/下次扣款/)).toHaveCount(0);
  const refused = await request.post(schedule);
  expect(refused.status()).toBe(409);
  await waitForMail(request, member.email, "您的定期捐款已取消");

  // A receipt's link opened signed out (from a mail, say): the login comes first, then the gifts'
  // page downloads the receipt, and its address loses the request so a reload does not repeat it.
  const receiptLink = gift.getByRole("link", { name: /^下載收據 \d+ PDF$/ }).first();
  const receiptPath = await receiptLink.getAttribute("href");
  const receiptNumber = /\d+/.exec((await receiptLink.textContent())!)![0];
  await context.clearCookies();
  await page.goto(receiptPath!);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await page.getByRole("textbox", { name: "帳號或電子郵件" }).fill(member.account);
  await page.getByRole("textbox", { name: "密碼", exact: true }).fill(member.password);
  const afterLogin = page.waitForEvent("download");
  await page.getByRole("button", { name: "登入", exact: true }).click();
  // Named as the receipt's mail names it: by the receipt's own number.
  expect((await afterLogin).suggestedFilename()).toBe(`食藝文化基金會捐款收據-${receiptNumber}.pdf`);
  await expect(page.getByRole("status").filter({ hasText: "收據開始下載" })).toBeVisible();
  await expect(page).toHaveURL(/\/member\/support-us$/);
  await expect(page.getByRole("article", { name: new RegExp(number) })).toBeVisible();

  // A receipt the server cannot give (a mistyped link) is said with the server's reason, not left
  // to the browser's failed download.
  const unknown = "/member/support-us/receipts/99999999/1";
  let downloads = 0;
  page.on("download", () => (downloads += 1));
  await page.goto(`/member/support-us?download=${encodeURIComponent(unknown)}`);
  await expect(page.getByRole("region", { name: "通知" }).getByText("找不到此筆捐款")).toBeVisible();
  await expect(page).toHaveURL(/\/member\/support-us$/);
  expect(downloads).toBe(0);
  // Typed by hand, an address that names no receipt is a 404 in words, whatever is wrong with it.
  for (const charge of ["abc", "0", "2147483648", "99999999999"]) {
    const refused = await page.request.get(`/member/support-us/receipts/${number}/${charge}`);
    expect(refused.status(), charge).toBe(404);
    expect(refused.headers()["content-type"], charge).toBe("text/plain; charset=utf-8");
    expect(await refused.text(), charge).toBe("找不到相關頁面");
  }
});

test("a gift of many months shows its latest twelve charges, newest first, and the earlier ones on request", async ({
  page,
  context,
  request,
}) => {
  const member = await createMember(request);
  const tokens = await signIn(request, context, member);
  await openForm(page);
  await page.getByRole("radio", { name: /每月定期捐款/ }).check();
  await page.getByRole("textbox", { name: "金額（新台幣元）" }).fill("500");
  await terms(page).check();
  await submit(page);
  await page.getByRole("button", { name: "信用卡付款成功" }).click();
  await expect(page).toHaveURL(/\/support-us\/result\?number=\d+$/);
  const number = numberOf(page);
  // Thirteen more months: fourteen charges in all.
  for (let i = 0; i < 13; i++) {
    const charged = await request.post(`/_ecpay/simulator/periodic/${number}D01/charge`);
    expect(charged.status(), await charged.text()).toBe(200);
  }

  await page.goto("/member/support-us");
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  const gift = page.getByRole("article", { name: new RegExp(number) });
  const recent = gift.getByRole("table", { name: `扣款紀錄：${number}` });
  await expect(recent.getByRole("row").filter({ hasText: "NT$ 500" })).toHaveCount(12);
  const receipts = async (table: typeof recent) =>
    (
      await table
        .getByRole("link", { name: /^下載收據/ })
        .evaluateAll((links) => links.map((link) => link.textContent!.replace(/\D/g, "")))
    ).map(Number);
  const latest = await receipts(recent);
  expect(latest).toEqual([...latest].sort((a, b) => b - a));
  const earlier = gift.getByRole("table", { name: `較早的扣款紀錄：${number}` });
  await expect(earlier).toBeHidden();
  await gift.getByText("較早的 2 筆扣款紀錄").click();
  await expect(earlier.getByRole("row").filter({ hasText: "NT$ 500" })).toHaveCount(2);
  const older = await receipts(earlier);
  expect(Math.max(...older)).toBeLessThan(Math.min(...latest));

  // Signed out everywhere from another device while the page is open: a receipt's link leads to
  // the sign-in page, which says why (the link's own request does not use up that notice).
  const revoked = await request.post("/api/members/logout-all", {
    headers: { accept: "application/json", authorization: `Bearer ${tokens.access_token}` },
  });
  expect(revoked.status()).toBe(200);
  await recent.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await expect(page.getByRole("alertdialog", { name: "請重新登入" })).toBeVisible();
});

test("a charge without a receipt of its own says why in the member's history", async ({
  page,
  context,
  request,
}) => {
  const member = await createMember(request);
  await signIn(request, context, member);
  await openForm(page);
  await page.getByRole("textbox", { name: "金額（新台幣元）" }).fill("300");
  await page.getByRole("radio", { name: /^不需要收據/ }).check();
  await terms(page).check();
  await submit(page);
  await page.getByRole("button", { name: "信用卡付款成功" }).click();
  await expect(page).toHaveURL(/\/support-us\/result\?number=\d+$/);
  const number = numberOf(page);

  await page.goto("/member/support-us");
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  const charge = page
    .getByRole("article", { name: new RegExp(number) })
    .getByRole("row")
    .filter({ hasText: "NT$ 300" });
  // Not a dash read as 未開立, as if a receipt were still to come.
  await expect(charge.getByRole("cell").nth(1)).toHaveText("不需要收據");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form keeps what was typed, says what is wrong, and a preset amount is given", async ({
    page,
  }) => {
    await page.goto("/support-us");
    await donor(page).getByRole("textbox", { name: "姓名" }).fill("王小明");
    await donor(page).getByRole("textbox", { name: "電子郵件" }).fill("not-an-email");
    await page.getByRole("radio", { name: "NT$ 3,000" }).check();
    await submit(page);

    await expect(page.getByText("請輸入正確的電子郵件")).toBeVisible();
    await expect(page.getByText("請勾選同意條款")).toBeVisible();
    await expect(donor(page).getByRole("textbox", { name: "姓名" })).toHaveValue("王小明");
    await expect(page.getByRole("textbox", { name: "金額（新台幣元）" })).toHaveValue("3000");
    await expect(donor(page).getByRole("textbox", { name: "電子郵件" })).toBeFocused();

    await donor(page).getByRole("textbox", { name: "電子郵件" }).fill("nojs@example.test");
    await terms(page).check();
    await submit(page);
    // ECPay's form does not send itself without JavaScript: its button does.
    await expect(page).toHaveURL(/\/support-us\/pay\?number=\d+$/);
    await page.getByRole("button", { name: "繼續前往綠界" }).click();
    await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
    await expect(page.getByText("新臺幣 3000 元")).toBeVisible();
  });

  test("a paper receipt's district is checked against its 縣市, and the address is kept", async ({
    page,
  }) => {
    await page.goto("/support-us");
    await page.getByRole("radio", { name: "NT$ 3,000" }).check();
    await donor(page).getByRole("textbox", { name: "姓名" }).fill("王小明");
    await donor(page).getByRole("textbox", { name: "電子郵件" }).fill("paper-nojs@example.test");
    await page.getByRole("radio", { name: "每次捐款開立收據" }).check();
    await page.getByRole("radio", { name: "紙本收據（郵寄）" }).check();
    await terms(page).check();
    const county = page.getByRole("combobox", { name: "縣市" });
    const district = page.getByRole("combobox", { name: "鄉鎮市區" });
    // Without JavaScript nothing narrows the list: every district is there, named with its 縣市.
    await county.selectOption("臺北市");
    await district.selectOption({ label: "新北市 板橋區" });
    await page.getByRole("textbox", { name: "郵遞區號" }).fill("220");
    await page.getByRole("textbox", { name: "詳細地址" }).fill("文化路一段 1 號");
    await submit(page);

    await expect(district).toHaveAccessibleDescription("請選擇鄉鎮市區");
    // What was chosen comes back as it was, to be put right.
    await expect(district).toHaveValue("板橋區");
    await expect(county).toHaveValue("臺北市");
    await expect(page.getByRole("textbox", { name: "詳細地址" })).toHaveValue("文化路一段 1 號");
    await county.selectOption("新北市");
    await submit(page);
    await expect(page).toHaveURL(/\/support-us\/pay\?number=\d+$/);
  });
});

test("ECPay's cross-site return is answered with a redirect to the gift's result page", async ({
  request,
}) => {
  const response = await request.post("/support-us/result?number=26071600000001", {
    form: { RtnCode: "1", MerchantTradeNo: "26071600000001P01" },
    headers: { origin: "https://payment-stage.ecpay.com.tw" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe("/support-us/result?number=26071600000001");
  const bare = await request.get("/support-us/result", { maxRedirects: 0 });
  expect(bare.headers().location).toBe("/support-us");
});

test("the donation page has no serious accessibility violations and fits at 375 and 1280 px", async ({
  page,
}) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openForm(page);
    const { ids, report } = await blockingViolations(page);
    expect(ids, `/support-us at ${width} px\n${report}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.screenshot({ path: `test-results/screenshots/support-us-${width}.png`, fullPage: true });
  }
});

test("the about page leads to the gift, whose page tells the foundation's story without linking to itself", async ({
  page,
}) => {
  await page.goto("/about");
  await page.getByRole("link", { name: "捐款支持基金會" }).click();
  await expect(page).toHaveURL(/\/support-us$/);
  const story = page.locator("#foundation-work");
  await expect(story).toContainText("捐款支持基金會");
  await expect(story.getByRole("link", { name: "捐款支持基金會" })).toHaveCount(0);
  // The main navigation names the page too.
  await expect(page.getByRole("banner").getByRole("link", { name: /支持\s*Support Us/ })).toHaveAttribute(
    "href",
    "/support-us",
  );
});
