import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { blockingViolations } from "./support/axe.ts";
import { loseAnswerOnce } from "./support/network.ts";
import { createMember, linkIn, signIn, testAddress, waitForMail } from "./support/members.ts";
import { chooseOption } from "./support/select.ts";

/*
 * Buying (SPEC §2 /cart, /cart/checkout, /cart/result, /member/history; §3 order draft): the cart
 * page's choice, the checkout form, ECPay's store map and payment page (the local simulator at
 * /_ecpay), the result page, the member's history and the confirmation mail in the SMTP catcher.
 */

// A desktop browser's user agent: the headless one counts as a bot (SPEC §2's bot rule).
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
test.use({ userAgent });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": testAddress() });
});

type Product = {
  id: number;
  type: "magazine" | "merch";
  title: string;
  path: string;
  stock: number;
  options?: { name: string; values: string[] }[];
};

/** A line's sku for `product`: the first value of each of its options (none for a magazine). */
const skuOf = (product: Product) => (product.options ?? []).map((option) => option.values[0]!);

/** A seeded product in stock, found through the API so no seed id is hard-coded. */
async function productInStock(request: APIRequestContext, list: "magazines" | "merch"): Promise<Product> {
  const response = await request.get(`/api/${list}?limit=20`, { headers: { accept: "application/json" } });
  const { data } = (await response.json()) as { data: (Product & { available: number })[] };
  const product = data.find((item) => item.available === 1 && item.stock > 5);
  expect(product, `a ${list} item in stock`).toBeTruthy();
  return product!;
}

