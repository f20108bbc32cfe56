import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { blockingViolations } from "./support/axe.ts";
import { createMember, signIn, testAddress } from "./support/members.ts";

/*
 * Merchandise has no page of its own: the 選物 section of /magazines lists it, each item with its
 * own anchor (#merch-<path>) and 加入購物車.
 */

// A desktop browser's user agent: the headless one counts as a bot (SPEC §2's bot rule).
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
test.use({ userAgent });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": testAddress() });
});

type Merch = { path: string; title: string; stock: number; max_quantity: number; available: 0 | 1 };

/** A merchandise item on sale with a few left, found through the API so no seed row is hard-coded. */
async function merchOnSale(request: APIRequestContext): Promise<Merch> {
  const response = await request.get("/api/merch", { headers: { accept: "application/json" } });
  const { data } = (await response.json()) as { data: Merch[] };
  const item = data.find((entry) => entry.available === 1 && entry.stock >= 5 && entry.max_quantity >= 2);
  expect(item, "a merchandise item on sale").toBeTruthy();
  return item!;
}

/** Opens a page and waits for the loading screen to lift (the app has started). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("progressbar", { name: "網站載入中" })).toBeHidden();
}

const toast = (page: Page, text: string) => page.getByRole("region", { name: "通知" }).getByText(text);
const cartLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /購物車/ });

test("a visitor adds a merchandise item from /magazines and finds it on /cart", async ({ page, request }) => {
  const item = await merchOnSale(request);

  // The item's anchor brings its card into view.
  await open(page, `/magazines#merch-${item.path}`);
  const merch = page.getByRole("region", { name: "選物" });
  const card = merch.getByRole("article", { name: item.title });
  await expect(card).toBeInViewport();
  await expect(card.getByRole("img")).toBeVisible();

  await card.getByRole("spinbutton", { name: /^數量/ }).fill("2");
  await card.getByRole("button", { name: /^加入購物車/ }).click();
  await expect(toast(page, "成功加入購物車")).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(/2 件商品/);

  await open(page, "/cart");
  await expect(page.getByRole("heading", { name: item.title, level: 3 })).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: `數量：${item.title}` })).toHaveValue("2");
});

type Option = { name: string; values: string[] };

test("an item's options are chosen on its card and named on the cart's line, for visitors and members", async ({
  page,
  context,
  request,
}) => {
  const response = await request.get("/api/merch", { headers: { accept: "application/json" } });
  const { data } = (await response.json()) as { data: (Merch & { options: Option[] })[] };
  const item = data.find((entry) => entry.available === 1 && entry.stock >= 5 && entry.options.length > 0);
  expect(item, "a merchandise item with options").toBeTruthy();
  const [option] = item!.options;
  const [first, second] = option!.values;

  await open(page, `/magazines#merch-${item!.path}`);
  const card = page.getByRole("region", { name: "選物" }).getByRole("article", { name: item!.title });
  const choices = card.getByRole("group", { name: option!.name });
  // The first value starts chosen; the buyer picks the second.
  await expect(choices.getByRole("radio", { name: first! })).toBeChecked();
  await choices.getByRole("radio", { name: second! }).check();
  await card.getByRole("button", { name: /^加入購物車/ }).click();
  await expect(toast(page, "成功加入購物車")).toBeVisible();
  await open(page, "/cart");
  await expect(page.getByText(`規格：${second}`)).toBeVisible();

  // A member's choice goes through the server's cart, and is its own line beside another value.
  const member = await createMember(request);
  await signIn(request, context, member);
  await open(page, `/magazines#merch-${item!.path}`);
  await choices.getByRole("radio", { name: first! }).check();
  await card.getByRole("button", { name: /^加入購物車/ }).click();
  await expect(toast(page, "成功加入購物車")).toBeVisible();
  await open(page, "/cart");
  await expect(page.getByText(`規格：${first}`)).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`/magazines with its 選物 has no serious accessibility violations at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, "/magazines#merch");
    await expect(page.getByRole("heading", { name: "選物", level: 2 })).toBeInViewport();
    const { ids, report } = await blockingViolations(page);
    expect(ids, report).toEqual([]);
  });
}
