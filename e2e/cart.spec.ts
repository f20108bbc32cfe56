import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { blockingViolations } from "./support/axe.ts";
import { createMember, signIn, testAddress } from "./support/members.ts";

/*
 * The cart of SPEC §2, §4 and §5: a visitor's local cart shared by their tabs, changed and emptied
 * on /cart, then merged into the member's server cart at login.
 */

// A desktop browser's user agent: the headless one counts as a bot (SPEC §2's bot rule).
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
test.use({ userAgent });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": testAddress() });
});

type Issue = {
  id: number;
  path: string;
  title: string;
  price: number;
  overseas_price: number | null;
  stock: number;
  max_quantity: number;
  available: 0 | 1;
};

/** An issue on sale with a few copies left: the seeded site has sold-out ones too. */
async function issueOnSale(request: APIRequestContext): Promise<Issue> {
  const response = await request.get("/api/magazines", { headers: { accept: "application/json" } });
  const { data } = (await response.json()) as { data: Issue[] };
  const issue = data.find((item) => item.available === 1 && item.stock >= 5 && item.max_quantity >= 3);
  expect(issue, "an issue on sale").toBeTruthy();
  return issue!;
}

/** Opens a page and waits for the loading screen to lift (the app has started). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
}

/** The newest toast with this text: the same message may still be showing from an earlier action. */
const toast = (page: Page, text: string) => page.getByRole("region", { name: "通知" }).getByText(text).last();
const cartLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /購物車/ });
const quantityOf = (page: Page, title: string) => page.getByRole("spinbutton", { name: `數量：${title}` });

test("a visitor's cart is kept in the browser, shared by tabs, and merged into the member's cart at login", async ({
  page,
  context,
  request,
}) => {
  const issue = await issueOnSale(request);

  // Added on the issue's page: 成功加入購物車, and the header counts it.
  await open(page, `/magazines/${issue.path}`);
  await page.getByRole("button", { name: /^加入購物車/ }).click();
  await expect(toast(page, "成功加入購物車")).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(/1 件商品/);

  // Another tab of the same browser sees the line on /cart.
  const other = await context.newPage();
  await other.setExtraHTTPHeaders({ "x-forwarded-for": testAddress() });
  await open(other, "/cart");
  await expect(other.getByRole("heading", { name: issue.title, level: 3 })).toBeVisible();
  const quantity = quantityOf(other, issue.title);
  await expect(quantity).toHaveValue("1");

  // More of it: 成功更新購物車, and the first tab hears of the change.
  await other.getByRole("button", { name: `增加「${issue.title}」的數量` }).click();
  await expect(toast(other, "成功更新購物車")).toBeVisible();
  await expect(quantity).toHaveValue("2");
  await expect(cartLink(page)).toHaveAccessibleName(/2 件商品/);

  // Removed after the confirm dialog: 已移除商品, and the cart is empty.
  await other.getByRole("button", { name: `移除「${issue.title}」` }).click();
  const dialog = other.getByRole("alertdialog", { name: "移除商品" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "移除" }).click();
  await expect(toast(other, "已移除商品")).toBeVisible();
  await expect(other.getByRole("heading", { name: "購物車目前沒有商品" })).toBeVisible();
  // The focus left with the removed line's button: it is on what replaced the list, not lost, as
  // soon as the dialog has closed (not once the 已移除商品 toast, an alertdialog too, has gone:
  // the keyboard would be lost for the seconds it shows).
  await expect(other.getByRole("heading", { name: "購物車目前沒有商品" })).toBeFocused({ timeout: 2_000 });
  await expect(toast(other, "已移除商品")).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(/^購物車$/);
  await other.close();

  // Added again, three copies, then the visitor logs in: the lines join the member's cart.
  await page.getByRole("spinbutton", { name: /^數量/ }).fill("3");
  await page.getByRole("button", { name: /^加入購物車/ }).click();
  await expect(toast(page, "成功加入購物車")).toBeVisible();
  const member = await createMember(request);
  await signIn(request, context, member);
  await open(page, "/cart");
  await expect(toast(page, "成功加入 3 件商品")).toBeVisible();
  await expect(quantityOf(page, issue.title)).toHaveValue("3");
  await expect(cartLink(page)).toHaveAccessibleName(/3 件商品/);
  expect(await page.evaluate(() => localStorage.getItem("shiyi_cart"))).toBeNull();

  // It is the server's cart now: a fresh page shows it as loaded.
  await page.reload();
  await expect(quantityOf(page, issue.title)).toHaveValue("3");
});

