import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { jpegSize, webpSize, webpWidth } from "../test/image-size.ts";
import { expect, test } from "./support/site.ts";

async function newsWithImage(request: APIRequestContext) {
  const { data } = (await (await request.get("/api/news?limit=50")).json()) as {
    data: { path: string; image: { url: string } | null }[];
  };
  const item = data.find((news) => news.image);
  expect(item, "a news item with an image").toBeDefined();
  return item as { path: string; image: { url: string } };
}

test("the image proxy answers webp at the requested width", async ({ request }) => {
  const { image } = await newsWithImage(request);
  const response = await request.get(`/_ipx/f_webp,w_320${image.url}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(webpWidth(await response.body())).toBe(320);

  // Made once: the next reader gets the same image from memory, and a browser's copy is confirmed.
  const again = await request.get(`/_ipx/f_webp,w_320${image.url}`);
  expect(again.headers()["x-cache"]).toBe("HIT");
  expect(await again.body()).toEqual(await response.body());
  const revalidated = await request.get(`/_ipx/f_webp,w_320${image.url}`, {
    headers: { "if-none-match": response.headers()["etag"]! },
  });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers()["cache-control"]).toBe(response.headers()["cache-control"]);
});

test("a picture asked for in a box is made at that box: the share image and the placeholder", async ({
  request,
  page,
}) => {
  // Every source picture of the demo is wider than 1200:630, so a width alone would not make the box.
  const news = await newsWithImage(request);
  await page.goto(`/news/${news.path}`);
  const shareImage = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(shareImage).toMatch(/\/_ipx\/f_jpeg,fit_cover,s_1200x630\/media\//);
  const share = await request.get(new URL(shareImage!).pathname);
  expect(share.headers()["content-type"]).toBe("image/jpeg");
  expect(jpegSize(await share.body())).toEqual({ width: 1200, height: 630 });

  const placeholder = await request.get(`/_ipx/f_webp,fit_cover,s_10x10,q_50,blur_3${news.image.url}`);
  expect(webpSize(await placeholder.body())).toEqual({ width: 10, height: 10 });
});

test("a magazine's share picture is its whole cover, on paper, at the 1200×630 of a link preview", async ({
  request,
  page,
}) => {
  const { data } = (await (await request.get("/api/magazines?limit=1")).json()) as {
    data: { path: string }[];
  };
  await page.goto(`/magazines/${data[0]!.path}`);
  const shareImage = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(shareImage).toContain("fit_contain,enlarge,s_1200x630");
  const share = await request.get(new URL(shareImage!).pathname);
  expect(share.status()).toBe(200);
  const body = await share.body();
  // The demo's covers are 900 px wide: without `enlarge` the proxy shrinks the box to 900×473.
  expect(jpegSize(body)).toEqual({ width: 1200, height: 630 });
  // Portrait, so whole: paper on its left and right, the cover in the middle.
  const { data: pixels, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [
    ...pixels.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
  ];
  for (const [x, y] of [
    [5, 5],
    [1194, 624],
  ]) {
    const [r, g, b] = pixel(x!, y!);
    expect(
      Math.abs(r! - 0xf4) + Math.abs(g! - 0xef) + Math.abs(b! - 0xe6),
      `paper at ${x},${y}`,
    ).toBeLessThan(12);
  }
  const [r, g, b] = pixel(600, 315);
  expect(
    Math.abs(r! - 0xf4) + Math.abs(g! - 0xef) + Math.abs(b! - 0xe6),
    "the cover in the middle",
  ).toBeGreaterThan(12);
});

test("the image proxy takes a remote picture only by its alias, never by its address", async ({
  request,
}) => {
  for (const source of [
    "https://example.com/picture.jpg",
    "https://img.youtube.com/vi/abc/hqdefault.jpg",
    "http://i.vimeocdn.com/video/1.jpg",
  ]) {
    const response = await request.get(`/_ipx/f_webp,w_320/${source}`);
    expect(response.status(), source).toBe(404);
  }
});

test.describe("images on an article page", () => {
  // Without scripts the page is the server's markup, before lazy images near the viewport are promoted.
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 720 } });

  test("carry their size, a webp srcset through the proxy, and load lazily below the fold", async ({
    page,
    request,
  }) => {
    const { path } = await newsWithImage(request);
    await page.goto(`/news/${path}`);
    const images = page.getByRole("main").locator("img");
    expect(await images.count()).toBeGreaterThan(0);

    const viewportHeight = page.viewportSize()!.height;
    let belowTheFold = 0;
    for (const image of await images.all()) {
      const src = await image.getAttribute("src");
      await expect(image, `width of ${src}`).toHaveAttribute("width", /^\d+$/);
      await expect(image, `height of ${src}`).toHaveAttribute("height", /^\d+$/);
      const srcset = (await image.getAttribute("srcset")) ?? "";
      // Proxy URLs hold commas themselves (`f_webp,w_320`): a candidate ends at a comma after its descriptor.
      const candidates = [...srcset.matchAll(/(\S+)\s+(\d+(?:\.\d+)?[wx])(?:,|$)/g)].map(
        ([, url, descriptor]) => ({
          url: url!,
          descriptor: descriptor!,
        }),
      );
      expect(candidates.length, `srcset of ${src}: ${srcset}`).toBeGreaterThan(1);
      for (const { url } of candidates) expect(url, `srcset of ${src}`).toMatch(/^\/_ipx\/[^/]*f_webp/);
      const descriptors = candidates.map(({ descriptor }) => descriptor);
      if (descriptors.every((descriptor) => descriptor.endsWith("x"))) {
        expect(descriptors, `srcset of ${src}`).toEqual(expect.arrayContaining(["1x", "2x"]));
      } else {
        for (const descriptor of descriptors) expect(descriptor, `srcset of ${src}`).toMatch(/^\d+w$/);
      }

      const box = await image.boundingBox();
      if (box && box.y >= viewportHeight) {
        belowTheFold++;
        await expect(image, `loading of ${src} below the fold`).toHaveAttribute("loading", "lazy");
      }
    }
    expect(belowTheFold, "images below the fold").toBeGreaterThan(0);
  });
});

test.describe("image placeholders on a list page", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 720 } });

  test("lazy pictures sit on a 10x10, quality 50, blur 3 webp stand-in; the first view's do not", async ({
    page,
  }) => {
    await page.goto("/news");
    const cards = page.getByRole("main").locator("img");
    const lazy = cards.and(page.locator('[loading="lazy"]')).first();
    const style = (await lazy.getAttribute("style")) ?? "";
    expect(style).toMatch(/background-image:\s*url\("?\/_ipx\/f_webp,fit_cover,s_10x10,q_50,blur_3\/media\//);
    const eager = cards.and(page.locator('[loading="eager"]')).first();
    expect((await eager.getAttribute("style")) ?? "").not.toContain("background-image");
  });
});
