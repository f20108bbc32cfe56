import type { ArticleSummary, Item, Paginated, Settings } from "@shiyi/contracts";
import type { RouterContextProvider } from "react-router";
import { apiContext, siteConfigContext } from "./context.ts";
import { displayDate } from "./format.ts";
import { feedPath, feedTitle, type FeedSection } from "./seo.server.ts";
import { escapeXml } from "./xml.ts";

/** Items in a feed: the newest ones only, as readers poll it again. */
export const feedItemLimit = 30;

const newestFirst = (a: ArticleSummary, b: ArticleSummary) =>
  Date.parse(displayDate(b)) - Date.parse(displayDate(a)) || b.id - a.id;

/** RSS 2.0 wants RFC 822 dates; `toUTCString` writes one ("Wed, 28 Jan 2026 00:00:00 GMT"). */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

const element = (name: string, text: string | null | undefined) =>
  text ? `<${name}>${escapeXml(text)}</${name}>` : "";

/** The section's RSS 2.0 document: its newest published items, each linking to its page on the site. */
export function renderFeed(options: {
  publicUrl: string;
  section: FeedSection;
  settings: Settings;
  items: ArticleSummary[];
  limit?: number;
}): string {
  const { publicUrl, section, settings } = options;
  const absolute = (path: string) => new URL(path, publicUrl).toString();
  const items = options.items.toSorted(newestFirst).slice(0, options.limit ?? feedItemLimit);
  const lastChange = items.map((item) => item.updated_at).sort((a, b) => Date.parse(b) - Date.parse(a))[0];

  const body = items.map((item) => {
    const link = absolute(`/${section}/${item.path}`);
    return [
      "<item>",
      element("title", item.title),
      element("link", link),
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      element("pubDate", rfc822(displayDate(item))),
      element("description", item.description),
      element("dc:creator", item.author?.name),
      element("category", item.category?.name),
      "</item>",
    ].join("");
  });
  const channel = [
    element("title", feedTitle(settings, section)),
    element("link", absolute(`/${section}`)),
    element("description", settings.pages[section].description || settings.description),
    element("language", "zh-TW"),
    lastChange ? element("lastBuildDate", rfc822(lastChange)) : "",
    `<atom:link href="${escapeXml(absolute(feedPath(section)))}" rel="self" type="application/rss+xml"/>`,
  ].filter(Boolean);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    "<channel>",
    ...channel,
    ...body,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** The section's feed as a response, from the API's first page of published items and the settings. */
export async function feedResponse(context: Readonly<RouterContextProvider>, section: FeedSection) {
  const api = context.get(apiContext);
  const [settings, list] = await Promise.all([
    api.get<Item<Settings>>("/settings"),
    api.get<Paginated<ArticleSummary>>(`/${section}`, { page: 1, limit: feedItemLimit }),
  ]);
  const { publicUrl } = context.get(siteConfigContext);
  return new Response(renderFeed({ publicUrl, section, settings: settings.data, items: list.data }), {
    headers: {
      "content-type": "application/rss+xml; charset=utf-8",
      // As the sitemap: shared caches keep it an hour and may serve it stale while they refetch.
      "cache-control": "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400",
    },
  });
}