async function addToServerCart(
  request: APIRequestContext,
  accessToken: string,
  product: Product,
  quantity = 1,
) {
  const response = await request.post("/api/cart", {
    headers: {
      accept: "application/json",
      authorization: `Bearer ${accessToken}`,
      "x-forwarded-for": testAddress(),
    },
    data: { item_id: product.id, type: product.type, sku: skuOf(product), quantity },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The cart page's choice of shipping (and chain) and payment, then on to the checkout. */
/** A new member, signed in in this browser, with one of the first `list` item in stock in their cart. */
async function memberWithOneInCart(
  request: APIRequestContext,
  context: BrowserContext,
  list: "magazines" | "merch",
) {
  const member = await createMember(request);
  const tokens = await signIn(request, context, member);
  await addToServerCart(request, tokens.access_token, await productInStock(request, list));
}

async function chooseOnCart(page: Page, choice: { shipping: string; brand?: string; payment: string }) {
  await page.goto("/cart");
  await page.getByRole("radio", { name: choice.shipping }).check();
  if (choice.brand) await page.getByRole("radio", { name: choice.brand }).check();
  await page.getByRole("radio", { name: choice.payment }).check();
  await page.getByRole("button", { name: "前往結帳" }).click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByRole("heading", { name: "填寫訂購資料", level: 1 })).toBeVisible();
}

/** A visitor's local cart holding one of `product`, put there once per tab before the site loads. */
async function seedLocalCart(page: Page, product: Product, id: string) {
  await page.addInitScript(
    ([line]) => {
      if (!window.sessionStorage.getItem("seeded")) {
        window.localStorage.setItem("shiyi_cart", JSON.stringify([line]));
        window.sessionStorage.setItem("seeded", "1");
      }
    },
    [{ id, item_id: product.id, type: product.type, sku: skuOf(product), quantity: 1 }],
  );
}

const customer = (page: Page) => page.getByRole("group", { name: "訂購人", exact: true });
const receiver = (page: Page) => page.getByRole("group", { name: "收件人", exact: true });
const orderNumberOf = (page: Page) => new URL(page.url()).searchParams.get("number")!;

const buyerAddress = ["106", "臺北市", "大安區", "復興南路一段 219 巷 18 號"] as const;

/**
 * A visitor orders a merchandise item for home delivery, to pay by card, and stands on ECPay's
 * page without paying: the order's number.
 */
async function orderToPayByCard(page: Page, request: APIRequestContext, name: string) {
  const merch = await productInStock(request, "merch");
  await seedLocalCart(page, merch, `e2e-${name}`);
  await chooseOnCart(page, { shipping: "宅配到府", payment: "信用卡" });
  await fillBuyerForHome(page, `${name}${Date.now()}@example.test`);
  const payPage = page.waitForResponse((response) => new URL(response.url()).pathname === "/cart/pay");
  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  // The page that goes on to ECPay runs its one script by the nonce its policy names (decision 023).
  expect((await payPage).headers()["content-security-policy"]).toMatch(
    /; script-src 'nonce-[^']+' 'strict-dynamic'/,
  );
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  return (await page.getByText(/^\d+P01$/).textContent())!.replace(/P01$/, "");
}

/** A buyer in Taiwan, who receives the parcel at home themselves. */
async function fillBuyerForHome(page: Page, email: string) {
  await customer(page).getByRole("textbox", { name: "姓名" }).fill("林小華");
  await customer(page).getByRole("textbox", { name: "電子郵件" }).fill(email);
  await customer(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
  await fillAddress(customer(page), buyerAddress);
  await page.getByRole("button", { name: "同訂購人資料" }).click();
  // Said where a screen reader hears it: the filled fields are below the button.
  await expect(page.getByRole("region", { name: "通知" }).getByText("已帶入訂購人資料")).toBeVisible();
  await expect(receiver(page).getByRole("textbox", { name: "姓名" })).toHaveValue("林小華");
}

/**
 * Fills an address in Taiwan into a group of the form (訂購人 or 收件人): the 縣市 and 鄉鎮市區 chosen
 * from their lists, which fills in the district's postcode; then the postcode as given, and the street.
 */
async function fillAddress(
  group: Locator,
  [zip, city, dist, addr]: readonly [string, string, string, string],
) {
  await chooseOption(group.getByRole("combobox", { name: "縣市" }), city);
  await chooseOption(group.getByRole("combobox", { name: "鄉鎮市區" }), dist);
  await expect(group.getByRole("textbox", { name: "郵遞區號" })).toHaveValue(zip.slice(0, 3));
  await group.getByRole("textbox", { name: "郵遞區號" }).fill(zip);
  await group.getByRole("textbox", { name: "詳細地址" }).fill(addr);
}

test("a member orders for store pickup, pays by card and finds the order in the history and the mail", async ({
  page,
  context,
  request,
  browser,
}) => {
  const member = await createMember(request);
  const tokens = await signIn(request, context, member);
  const magazine = await productInStock(request, "magazines");
  await addToServerCart(request, tokens.access_token, magazine, 2);

  await chooseOnCart(page, { shipping: "超商取貨", brand: "7-ELEVEN", payment: "信用卡" });
  // The member's profile fills the buyer; the rest is typed.
  await expect(customer(page).getByRole("textbox", { name: "電子郵件" })).toHaveValue(member.email);
  await customer(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
  await receiver(page).getByRole("textbox", { name: "手機" }).fill("0987654321");
  await page.getByRole("textbox", { name: "給我們的話" }).fill("請在週末前寄出");

  // The store map: ECPay's page, then back to the checkout with the store and everything typed.
  await page.getByRole("button", { name: "選擇門市" }).click();
  await expect(page).toHaveURL(/\/_ecpay\//);
  await page.getByRole("button", { name: "建國門市" }).click();
  await expect(page).toHaveURL(/\/cart\/checkout\?.*store_id=/);
  await expect(page.getByText("7-ELEVEN 建國門市")).toBeVisible();
  await expect(receiver(page).getByRole("textbox", { name: "手機" })).toHaveValue("0987654321");
  await expect(page.getByRole("textbox", { name: "給我們的話" })).toHaveValue("請在週末前寄出");

  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "信用卡付款成功" }).click();

  await expect(page).toHaveURL(/\/cart\/result\?number=\d+$/);
  const number = orderNumberOf(page);
  await expect(page.getByText("付款完成，感謝您的訂購！")).toBeVisible();
  await expect(page.getByText("商品送達取貨門市時，我們會寄信通知您。")).toBeVisible();
  await expect(page.getByText("已付款").first()).toBeVisible();
  await expect(page.getByText(magazine.title)).toBeVisible();
  // The issue links to its page (not a path under /cart/result).
  await expect(page.getByRole("link", { name: magazine.title })).toHaveAttribute(
    "href",
    `/magazines/${magazine.path}`,
  );

  await page.goto("/member/history");
  const order = page.getByRole("article", { name: new RegExp(number) });
  await expect(order).toBeVisible();
  await expect(order.getByText("已付款")).toBeVisible();
  await expect(order.getByText(magazine.title)).toBeVisible();
  // One page of orders: no page links, and no page past it.
  await expect(page.getByRole("navigation", { name: "分頁" })).toHaveCount(0);
  for (const query of ["page=2", "page=abc"]) {
    expect((await page.request.get(`/member/history?${query}`)).status(), query).toBe(404);
  }
  await order.getByRole("link", { name: new RegExp(`查看訂單：${number}`) }).click();
  // The order opens in the member area, under 訂購紀錄, not as the checkout's result.
  await expect(page).toHaveURL(`/member/orders/${number}`);
  await expect(page.getByRole("heading", { level: 2, name: `訂單 ${number}` })).toBeVisible();
  await expect(page.getByText("付款完成，感謝您的訂購！")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "訂購步驟" })).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "會員中心" }).getByRole("link", { name: "訂購紀錄" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("main").getByText(magazine.title)).toBeVisible();

  const mail = await waitForMail(request, member.email, `訂單 ${number}`);
  expect(mail.subject).toContain("付款完成");

  // The mail's 查看訂單 opens the order in another browser, signed in or not, and the key it
  // carries does not stay in the address.
  const elsewhere = await browser.newContext({ userAgent, baseURL: new URL(page.url()).origin });
  const other = await elsewhere.newPage();
  await other.goto(linkIn(mail, "/cart/result"));
  await expect(other).toHaveURL(`/cart/result?number=${number}`);
  await expect(other.getByText("付款完成，感謝您的訂購！")).toBeVisible();
  await expect(other.getByText(magazine.title)).toBeVisible();
  await other.reload();
  await expect(other.getByText("付款完成，感謝您的訂購！")).toBeVisible();
  // Without the key, another browser is told nothing of the order.
  const stranger = await browser.newContext({ userAgent, baseURL: new URL(page.url()).origin });
  const response = await (await stranger.newPage()).goto(`/cart/result?number=${number}`);
  expect(response?.status()).toBe(404);
  // Nor is another member, in their own member area.
  const otherMember = await browser.newContext({ userAgent, baseURL: new URL(page.url()).origin });
  await signIn(request, otherMember, await createMember(request));
  const notTheirs = await (await otherMember.newPage()).goto(`/member/orders/${number}`);
  expect(notTheirs?.status()).toBe(404);
  await Promise.all([elsewhere.close(), stranger.close(), otherMember.close()]);

  // ECPay reports the parcel at the store: the order says until when it waits, and a mail says so.
  const shipment = (await page.getByText(/^物流編號 /).textContent())!.replace("物流編號 ", "").trim();
  const arrived = await request.post(`/_ecpay/simulator/shipments/${shipment}/status`, {
    form: { code: "2073" },
  });
  expect(arrived.status()).toBe(200);
  await page.reload();
  await expect(
    page.getByText(/商品已送達 7-ELEVEN 建國門市，請於 \d{4}\.\d{2}\.\d{2} 前取貨；取貨時不需再付款。$/),
  ).toBeVisible();
  await expect(page.getByText(/到店，請於 \d{4}\.\d{2}\.\d{2} 前取貨$/)).toBeVisible();
  // The store by its number too, as the counter asks for it.
  await expect(page.getByText(/^7-ELEVEN 建國門市（店號 \d+）/)).toBeVisible();
  const arrival = await waitForMail(request, member.email, "已送達取貨門市");
  expect(arrival.subject).toBe(`訂單 ${number} 已送達取貨門市`);
});

