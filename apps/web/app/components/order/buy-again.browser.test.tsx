import type { Order } from "@shiyi/contracts";
import { Outlet, createRoutesStub, useActionData } from "react-router";
import { beforeEach, expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { localCartStorageKey } from "~/lib/cart/local-cart";
import { BuyAgain } from "./buy-again";

const order = {
  number: "26112629758838",
  line_items: [
    { item_id: 3, type: "magazine", sku: [], quantity: 3, title: "餐飲業的新世代", price: 380 },
    { item_id: 1, type: "merch", sku: ["帆布袋"], quantity: 1, title: "食藝帆布袋", price: 450 },
  ],
} as unknown as Order;

const ordered = [
  { item_id: 3, type: "magazine", sku: [], quantity: 3 },
  { item_id: 1, type: "merch", sku: ["帆布袋"], quantity: 1 },
];

/** The result page's button under a root that says who is here, and a /cart page that shows what it got. */
function renderFor(member: boolean) {
  const posted: FormData[] = [];
  function Cart() {
    const reply = useActionData<{ merged: string }>();
    return <h1>購物車{reply ? `：${reply.merged}` : ""}</h1>;
  }
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      loader: () => ({ member: member ? { name: "王小明" } : null, cartCount: null }),
      children: [
        { path: "cart/result", Component: () => <BuyAgain order={order} /> },
        {
          path: "cart",
          Component: Cart,
          action: async ({ request }) => {
            const form = await request.formData();
            posted.push(form);
            return { merged: String(form.get("intent")) };
          },
        },
      ],
    },
  ]);
  return { posted, rendered: render(<Stub initialEntries={["/cart/result"]} />) };
}

beforeEach(() => localStorage.removeItem(localCartStorageKey));

test("a visitor's lapsed order goes back into the local cart, and the cart opens", async () => {
  const { posted, rendered } = renderFor(false);
  await rendered;
  await page.getByRole("button", { name: "重新放入購物車" }).click();
  await expect.element(page.getByRole("heading", { name: "購物車", exact: true })).toBeVisible();
  expect(posted).toHaveLength(0);
  // The cart lists the newest line first: what matters is that each ordered line is there, once.
  const lines = JSON.parse(localStorage.getItem(localCartStorageKey) ?? "[]") as Record<string, unknown>[];
  const kept = lines.map(({ item_id, type, sku, quantity }) => ({ item_id, type, sku, quantity }));
  expect(kept).toHaveLength(ordered.length);
  expect(kept).toEqual(expect.arrayContaining(ordered));
});

test("a member's lapsed order is posted to the cart's merge, and the cart opens with its answer", async () => {
  const { posted, rendered } = renderFor(true);
  await rendered;
  await page.getByRole("button", { name: "重新放入購物車" }).click();
  await expect.element(page.getByRole("heading", { name: "購物車：merge" })).toBeVisible();
  expect(posted).toHaveLength(1);
  expect(JSON.parse(String(posted[0]!.get("items")))).toEqual(ordered);
  expect(localStorage.getItem(localCartStorageKey)).toBeNull();
});
