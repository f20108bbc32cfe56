import { expect, test } from "@playwright/test";

const notFoundText = "找不到相關頁面！請點擊其他連結瀏覽";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

for (const path of ["/no-such-page", "/news/no-such-article"]) {
  test(`${path} answers 404 with the error page and a way back home`, async ({ page, baseURL }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    // Not kept by any cache: an item scheduled for later is a 404 only until it is published.
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(notFoundText);
    await expect(page).toHaveTitle(/^404 Page Not Found/);

    await page
      .getByRole("link", { name: "回首頁" })
      .or(page.getByRole("button", { name: "回首頁" }))
      .click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(notFoundText);
  });
}

test("a list page past the last page answers 404", async ({ page }) => {
  const response = await page.goto("/news?page=999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(notFoundText);
});

test("a list shown whole has its page 1 and no other, like a paged list past its last page", async ({
  request,
}) => {
  for (const path of ["/magazines", "/author", "/ebooks", "/policy"]) {
    expect((await request.get(`${path}?page=1`)).status(), `${path}?page=1`).toBe(200);
    for (const page of ["2", "abc", "-1", "99999"])
      expect((await request.get(`${path}?page=${page}`)).status(), `${path}?page=${page}`).toBe(404);
  }
});

for (const path of ["/no-such-page", "/news/no-such-article"]) {
  test(`a search-engine bot gets the 404 status of ${path} without the error page`, async ({ request }) => {
    const response = await request.get(path, { headers: { "user-agent": googlebot } });
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain(notFoundText);
  });
}

test("a bot's form post gets the form's reply, not an empty error: only error pages are withheld", async ({
  request,
}) => {
  const response = await request.post("/auth/login", {
    form: { account: "", password: "" },
    headers: { "user-agent": googlebot },
  });
  expect(response.status()).toBe(422);
  const html = await response.text();
  expect(html).toContain("此項為必填");
  expect(html).not.toContain(notFoundText);
  // A post to a page that takes none is an error page, withheld as any other.
  const refused = await request.post("/news", { form: { q: "x" }, headers: { "user-agent": googlebot } });
  expect(refused.status()).toBe(405);
  expect(await refused.text()).toBe("");
});