test("a visitor's ATM order shows its account and stays waiting; the local cart is emptied", async ({
  page,
  request,
}) => {
  const merch = await productInStock(request, "merch");
  await seedLocalCart(page, merch, "e2e-1");
  await chooseOnCart(page, { shipping: "宅配到府", payment: "ATM 轉帳" });
  await expect(page.getByText(merch.title)).toBeVisible();

  // Sent empty: the first field in error takes the focus, with the schema's message.
  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await expect(customer(page).getByRole("textbox", { name: "姓名" })).toBeFocused();
  await expect(customer(page).getByText("此項為必填").first()).toBeVisible();

  await customer(page).getByRole("textbox", { name: "姓名" }).fill("陳大文");
  const email = `guest${Date.now()}@example.test`;
  await customer(page).getByRole("textbox", { name: "電子郵件" }).fill(email);
  await customer(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
  await fillAddress(customer(page), buyerAddress);
  // The optional landline is checked as it is written; the rest of the form stays as it was typed.
  await customer(page).getByRole("textbox", { name: "市話" }).fill("請白天打");
  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await expect(customer(page).getByRole("textbox", { name: "市話" })).toBeFocused();
  await expect(customer(page).getByText("請輸入正確的電話號碼")).toBeVisible();
  await expect(customer(page).getByRole("textbox", { name: "姓名" })).toHaveValue("陳大文");
  // Typed in full width by a Chinese input method, it is read as half width.
  await customer(page).getByRole("textbox", { name: "市話" }).fill("（０２）２３４５－６７８９＃１２");
  await page.getByRole("button", { name: "同訂購人資料" }).click();
  await expect(receiver(page).getByRole("textbox", { name: "詳細地址" })).toHaveValue(
    "復興南路一段 219 巷 18 號",
  );
  await expect(receiver(page).getByRole("textbox", { name: "市話" })).toHaveValue(
    "（０２）２３４５－６７８９＃１２",
  );

  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "取得 ATM 轉帳帳號" }).click();

  await expect(page).toHaveURL(/\/cart\/result\?number=\d+$/);
  await expect(page.getByText("請於期限內完成 ATM 轉帳")).toBeVisible();
  await expect(page.getByText("銀行代碼")).toBeVisible();
  // The simulator issues accounts at 台新 (812), as ECPay does by default: the bank is named.
  await expect(page.getByText("812 台新銀行", { exact: true })).toBeVisible();
  await expect(page.getByText("轉帳帳號")).toBeVisible();
  await expect(page.getByText("等待繳費").first()).toBeVisible();
  // Merchandise has no page of its own: its title is not a link.
  await expect(page.getByText(merch.title)).toBeVisible();
  await expect(page.getByRole("link", { name: merch.title })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("shiyi_cart"))).toBeNull();

  // Nothing was paid: the page says the same after a refresh.
  await page.getByRole("link", { name: "重新整理" }).click();
  await expect(page.getByText("請於期限內完成 ATM 轉帳")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /付款/ })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("button", { name: /付款/ })).toHaveCount(0);

  // Days later the buyer transfers the money: ECPay (the simulator) reports it, and the page says so.
  const number = orderNumberOf(page);
  const paid = await request.post(`/_ecpay/simulator/payments/${number}P01/pay`);
  expect(paid.status(), await paid.text()).toBe(200);
  await page.getByRole("link", { name: "重新整理" }).click();
  await expect(page.getByText("付款完成，感謝您的訂購！")).toBeVisible();
  const mail = await waitForMail(request, email, `訂單 ${number}`);
  expect(mail.text).toContain("收件人：陳大文（0912345678、(02)2345-6789#12）；寄送方式：宅配到府，");
});