test("a member adds on the issue's page and starts the order draft from /cart", async ({
  page,
  context,
  request,
}) => {
  const issue = await issueOnSale(request);
  await signIn(request, context, await createMember(request));
  await open(page, `/magazines/${issue.path}`);
  await page.getByRole("button", { name: /^加入購物車/ }).click();
  await expect(toast(page, "成功加入購物車")).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(/1 件商品/);

  // The toast leads to the cart, where the line is.
  await toast(page, "成功加入購物車").hover();
  await page.getByRole("region", { name: "通知" }).getByRole("link", { name: "查看購物車" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(quantityOf(page, issue.title)).toHaveValue("1");
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/magazines/${issue.path}$`));
  await expect(page.getByRole("heading", { name: issue.title, level: 1 })).toBeVisible();

  // More than the limit is refused with the API's message, as a danger toast.
  const limit = Math.min(issue.stock, issue.max_quantity);
  await page.getByRole("spinbutton", { name: /^數量/ }).fill(String(limit));
  await page.getByRole("button", { name: /^加入購物車/ }).click();
  const refusal =
    issue.stock < issue.max_quantity
      ? `庫存不足，目前最多可購買 ${limit} 件`
      : `每筆訂單最多購買 ${limit} 件`;
  await expect(toast(page, refusal)).toBeVisible();

  // On /cart, more than the limit typed in is lowered to the limit and saved as such, saying why.
  await open(page, "/cart");
  const quantity = quantityOf(page, issue.title);
  await quantity.fill("99");
  await quantity.press("Enter");
  await expect(toast(page, refusal)).toBeVisible();
  await expect(quantity).toHaveValue(String(limit));
  await expect(quantity).toBeFocused();
  await expect(toast(page, "成功更新購物車")).toBeVisible();
  await page.reload();
  await expect(quantityOf(page, issue.title)).toHaveValue(String(limit));

  const summary = page.getByRole("complementary", { name: "訂單摘要" });
  await summary.getByRole("radio", { name: /超商取貨/ }).check();
  await expect(summary.getByText("NT$ 44", { exact: true }).last()).toBeVisible();
  await summary.getByRole("button", { name: "前往結帳" }).click();
  await expect(summary.getByText("請選擇超商")).toBeVisible();
  await summary.getByRole("radio", { name: "全家便利商店" }).check();
  await summary.getByRole("radio", { name: "ATM 轉帳" }).check();
  await summary.getByRole("button", { name: "前往結帳" }).click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  const draft = (await context.cookies()).find((cookie) => cookie.name === "shiyi_draft");
  expect(draft?.httpOnly).toBe(true);
  expect(JSON.parse(decodeURIComponent(draft!.value))).toEqual({
    payment: "atm",
    shipping: "cvs",
    delivery: "FAMIC2C",
  });
});

for (const width of [375, 1280]) {
  test(`/cart has no serious accessibility violations at ${width} px`, async ({ page, context, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const issue = await issueOnSale(request);
    await signIn(request, context, await createMember(request));
    await open(page, `/magazines/${issue.path}`);
    await page.getByRole("button", { name: /^加入購物車/ }).click();
    await expect(toast(page, "成功加入購物車")).toBeVisible();
    await open(page, "/cart");
    await expect(quantityOf(page, issue.title)).toBeVisible();
    const { ids, report } = await blockingViolations(page);
    expect(ids, report).toEqual([]);
  });
}

/**
 * A new member, signed in, whose cart holds just enough of the dearest merchandise to pass
 * `total` (NT$) of goods; the item and how many.
 */
async function memberCartPast(request: APIRequestContext, context: BrowserContext, total: number) {
  const response = await request.get("/api/merch", { headers: { accept: "application/json" } });
  const { data } = (await response.json()) as {
    data: { id: number; title: string; price: number; stock: number; max_quantity: number }[];
  };
  const item = data.toSorted((a, b) => b.price - a.price)[0]!;
  const quantity = Math.floor(total / item.price) + 1;
  expect(quantity).toBeLessThanOrEqual(Math.min(item.stock, item.max_quantity));
  const tokens = await signIn(request, context, await createMember(request));
  const added = await request.post("/api/cart", {
    headers: {
      accept: "application/json",
      authorization: `Bearer ${tokens.access_token}`,
      "x-forwarded-for": testAddress(),
    },
    data: { item_id: item.id, type: "merch", sku: [], quantity },
  });
  expect(added.status(), await added.text()).toBe(201);
  return { item, quantity };
}

test("a payment that cannot take the order's total is offered disabled, saying why", async ({
  page,
  context,
  request,
}) => {
  // Enough to pass 超商代碼繳費's NT$ 6,000.
  const { item } = await memberCartPast(request, context, 6_000);
  await open(page, "/cart");
  const summary = page.getByRole("complementary", { name: "訂單摘要" });
  await expect(summary.getByRole("radio", { name: /超商代碼繳費/ })).toBeDisabled();
  await expect(summary.getByText("此付款方式的金額須介於 33 至 6,000 元")).toBeVisible();
  await expect(summary.getByRole("radio", { name: /ATM 轉帳/ })).toBeEnabled();

  // Fewer pieces bring the total under the limit, and the choice back.
  await quantityOf(page, item.title).fill("1");
  await expect(toast(page, "成功更新購物車")).toBeVisible();
  await expect(summary.getByRole("radio", { name: /超商代碼繳費/ })).toBeEnabled();
});

test("pickup at a store is offered disabled past NT$20,000 of goods, the most a parcel may declare", async ({
  page,
  context,
  request,
}) => {
  const { item, quantity } = await memberCartPast(request, context, 20_000);
  await open(page, "/cart");
  const summary = page.getByRole("complementary", { name: "訂單摘要" });
  await expect(summary.getByRole("radio", { name: /^超商取貨/ })).toBeDisabled();
  await expect(summary.getByText("超商取貨的商品金額以 NT$20,000 為限，請選擇宅配到府")).toBeVisible();
  await expect(summary.getByRole("radio", { name: /^宅配到府/ })).toBeEnabled();

  await quantityOf(page, item.title).fill(String(quantity - 1));
  await expect(toast(page, "成功更新購物車")).toBeVisible();
  await expect(summary.getByRole("radio", { name: /^超商取貨/ })).toBeEnabled();
});

test("choosing overseas delivery prices the cart's lines at the overseas price, as the summary", async ({
  page,
  request,
}) => {
  const issue = await issueOnSale(request);
  expect(issue.overseas_price, "an issue sold abroad").not.toBeNull();
  await open(page, `/magazines/${issue.path}`);
  await page.getByRole("spinbutton", { name: /^數量/ }).fill("2");
  await page.getByRole("button", { name: /^加入購物車/ }).click();
  await expect(toast(page, "成功加入購物車")).toBeVisible();

  await open(page, "/cart");
  const price = (amount: number) => `NT$ ${amount.toLocaleString("en-US")}`;
  const line = page.getByRole("listitem", { name: issue.title });
  await expect(line.getByText(price(issue.price * 2), { exact: true })).toBeVisible();
  await page.getByRole("radio", { name: /海外寄送/ }).check();
  await expect(line.getByText(price(issue.overseas_price! * 2), { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole("complementary", { name: "訂單摘要" })
      .getByText(price(issue.overseas_price! * 2), { exact: true }),
  ).toBeVisible();
});

for (const who of ["visitor", "member"] as const) {
  test(`a ${who}'s quantity changed and taken straight to the checkout is the one ordered`, async ({
    page,
    context,
    request,
  }) => {
    const issue = await issueOnSale(request);
    if (who === "member") await signIn(request, context, await createMember(request));
    await open(page, `/magazines/${issue.path}`);
    await page.getByRole("button", { name: /^加入購物車/ }).click();
    await expect(toast(page, "成功加入購物車")).toBeVisible();

    await open(page, "/cart");
    const summary = page.getByRole("complementary", { name: "訂單摘要" });
    await summary.getByRole("radio", { name: "宅配到府" }).check();
    await summary.getByRole("radio", { name: "信用卡" }).check();
    // No pause, no Tab: the new quantity is still waiting to be saved when the button is pressed.
    await quantityOf(page, issue.title).fill("3");
    await summary.getByRole("button", { name: "前往結帳" }).click();
    await expect(page).toHaveURL(/\/cart\/checkout$/);
    await expect(page.getByText(new RegExp(`× 3`)).first()).toBeVisible();
    await page.goto("/cart");
    await expect(quantityOf(page, issue.title)).toHaveValue("3");
  });
}

