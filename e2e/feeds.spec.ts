import { expect, test, type Site } from "./support/site.ts";

/** Each section's feed, the seeded item it must list, and the pages that announce it. */
const feeds = [
  {
    section: "news",
    item: (site: Site) => site.news,
    pages: (site: Site) => [
      "/",
      "/news",
      `/news/category/${site.newsCategory.path}`,
      `/news/${site.news.path}`,
    ],
  },
  {
    section: "columns",
    item: (site: Site) => site.column,
    pages: (site: Site) => [
      "/columns",
      `/columns/category/${site.columnCategory.path}`,
      `/columns/${site.column.path}`,
    ],
  },
  {
    section: "features",
    item: (site: Site) => site.feature,
    pages: (site: Site) => ["/features", `/features/${site.feature.path}`],
  },
] as const;

type ParsedFeed = {
  error: string | null;
  root: string;
  version: string | null;
  channel: { title: string; link: string; language: string; self: string | null };
  items: {
    title: string;
    link: string;
    guid: string;
    permaLink: string | null;
    pubDate: string;
    creator: string | null;
  }[];
};

for (const feed of feeds) {
  test(`the ${feed.section} feed is RSS 2.0 whose items open their pages`, async ({
    page,
    request,
    site,
    baseURL,
  }) => {
    const response = await request.get(`/${feed.section}/rss.xml`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers()["cache-control"]).toMatch(/^public/);

    // The browser's own XML parser reads it, as a feed reader would.
    const parsed = await page.evaluate(
      (xml): ParsedFeed => {
        const doc = new DOMParser().parseFromString(xml, "application/xml");
        const text = (parent: Element | Document | undefined, name: string) =>
          parent?.getElementsByTagName(name)[0]?.textContent ?? "";
        const channel = doc.getElementsByTagName("channel")[0];
        return {
          error: doc.getElementsByTagName("parsererror")[0]?.textContent ?? null,
          root: doc.documentElement.nodeName,
          version: doc.documentElement.getAttribute("version"),
          channel: {
            title: text(channel, "title"),
            link: text(channel, "link"),
            language: text(channel, "language"),
            self:
              channel
                ?.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "link")[0]
                ?.getAttribute("href") ?? null,
          },
          items: [...doc.getElementsByTagName("item")].map((item) => ({
            title: text(item, "title"),
            link: text(item, "link"),
            guid: text(item, "guid"),
            permaLink: item.getElementsByTagName("guid")[0]?.getAttribute("isPermaLink") ?? null,
            pubDate: text(item, "pubDate"),
            creator:
              item.getElementsByTagNameNS("http://purl.org/dc/elements/1.1/", "creator")[0]?.textContent ??
              null,
          })),
        };
      },
      await response.text(),
    );

    expect(parsed.error).toBeNull();
    expect(parsed).toMatchObject({ root: "rss", version: "2.0" });
    expect(parsed.channel).toEqual({
      title: `${site.settings.pages[feed.section]!.title}｜${site.settings.name}`,
      link: `${baseURL}/${feed.section}`,
      language: "zh-TW",
      self: `${baseURL}/${feed.section}/rss.xml`,
    });
    expect(parsed.items.length).toBeGreaterThan(0);
    expect(parsed.items.length).toBeLessThanOrEqual(30);

    const demo = feed.item(site);
    const item = parsed.items.find((entry) => entry.title === demo.title);
    expect(item, `${demo.title} is in the feed`).toBeDefined();
    expect(item!.link).toBe(new URL(`/${feed.section}/${demo.path}`, baseURL).href);
    expect(item!).toMatchObject({ guid: item!.link, permaLink: "true" });
    expect(item!.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(item!.creator).toBe(demo.author?.name ?? null);

    await page.goto(item!.link);
    await expect(page.getByRole("heading", { level: 1, name: demo.title })).toBeVisible();
  });

  test(`the ${feed.section} pages announce the feed in their head`, async ({ page, site, baseURL }) => {
    for (const path of feed.pages(site)) {
      await page.goto(path);
      const alternate = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
      await expect(alternate, path).toHaveCount(1);
      await expect(alternate, path).toHaveAttribute("href", `${baseURL}/${feed.section}/rss.xml`);
      await expect(alternate, path).toHaveAttribute(
        "title",
        `${site.settings.pages[feed.section]!.title}｜${site.settings.name}`,
      );
    }
  });
}