test("when the network loses the answer to the checkout, sending it again places no second order", async ({
  page,
  context,
  request,
}) => {
  const member = await createMember(request);
  const tokens = await signIn(request, context, member);
  const merch = await productInStock(request, "merch");
  await addToServerCart(request, tokens.access_token, merch);
  await chooseOnCart(page, { shipping: "宅配到府", payment: "信用卡" });
  await customer(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
  await fillAddress(customer(page), buyerAddress);
  await page.getByRole("button", { name: "同訂購人資料" }).click();

  // The server places the order, but its answer (and the cookies it sets) never reaches the browser.
  const lost = await loseAnswerOnce(page, "**/cart/checkout*");
  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await expect.poll(lost).toBe(1);
  await expect(page.getByRole("alert").filter({ hasText: "網路連線中斷" })).toBeVisible();
  // Everything typed is still there, and the button sends it again.
  await expect(customer(page).getByRole("textbox", { name: "詳細地址" })).toHaveValue(
    "復興南路一段 219 巷 18 號",
  );
  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "信用卡付款成功" }).click();
  await expect(page).toHaveURL(/\/cart\/result\?number=\d+$/);
  await expect(page.getByText("付款完成，感謝您的訂購！")).toBeVisible();

  // The second sending was given the first order to pay: the history holds that one alone.
  const number = orderNumberOf(page);
  await page.goto("/member/history");
  await expect(page.getByRole("article", { name: new RegExp(number) })).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
});