test("a line whose item the shop no longer knows leaves the visitor's cart, so the header counts what the list shows", async ({
  page,
  request,
}) => {
  const issue = await issueOnSale(request);
  await page.addInitScript(
    (lines) => {
      if (!window.sessionStorage.getItem("seeded")) {
        window.localStorage.setItem("shiyi_cart", JSON.stringify(lines));
        window.sessionStorage.setItem("seeded", "1");
      }
    },
    [
      { id: "kept", item_id: issue.id, type: "magazine", sku: [], quantity: 2 },
      // An item deleted for good since it was added (no such id now).
      { id: "gone", item_id: 2_000_000_000, type: "merch", sku: [], quantity: 1 },
    ],
  );
  await open(page, "/cart");
  await expect(quantityOf(page, issue.title)).toHaveValue("2");
  await expect(page.getByText("共 2 件")).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(/2 件商品/);
  await expect(toast(page, "1 項商品目前無法購買，已從購物車移除")).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() =>
        JSON.parse(localStorage.getItem("shiyi_cart") ?? "[]").map((line: { id: string }) => line.id),
      ),
    )
    .toEqual(["kept"]);
});

test("/cart is private: never stored, never indexed", async ({ request }) => {
  const response = await request.get("/cart", { headers: { "user-agent": userAgent } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(await response.text()).toContain('<meta name="robots" content="noindex"/>');
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor's cart, which the browser's scripts keep, says it cannot be shown, not that it is loading", async ({
    page,
  }) => {
    await page.goto("/cart");
    await expect(page.getByText("正在讀取購物車…")).toBeHidden();
    const said = page.getByRole("status").filter({ hasText: "無法顯示購物車" });
    await expect(said).toBeVisible();
    await expect(said).not.toHaveAttribute("aria-busy");
    await expect(said.getByRole("link", { name: "登入會員" })).toHaveAttribute(
      "href",
      "/auth/login?redirect=%2Fcart",
    );
  });
});

test("without JavaScript a visitor's 加入購物車 asks them to log in and come back, saying why", async ({
  request,
}) => {
  const issue = await issueOnSale(request);
  const response = await request.post("/cart", {
    headers: { "user-agent": userAgent, origin: "http://localhost:3100" },
    form: { intent: "add", item_id: "1", type: "magazine", quantity: "1", from: `/magazines/${issue.path}` },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const location = response.headers()["location"]!;
  expect(location).toBe(`/auth/login?redirect=${encodeURIComponent(`/magazines/${issue.path}`)}&reason=cart`);
  const login = await request.get(location, { headers: { "user-agent": userAgent } });
  expect(await login.text()).toContain("未啟用 JavaScript 時，購物車需要登入會員才能使用。");
});
