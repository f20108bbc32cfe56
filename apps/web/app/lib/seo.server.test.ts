import type { SeoEntry, Settings } from "@shiyi/contracts";
import { RouterContextProvider, type MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "./api.server.ts";
import { apiContext, siteConfigContext } from "./context.ts";
import { articleMeta, buildMeta, pageMeta, type MetaSite } from "./seo.server.ts";

const page = { title: "最新消息", info_title: "News", description: "新聞頁的描述" };
const settings = {
  name: "食藝誌",
  company: "食藝文化出版有限公司",
  title: "餐飲產業與飲食文化雜誌",
  description: "網站描述",
  pages: { news: page, columns: { title: "專欄", info_title: "Columns", description: "專欄頁的描述" } },
  email: "service@shiyi.example",
  tel: "",
  address: "",
  facebook: "https://facebook.example/shiyi",
  instagram: "",
  line: "",
} as unknown as Settings;

const seo: SeoEntry[] = [
  { id: 1, path: "/", title: null, info_title: "飲食文化的日常", description: "首頁描述", image: null },
  {
    id: 2,
    path: "/columns",
    title: "專欄總覽",
    info_title: null,
    description: null,
    image: { url: "/media/og/columns.jpg", srcset: [] },
  },
];
const site: MetaSite = { settings, seo, publicUrl: "https://shiyi.example" };

const get = (meta: MetaDescriptor[], key: string, value: string) =>
  meta.find((entry) => (entry as Record<string, unknown>)[key] === value) as
    Record<string, string> | undefined;
const title = (meta: MetaDescriptor[]) => (meta.find((entry) => "title" in entry) as { title: string }).title;
const graph = (meta: MetaDescriptor[]) =>
  (
    meta.find((entry) => "script:ld+json" in entry) as {
      "script:ld+json": { "@graph": { "@type": string }[] };
    }
  )["script:ld+json"]["@graph"];

describe("buildMeta", () => {
  it("titles a page with its title then the site name, from the settings' page texts", () => {
    const meta = buildMeta(site, { pathname: "/news", search: "" }, { page: "news" });
    expect(title(meta)).toBe("最新消息｜食藝誌");
    expect(get(meta, "name", "description")?.content).toBe("新聞頁的描述");
  });

  it("names a list's later page in its title, as its loader read it, and no page of a page without pages", () => {
    const listPage = (pageNumber: number) =>
      title(
        buildMeta(site, { pathname: "/news", search: `?page=0${pageNumber}` }, { page: "news", pageNumber }),
      );
    expect(listPage(2)).toBe("最新消息（第 2 頁）｜食藝誌");
    expect(listPage(12)).toBe("最新消息（第 12 頁）｜食藝誌");
    expect(listPage(1)).toBe("最新消息｜食藝誌");
    // `?page=` on a page that has no pages (a detail, the about page) names nothing.
    for (const meta of [
      buildMeta(site, { pathname: "/news/a", search: "?page=2" }, { page: "news", detail: true }),
      buildMeta(site, { pathname: "/news", search: "?page=2" }, { page: "news" }),
    ])
      expect(title(meta)).toBe("最新消息｜食藝誌");
  });

  it("titles the home page with the site name then the info title", () => {
    expect(title(buildMeta(site, { pathname: "/", search: "" }, { home: true }))).toBe(
      "食藝誌｜飲食文化的日常",
    );
  });

  it("lets the server's SEO entry override the page texts, and falls back to the settings", () => {
    const meta = buildMeta(site, { pathname: "/columns", search: "" }, { page: "columns" });
    expect(title(meta)).toBe("專欄總覽｜食藝誌");
    expect(get(meta, "name", "description")?.content).toBe("專欄頁的描述");
    expect(get(meta, "property", "og:image")?.content).toBe("https://shiyi.example/media/og/columns.jpg");
  });

  it("treats a page's own fallback texts as the settings' page texts: the SEO entry overrides them", () => {
    const fallback = { title: "作者", description: "為《食藝》書寫的人" };
    const overridden = buildMeta(site, { pathname: "/columns", search: "" }, { fallback });
    expect(title(overridden)).toBe("專欄總覽｜食藝誌");
    expect(get(overridden, "name", "description")?.content).toBe("為《食藝》書寫的人");
    const own = buildMeta(site, { pathname: "/author", search: "" }, { fallback });
    expect(title(own)).toBe("作者｜食藝誌");
    expect(get(own, "name", "description")?.content).toBe("為《食藝》書寫的人");
  });

  it("prefers page inputs over the record, and the record over the rest", () => {
    const data = { title: "文章標題", info_title: null, description: "文章摘要", image: null };
    expect(title(buildMeta(site, { pathname: "/news/a", search: "" }, { page: "news", data }))).toBe(
      "文章標題｜食藝誌",
    );
    expect(
      title(
        buildMeta(
          site,
          { pathname: "/news/a", search: "" },
          { page: "news", data, title: "自訂標題", company: "食藝" },
        ),
      ),
    ).toBe("自訂標題｜食藝");
  });

  it("crops a picture to the 1200×630 of a link preview, or shows it whole on paper when asked", () => {
    const image = { url: "/media/magazines/48.jpg", width: 900, height: 1200 };
    const share = (imageFit?: "crop" | "whole") =>
      get(
        buildMeta(site, { pathname: "/magazines/48", search: "" }, { image, imageFit }),
        "property",
        "og:image",
      )?.content;
    expect(share()).toBe("https://shiyi.example/_ipx/f_jpeg,fit_cover,s_1200x630/media/magazines/48.jpg");
    // A cover or a portrait cropped to a wide strip loses its head: it is fitted whole into the box.
    expect(share("whole")).toBe(
      "https://shiyi.example/_ipx/f_jpeg,fit_contain,enlarge,s_1200x630,q_80,b_f4efe6/media/magazines/48.jpg",
    );
  });

  it("uses og/og.jpg when nothing has an image", () => {
    const meta = buildMeta(site, { pathname: "/news", search: "" }, { page: "news" });
    expect(get(meta, "property", "og:image")?.content).toBe("https://shiyi.example/og/og.jpg");
    expect(get(meta, "name", "twitter:image")?.content).toBe("https://shiyi.example/og/og.jpg");
  });

  it("canonicalises detail pages to the path, other pages to the path with query", () => {
    const detail = buildMeta(site, { pathname: "/news/a", search: "?utm_source=x" }, { detail: true });
    expect(get(detail, "rel", "canonical")?.href).toBe("https://shiyi.example/news/a");
    const list = buildMeta(site, { pathname: "/news", search: "?page=2" }, { page: "news" });
    expect(get(list, "rel", "canonical")?.href).toBe("https://shiyi.example/news?page=2");
  });

  it("names a page by the site's own spelling of its path, however the address was escaped", () => {
    const escaped = buildMeta(site, { pathname: "/news/winter%2Dradish", search: "" }, { detail: true });
    expect(get(escaped, "rel", "canonical")?.href).toBe("https://shiyi.example/news/winter-radish");
    expect(get(escaped, "property", "og:url")?.content).toBe("https://shiyi.example/news/winter-radish");
    // The SEO entry of /columns is found under /column%73 too.
    const columns = buildMeta(site, { pathname: "/column%73", search: "" }, { page: "columns" });
    expect(get(columns, "rel", "canonical")?.href).toBe("https://shiyi.example/columns");
    expect(title(columns)).toBe("專欄總覽｜食藝誌");
    // Chinese paths keep one escaping; an escaped slash stays escaped; a broken escape stays as it is.
    const chinese = buildMeta(site, { pathname: "/author/%e6%9e%97", search: "" }, { detail: true });
    expect(get(chinese, "rel", "canonical")?.href).toBe("https://shiyi.example/author/%E6%9E%97");
    const slash = buildMeta(site, { pathname: "/news/a%2Fb", search: "" }, { detail: true });
    expect(get(slash, "rel", "canonical")?.href).toBe("https://shiyi.example/news/a%2Fb");
    const broken = buildMeta(site, { pathname: "/news/%E0%A4%A", search: "" }, { detail: true });
    expect(get(broken, "rel", "canonical")?.href).toBe("https://shiyi.example/news/%E0%A4%A");
  });

  it("outputs Organization, WebSite and WebPage JSON-LD, plus extra nodes", () => {
    const meta = buildMeta(
      site,
      { pathname: "/news", search: "" },
      { jsonLd: [{ "@type": "BreadcrumbList" }] },
    );
    expect(graph(meta).map((node) => node["@type"])).toEqual([
      "Organization",
      "WebSite",
      "WebPage",
      "BreadcrumbList",
    ]);
  });

  it("tells search engines where the site's search is", () => {
    const website = graph(buildMeta(site, { pathname: "/", search: "" }, {})).find(
      (node) => node["@type"] === "WebSite",
    );
    expect((website as Record<string, unknown> | undefined)?.potentialAction).toMatchObject({
      "@type": "SearchAction",
      target: { urlTemplate: expect.stringMatching(/\/search\?q=\{search_term_string\}$/) },
    });
  });
});

describe("pageMeta", () => {
  const context = new RouterContextProvider();
  const reads: string[] = [];
  const answers: Record<string, unknown> = { "/settings": { data: settings }, "/article/seo": { data: seo } };
  const api = {
    get: async (path: string) => {
      reads.push(path);
      return answers[path];
    },
  } as unknown as ApiClient;
  context.set(apiContext, api);
  context.set(siteConfigContext, { publicUrl: "https://shiyi.example", apiPublicUrl: "" });

  it("reads the settings and SEO entries through the API and builds the page's metadata at its URL", async () => {
    const url = new URL("http://localhost:3000/columns?page=2");
    const meta = await pageMeta({ url, context }, { page: "columns", pageNumber: 2 });
    expect(reads.sort()).toEqual(["/article/seo", "/settings"]);
    expect(meta).toEqual(
      buildMeta(site, { pathname: "/columns", search: "?page=2" }, { page: "columns", pageNumber: 2 }),
    );
    expect(title(meta)).toBe("專欄總覽（第 2 頁）｜食藝誌");
    expect(get(meta, "rel", "canonical")?.href).toBe("https://shiyi.example/columns?page=2");
  });

  it("hands the site and the location to a page described from them", async () => {
    const url = new URL("http://localhost:3000/news/a?utm_source=x");
    const meta = await pageMeta({ url, context }, (site, location) => ({
      detail: true,
      title: `${site.settings.name}${location.pathname}`,
    }));
    expect(title(meta)).toBe("食藝誌/news/a｜食藝誌");
    expect(get(meta, "rel", "canonical")?.href).toBe("https://shiyi.example/news/a");
  });

  it("describes an article as its kind, with its author as a Person, its breadcrumb and its section's feed", async () => {
    const url = new URL("http://localhost:3000/news/winter-radish?utm_source=x");
    const article = {
      title: "冬季蘿蔔進入產季",
      info_title: null,
      description: "產地消息",
      image: { url: "/media/news/radish.jpg", width: 1600, height: 1000 },
      publication_date: "2026-11-18T01:00:00.000Z",
      start_at: null,
      created_at: "2026-11-17T01:00:00.000Z",
      updated_at: "2026-11-19T01:00:00.000Z",
      author: { name: "吳佩珊", path: "wu-pei-shan" },
    } as unknown as Parameters<typeof articleMeta>[2]["article"];
    const crumbs = [
      { name: "首頁", path: "/" },
      { name: "新聞", path: "/news" },
      { name: article.title, path: "/news/winter-radish" },
    ];
    const meta = await articleMeta(
      { url, context },
      { section: "news", type: "NewsArticle" },
      { article, crumbs },
    );
    expect(title(meta)).toBe("冬季蘿蔔進入產季｜食藝誌");
    expect(get(meta, "rel", "canonical")?.href).toBe("https://shiyi.example/news/winter-radish");
    expect(get(meta, "property", "og:type")?.content).toBe("article");
    expect(get(meta, "type", "application/rss+xml")?.href).toBe("https://shiyi.example/news/rss.xml");
    const nodes = graph(meta);
    expect(nodes.find((node) => node["@type"] === "NewsArticle")).toMatchObject({
      headline: "冬季蘿蔔進入產季",
      datePublished: "2026-11-18T01:00:00.000Z",
      dateModified: "2026-11-19T01:00:00.000Z",
      mainEntityOfPage: "https://shiyi.example/news/winter-radish",
      author: { "@type": "Person", name: "吳佩珊", url: "https://shiyi.example/author/wu-pei-shan" },
    });
    expect(nodes.find((node) => node["@type"] === "BreadcrumbList")).toMatchObject({
      itemListElement: [
        { position: 1, name: "首頁", item: "https://shiyi.example/" },
        { position: 2, name: "新聞", item: "https://shiyi.example/news" },
        { position: 3, name: "冬季蘿蔔進入產季", item: "https://shiyi.example/news/winter-radish" },
      ],
    });
  });
});