test("one submit of the checkout shows every message, the rules that tie fields together included", async ({
  page,
  request,
}) => {
  const merch = await productInStock(request, "merch");
  await seedLocalCart(page, merch, "e2e-all-errors");
  await chooseOnCart(page, { shipping: "宅配到府", payment: "信用卡" });
  await page.getByRole("radio", { name: /公司戶發票/ }).check();
  await page.getByRole("textbox", { name: "統一編號" }).fill("1234");
  await page.getByRole("checkbox", { name: /同時註冊會員/ }).check();
  await page.getByRole("textbox", { name: "密碼", exact: true }).fill("Abcdefg1");
  await page.getByRole("textbox", { name: "確認密碼" }).fill("Abcdefg2");
  // The buyer's name and the rest are still empty: their messages and the others come together.
  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await expect(customer(page).getByText("此項為必填").first()).toBeVisible();
  await expect(page.getByText("請輸入正確的統編長度")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "發票抬頭" })).toHaveAccessibleDescription(/此項為必填/);
  await expect(page.getByText("密碼驗證不相符")).toBeVisible();

  // Another kind of receipt and back: what was typed for the company is still there.
  await page.getByRole("textbox", { name: "發票抬頭" }).fill("食藝文化出版有限公司");
  await page.getByRole("radio", { name: /手機條碼載具/ }).check();
  await expect(page.getByRole("textbox", { name: "發票抬頭" })).toBeHidden();
  await page.getByRole("radio", { name: /公司戶發票/ }).check();
  await expect(page.getByRole("textbox", { name: "發票抬頭" })).toHaveValue("食藝文化出版有限公司");
  await expect(page.getByRole("textbox", { name: "統一編號" })).toHaveValue("1234");
});

test("what a visitor typed at checkout is there again after going back to the cart to change it", async ({
  page,
  request,
}) => {
  const merch = await productInStock(request, "merch");
  await seedLocalCart(page, merch, "e2e-draft");
  await chooseOnCart(page, { shipping: "宅配到府", payment: "ATM 轉帳" });
  await customer(page).getByRole("textbox", { name: "姓名" }).fill("王美玲");
  await customer(page).getByRole("textbox", { name: "電子郵件" }).fill("draft@example.test");
  await customer(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
  await page.getByRole("textbox", { name: "給我們的話" }).fill("請在週末送達");

  await page.getByRole("link", { name: "回購物車修改" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await chooseOnCart(page, { shipping: "宅配到府", payment: "信用卡" });
  await expect(customer(page).getByRole("textbox", { name: "姓名" })).toHaveValue("王美玲");
  await expect(customer(page).getByRole("textbox", { name: "電子郵件" })).toHaveValue("draft@example.test");
  await expect(customer(page).getByRole("textbox", { name: "手機" })).toHaveValue("0912345678");
  await expect(page.getByRole("textbox", { name: "給我們的話" })).toHaveValue("請在週末送達");
});

test("the pickup store chosen on the map stays through a return to the cart, while the chain does", async ({
  page,
  request,
}) => {
  const issue = await productInStock(request, "magazines");
  await seedLocalCart(page, issue, "e2e-store");
  await chooseOnCart(page, { shipping: "超商取貨", brand: "7-ELEVEN", payment: "信用卡" });
  await customer(page).getByRole("textbox", { name: "姓名" }).fill("王美玲");
  await page.getByRole("button", { name: "選擇門市" }).click();
  await expect(page).toHaveURL(/\/_ecpay\//);
  await page.getByRole("button", { name: "建國門市" }).click();
  await expect(page.getByText("7-ELEVEN 建國門市")).toBeVisible();

  // Back to the cart to change the quantity: the same chain keeps the store, and what was typed.
  await page.getByRole("link", { name: "回購物車修改" }).click();
  await chooseOnCart(page, { shipping: "超商取貨", brand: "7-ELEVEN", payment: "ATM 轉帳" });
  await expect(page.getByText("7-ELEVEN 建國門市")).toBeVisible();
  await expect(page.getByRole("button", { name: "重新選擇門市" })).toBeVisible();
  await expect(customer(page).getByRole("textbox", { name: "姓名" })).toHaveValue("王美玲");

  // Another chain asks for one of its own stores.
  await page.getByRole("link", { name: "回購物車修改" }).click();
  await chooseOnCart(page, { shipping: "超商取貨", brand: "全家便利商店", payment: "ATM 轉帳" });
  await expect(page.getByText("建國門市")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "選擇門市", exact: true })).toBeVisible();
});

test("a reader abroad orders an issue to their own address and phone, at the overseas price", async ({
  page,
  request,
}) => {
  const magazine = await productInStock(request, "magazines");
  await seedLocalCart(page, magazine, "e2e-abroad");
  await chooseOnCart(page, { shipping: "海外寄送", payment: "信用卡" });
  await customer(page).getByRole("textbox", { name: "姓名" }).fill("Lin Hua");
  await customer(page).getByRole("textbox", { name: "電子郵件" }).fill(`abroad${Date.now()}@example.test`);
  await customer(page).getByRole("textbox", { name: "手機" }).fill("+81 90 1234 5678");
  await page.getByRole("button", { name: "同訂購人資料" }).click();
  const address = page.getByRole("group", { name: /海外收件地址/ });
  await address.getByRole("textbox", { name: "郵遞區號 Postal code" }).fill("150-0001");
  await address.getByRole("textbox", { name: "國家 Country" }).fill("Japan");
  await address.getByRole("textbox", { name: "州省／城市 State / City" }).fill("Tokyo");
  await address.getByRole("textbox", { name: "街道地址 Street" }).fill("1-2-3 Jingumae, Shibuya-ku");
  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "信用卡付款成功" }).click();
  await expect(page.getByText("付款完成，感謝您的訂購！")).toBeVisible();
  await expect(page.getByText("1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001, Japan")).toBeVisible();
  await expect(page.getByText("+81 90 1234 5678").first()).toBeVisible();
});

test("a member may keep the delivery address in Taiwan as theirs, never an address abroad", async ({
  page,
  context,
  request,
}) => {
  await memberWithOneInCart(request, context, "magazines");
  await chooseOnCart(page, { shipping: "宅配到府", payment: "信用卡" });
  await expect(page.getByRole("checkbox", { name: "將收件地址存為會員地址" })).toBeVisible();
  await chooseOnCart(page, { shipping: "海外寄送", payment: "信用卡" });
  await expect(page.getByRole("group", { name: /海外收件地址/ })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /存為會員地址/ })).toHaveCount(0);
});

test("back from ECPay's page, the cart tells of the order waiting for payment and leads to paying it", async ({
  page,
  request,
}) => {
  const number = await orderToPayByCard(page, request, "unpaid");

  // The buyer leaves ECPay's page for the cart: their lines are there, and so is the order.
  await page.goto("/cart");
  const notice = page.getByRole("region", { name: "您有一筆尚未付款的訂單" });
  await expect(notice).toContainText(number);
  await notice.getByRole("link", { name: "查看訂單並付款" }).click();
  await expect(page).toHaveURL(`/cart/result?number=${number}`);
  await page.getByRole("button", { name: "前往付款" }).click();
  await page.getByRole("button", { name: "信用卡付款成功" }).click();
  await expect(page.getByText("付款完成，感謝您的訂購！")).toBeVisible();

  // Paid, the order no longer waits: the cart says nothing of it.
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "購物車", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "您有一筆尚未付款的訂單" })).toHaveCount(0);
});

test("a buyer gives up an unpaid order from its page: cancelled after a confirm, its items offered back", async ({
  page,
  request,
}) => {
  const number = await orderToPayByCard(page, request, "cancel");
  await page.goto(`/cart/result?number=${number}`);
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();

  // Kept, the first time: the dialog's other choice.
  const cancel = page.getByRole("main").getByRole("button", { name: "取消訂單" });
  await cancel.click();
  const dialog = page.getByRole("alertdialog", { name: "取消訂單" });
  await dialog.getByRole("button", { name: "保留訂單" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("訂單已成立，尚未付款")).toBeVisible();

  await cancel.click();
  await dialog.getByRole("button", { name: "取消訂單" }).click();
  await expect(page.getByText("訂單已取消，保留的商品已釋出").first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "訂單已取消" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "前往付款" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "重新放入購物車" })).toBeVisible();
  // Read again, it stays so.
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "訂單已取消" }).first()).toBeVisible();
});

test("a visitor who joins with the order is told on its page that the account is made, once", async ({
  page,
  request,
}) => {
  const merch = await productInStock(request, "merch");
  await seedLocalCart(page, merch, "e2e-join");
  await chooseOnCart(page, { shipping: "宅配到府", payment: "信用卡" });
  const email = `join${Date.now()}@example.test`;
  await fillBuyerForHome(page, email);
  await page.getByRole("checkbox", { name: /同時註冊會員/ }).check();
  await page.getByRole("textbox", { name: "密碼", exact: true }).fill("Abcdefg1");
  await page.getByRole("textbox", { name: "確認密碼" }).fill("Abcdefg1");
  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "信用卡付款成功" }).click();
  await expect(page.getByText("付款完成，感謝您的訂購！")).toBeVisible();
  const joined = page.getByRole("status").filter({ hasText: "會員帳號已建立" });
  await expect(joined).toContainText(email);
  await page.reload();
  await expect(page.getByText("付款完成，感謝您的訂購！")).toBeVisible();
  await expect(page.getByText("會員帳號已建立")).toHaveCount(0);
});

test("a failed card payment leaves the order payable, and paying again completes it", async ({
  page,
  context,
  request,
}) => {
  await memberWithOneInCart(request, context, "merch");

  await chooseOnCart(page, { shipping: "宅配到府", payment: "信用卡" });
  await customer(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
  await receiver(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
  await fillAddress(receiver(page), ["403", "臺中市", "西區", "民權路 100 號"]);
  await page.getByRole("radio", { name: "公司戶發票（統一編號）" }).check();
  await page.getByRole("textbox", { name: "發票抬頭" }).fill("食藝文化出版有限公司");
  await page.getByRole("textbox", { name: "統一編號" }).fill("04595257");

  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "付款失敗" }).click();

  await expect(page).toHaveURL(/\/cart\/result\?number=\d+$/);
  const number = orderNumberOf(page);
  await expect(page.getByText("付款未完成")).toBeVisible();
  // The way it was paid by is the one offered again.
  await expect(page.getByRole("radio", { name: "信用卡" })).toBeChecked();
  await page.getByRole("button", { name: "重新付款" }).click();
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await expect(page.getByText(`${number}P02`)).toBeVisible();
  await page.getByRole("button", { name: "信用卡付款成功" }).click();
  await expect(page).toHaveURL(`/cart/result?number=${number}`);
  await expect(page.getByText("付款完成，感謝您的訂購！")).toBeVisible();
  await expect(page.getByText("04595257")).toBeVisible();
});

test("after a refused card, the buyer pays the same order by ATM transfer instead", async ({
  page,
  request,
}) => {
  const number = await orderToPayByCard(page, request, "switch");
  await page.getByRole("button", { name: "付款失敗" }).click();
  await expect(page).toHaveURL(`/cart/result?number=${number}`);
  await expect(page.getByText("付款未完成")).toBeVisible();

  const ways = page.getByRole("group", { name: "付款方式" });
  await expect(ways.getByRole("radio")).toHaveCount(3);
  await ways.getByRole("radio", { name: "ATM 轉帳" }).check();
  await page.getByRole("button", { name: "重新付款" }).click();
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await expect(page.getByText(`${number}P02`)).toBeVisible();
  await page.getByRole("button", { name: "取得 ATM 轉帳帳號" }).click();

  await expect(page).toHaveURL(`/cart/result?number=${number}`);
  await expect(page.getByText("請於期限內完成 ATM 轉帳")).toBeVisible();
  await expect(page.getByText("轉帳帳號")).toBeVisible();
  await expect(page.getByText("ATM 轉帳・等待繳費")).toBeVisible();
  // Waiting for the transfer, the order offers no other way of paying.
  await expect(page.getByRole("group", { name: "付款方式" })).toHaveCount(0);
});

test("ECPay's cross-site return is answered with a redirect to the result page, without the session", async ({
  request,
}) => {
  const response = await request.post("/cart/result?number=26071600000001", {
    form: { RtnCode: "1", MerchantTradeNo: "26071600000001P01" },
    headers: { origin: "https://payment-stage.ecpay.com.tw" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe("/cart/result?number=26071600000001");
  const bare = await request.get("/cart/result", { maxRedirects: 0 });
  expect(bare.headers().location).toBe("/cart");
});

test("the whole journey: a visitor's cart, a second tab, login and merge, store pickup paid by card", async ({
  page,
  context,
  request,
}) => {
  const member = await createMember(request);
  const magazine = await productInStock(request, "magazines");
  const issue = (await (
    await request.get(`/api/magazines/${magazine.id}`, { headers: { accept: "application/json" } })
  ).json()) as { data: { path: string } };

  // Anonymous: added on the issue's page.
  await page.goto(`/magazines/${issue.data.path}`);
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
  await page.getByRole("button", { name: /^加入購物車/ }).click();
  await expect(page.getByRole("region", { name: "通知" }).getByText("成功加入購物車")).toBeVisible();

  // A second tab sees the line.
  const second = await context.newPage();
  await second.setExtraHTTPHeaders({ "x-forwarded-for": testAddress() });
  await second.goto("/cart");
  await expect(second.getByRole("heading", { name: magazine.title, level: 3 })).toBeVisible();
  await second.close();

  // Logging in through the form merges the local line into the member's cart.
  await page.goto("/auth/login?redirect=%2Fcart");
  await page.getByRole("textbox", { name: "帳號或電子郵件" }).fill(member.email);
  await page.getByRole("textbox", { name: "密碼", exact: true }).fill(member.password);
  await page.getByRole("button", { name: "登入", exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("region", { name: "通知" }).getByText("成功加入 1 件商品")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("shiyi_cart"))).toBeNull();

  // Store pickup chosen on the map, paid by card.
  await chooseOnCart(page, { shipping: "超商取貨", brand: "全家便利商店", payment: "信用卡" });
  await customer(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
  await receiver(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
  await page.getByRole("button", { name: "選擇門市" }).click();
  await expect(page).toHaveURL(/\/_ecpay\//);
  await page.getByRole("button", { name: "全家新生店" }).click();
  await expect(page).toHaveURL(/\/cart\/checkout\?.*store_id=/);
  await expect(page.getByText("全家便利商店 全家新生店")).toBeVisible();
  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await expect(page).toHaveURL(/\/_ecpay\/.*AioCheckOut/);
  await page.getByRole("button", { name: "信用卡付款成功" }).click();

  await expect(page).toHaveURL(/\/cart\/result\?number=\d+$/);
  const number = orderNumberOf(page);
  await expect(page.getByText("付款完成，感謝您的訂購！")).toBeVisible();
  await page.goto("/member/history");
  await expect(page.getByRole("article", { name: new RegExp(number) }).getByText("已付款")).toBeVisible();
  const mail = await waitForMail(request, member.email, `訂單 ${number}`);
  expect(mail.subject).toBe(`訂單 ${number} 付款完成`);
});

test("checkout, result, history and an order's page have no serious accessibility violations and fit at 375 and 1280 px", async ({
  page,
  context,
  request,
}) => {
  // Four pages, each scanned by axe and photographed at two widths, after placing an order: eight
  // axe runs, given the time of slow tests (as the members' pages' six are).
  test.slow();
  const check = async (url: string) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
      const { ids, report } = await blockingViolations(page);
      expect(ids, `${url} at ${width} px\n${report}`).toEqual([]);
      // Nothing runs off the side, and a picture for people to look at.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      const name = new URL(url).pathname.replaceAll("/", "-");
      await page.screenshot({ path: `test-results/screenshots/shop${name}-${width}.png`, fullPage: true });
    }
  };
  await memberWithOneInCart(request, context, "merch");
  await chooseOnCart(page, { shipping: "宅配到府", payment: "ATM 轉帳" });
  const checkout = page.url();
  await check(checkout);
  await page.goto(checkout);
  await customer(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
  await receiver(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
  await fillAddress(receiver(page), ["403", "臺中市", "西區", "民權路 100 號"]);
  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  await page.getByRole("button", { name: "取得 ATM 轉帳帳號" }).click();
  await expect(page).toHaveURL(/\/cart\/result\?number=\d+$/);
  const result = page.url();
  await check(result);
  await check(new URL("/member/history", result).href);
  await check(new URL(`/member/orders/${new URL(result).searchParams.get("number")}`, result).href);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a checkout sent without its pickup store comes back with the focus on 選擇門市, which says so", async ({
    page,
    request,
    context,
  }) => {
    await memberWithOneInCart(request, context, "magazines");
    await chooseOnCart(page, { shipping: "超商取貨", brand: "全家便利商店", payment: "信用卡" });
    await customer(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
    await receiver(page).getByRole("textbox", { name: "手機" }).fill("0912345678");
    await page.getByRole("button", { name: "送出訂單並付款" }).click();
    const picker = page.getByRole("button", { name: "選擇門市", exact: true });
    await expect(picker).toBeFocused();
    await expect(picker).toHaveAccessibleDescription(/請選擇取貨門市/);
    await expect(picker).toBeInViewport();
    await expect(customer(page).getByRole("textbox", { name: "手機" })).toHaveValue("0912345678");
  });
});
