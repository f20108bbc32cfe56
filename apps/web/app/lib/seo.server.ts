import type { Article, Image, Item, PageKey, Paginated, SeoEntry, Settings } from "@shiyi/contracts";
import type { MetaDescriptor, RouterContextProvider } from "react-router";
import { apiContext, siteConfigContext } from "./context.ts";
import { imageUrl, presets } from "./image.ts";
import type { SiteData } from "./site.ts";

/*
 * Every page's `<head>` (SPEC §2), computed on the server: each route's loader returns
 * `meta: await pageMeta(args, {...})` and its `meta` export reads it (site.ts `loaderMeta`), so
 * neither this module nor the SEO entries reach the browser.
 */

/** What the metadata is made from: the site's settings and address, and the SEO entries by path. */
export type MetaSite = SiteData & { seo: SeoEntry[] };

/** The page's address: its path (which picks the SEO entry) and its query. */
export type MetaLocation = { pathname: string; search: string };

/** What a loader hands over: its normalized URL (no `.data`, no `_routes`) and its context. */
export type PageMetaArgs = { url: URL; context: Readonly<RouterContextProvider> };

/** What a page says about itself; every field falls back (SPEC §2). */
export type PageMeta = {
  title?: string | null;
  infoTitle?: string | null;
  description?: string | null;
  image?: Image | string | null;
  /**
   * `whole`: the share picture shows the whole image on the site's paper (a magazine's cover, an
   * author's portrait), where the default crops it to the 1200×630 a link preview shows.
   */
  imageFit?: ShareImageFit;
  company?: string | null;
  /** The settings' per-page texts to fall back to. */
  page?: PageKey;
  /**
   * A page's own texts where the settings have none for it: like the settings' texts, the
   * server's SEO entry for the path overrides them (SPEC §1).
   */
  fallback?: { title: string; infoTitle?: string; description?: string };
  /** The record shown, when the page shows one. */
  data?: {
    title?: string | null;
    info_title?: string | null;
    description?: string | null;
    image?: Image | null;
  };
  /** Detail pages: canonical is the path only; other pages keep the query. */
  detail?: boolean;
  /**
   * The page of a list the page shows, as its loader read it: past the first, the title says which.
   * A page without pages has none, whatever `?page=` its address carries.
   */
  pageNumber?: number;
  /** Set on the home page: site name, then info title. */
  home?: boolean;
  /** Extra JSON-LD nodes (Article, BreadcrumbList…). */
  jsonLd?: Record<string, unknown>[];
  type?: "website" | "article" | "profile";
  noindex?: boolean;
  /** The section whose RSS feed the page announces in its head. */
  feed?: FeedSection;
};

/** The sections with an RSS feed. */
export type FeedSection = "news" | "columns" | "features";

export const feedPath = (section: FeedSection) => `/${section}/rss.xml`;

/** A feed's name: the channel's title and the title of the links to it. */
export const feedTitle = (settings: Settings, section: FeedSection) =>
  `${settings.pages[section].title}｜${settings.name}`;

export const defaultShareImage = "/og/og.jpg";

const absolute = (publicUrl: string, pathOrUrl: string) => new URL(pathOrUrl, publicUrl).toString();

export type ShareImageFit = "crop" | "whole";

function shareImageUrl(image: Image | string | null | undefined, fit: ShareImageFit = "crop"): string | null {
  if (!image) return null;
  const url = typeof image === "string" ? image : image.url;
  if (!url.startsWith("/media/")) return url;
  return fit === "whole"
    ? imageUrl(url, { ...presets.contain, width: 1200, height: 630, enlarge: true, format: "jpeg" })
    : imageUrl(url, { width: 1200, height: 630, fit: "cover", format: "jpeg" });
}

/** A list's later page says which it is (「（第 2 頁）」), so its title is not the first page's. */
const pageSuffix = (pageNumber: number | undefined) =>
  pageNumber !== undefined && pageNumber > 1 ? `（第 ${pageNumber} 頁）` : "";

/**
 * A path as the site writes it (RFC 3986 §6.2.2): an escaped letter, digit or `-._~` is the
 * character itself, and other escapes are in capitals. `/abou%74` and `/news/winter%2Dradish` are
 * `/about` and `/news/winter-radish`, so that a copy of an address escaped otherwise names the same
 * page; `%2F` stays an escaped slash.
 */
export const ownPathname = (pathname: string) =>
  pathname.replace(/%[0-9a-f]{2}/gi, (escape) => {
    const character = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    return /^[A-Za-z0-9\-._~]$/.test(character) ? character : escape.toUpperCase();
  });

export function buildMeta(site: MetaSite, given: MetaLocation, page: PageMeta): MetaDescriptor[] {
  const { settings, publicUrl } = site;
  const location = { ...given, pathname: ownPathname(given.pathname) };
  const seo = site.seo.find((entry) => entry.path === location.pathname);
  const pageText = page.page
    ? settings.pages[page.page]
    : page.fallback && {
        title: page.fallback.title,
        info_title: page.fallback.infoTitle,
        description: page.fallback.description,
      };
  const name = page.company ?? settings.name;

  const title =
    (page.title ?? page.data?.title ?? seo?.title ?? pageText?.title ?? settings.title) +
    pageSuffix(page.pageNumber);
  const infoTitle =
    page.infoTitle ?? page.data?.info_title ?? seo?.info_title ?? pageText?.info_title ?? settings.title;
  const description =
    page.description ??
    page.data?.description ??
    seo?.description ??
    pageText?.description ??
    settings.description;
  const image =
    shareImageUrl(page.image ?? page.data?.image, page.imageFit) ?? seo?.image?.url ?? defaultShareImage;

  const documentTitle = page.home ? `${name}｜${infoTitle}` : `${title}｜${name}`;
  const canonicalPath = page.detail ? location.pathname : location.pathname + location.search;
  const canonical = absolute(publicUrl, canonicalPath);
  const imageAbsolute = absolute(publicUrl, image);

  const organization = {
    "@type": "Organization",
    "@id": `${publicUrl}/#organization`,
    name: settings.company,
    alternateName: settings.name,
    url: `${publicUrl}/`,
    logo: absolute(publicUrl, "/logo.svg"),
    ...(settings.email ? { email: settings.email } : {}),
    ...(settings.tel ? { telephone: settings.tel } : {}),
    ...(settings.address ? { address: settings.address } : {}),
    sameAs: [settings.facebook, settings.instagram, settings.line].filter(Boolean),
  };
  const website = {
    "@type": "WebSite",
    "@id": `${publicUrl}/#website`,
    name: settings.name,
    url: `${publicUrl}/`,
    inLanguage: "zh-Hant-TW",
    publisher: { "@id": `${publicUrl}/#organization` },
    // The site's search, for search engines' search boxes.
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${publicUrl}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  const webpage = {
    "@type": "WebPage",
    "@id": `${canonical}#webpage`,
    url: canonical,
    name: documentTitle,
    description,
    inLanguage: "zh-Hant-TW",
    isPartOf: { "@id": `${publicUrl}/#website` },
    primaryImageOfPage: imageAbsolute,
  };

  return [
    { title: documentTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...(page.feed
      ? [
          {
            tagName: "link",
            rel: "alternate",
            type: "application/rss+xml",
            title: feedTitle(settings, page.feed),
            href: absolute(publicUrl, feedPath(page.feed)),
          },
        ]
      : []),
    { property: "og:site_name", content: settings.name },
    { property: "og:locale", content: "zh_TW" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: documentTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: imageAbsolute },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: documentTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageAbsolute },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@graph": [organization, website, webpage, ...(page.jsonLd ?? [])],
      },
    },
  ];
}

export function breadcrumbJsonLd(publicUrl: string, items: { name: string; path: string }[]) {
  return {
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absolute(publicUrl, item.path),
    })),
  };
}

/** A JSON-LD `image`: the picture's share-sized copy at its full address. */
export const jsonLdImage = (publicUrl: string, image: Image | null, fit?: ShareImageFit) =>
  image ? [absolute(publicUrl, shareImageUrl(image, fit)!)] : undefined;

export function articleJsonLd(
  publicUrl: string,
  type: "Article" | "NewsArticle",
  article: {
    title: string;
    description: string | null;
    image: Image | null;
    published: string;
    modified: string;
    path: string;
    author: { name: string; path: string } | null;
  },
) {
  return {
    "@type": type,
    headline: article.title,
    description: article.description ?? undefined,
    image: jsonLdImage(publicUrl, article.image),
    datePublished: article.published,
    dateModified: article.modified,
    mainEntityOfPage: absolute(publicUrl, article.path),
    inLanguage: "zh-Hant-TW",
    author: article.author
      ? {
          "@type": "Person",
          name: article.author.name,
          url: absolute(publicUrl, `/author/${article.author.path}`),
        }
      : { "@type": "Organization", "@id": `${publicUrl}/#organization` },
    publisher: { "@id": `${publicUrl}/#organization` },
  };
}

/**
 * The settings and the SEO entries through the API client (the same reads as the root's loader,
 * answered from the read cache), and the site's public address.
 */
async function metaSite(context: PageMetaArgs["context"]): Promise<MetaSite> {
  const api = context.get(apiContext);
  const [settings, seo] = await Promise.all([
    api.get<Item<Settings>>("/settings"),
    api.get<Paginated<SeoEntry>>("/article/seo"),
  ]);
  return { settings: settings.data, seo: seo.data, publicUrl: context.get(siteConfigContext).publicUrl };
}

const metaLocation = (url: URL): MetaLocation => ({ pathname: url.pathname, search: url.search });

/**
 * The heading of a page without per-page settings (the author list): the server's SEO entry for
 * its path over the page's own texts, as its title and description are chosen, so the two agree.
 */
export async function pageHeading(
  { url, context }: PageMetaArgs,
  fallback: { title: string; infoTitle: string; description: string },
): Promise<{ title: string; infoTitle: string; description: string }> {
  const seo = (await metaSite(context)).seo.find((entry) => entry.path === url.pathname);
  return {
    title: seo?.title ?? fallback.title,
    infoTitle: seo?.info_title ?? fallback.infoTitle,
    description: seo?.description ?? fallback.description,
  };
}

/**
 * A page's metadata, for its loader to return as `meta`. The page's description may need the
 * site (its address for JSON-LD): then it is a function of the site and the location.
 */
export async function pageMeta(
  { url, context }: PageMetaArgs,
  page: PageMeta | ((site: MetaSite, location: MetaLocation) => PageMeta),
): Promise<MetaDescriptor[]> {
  const site = await metaSite(context);
  const location = metaLocation(url);
  return buildMeta(site, location, typeof page === "function" ? page(site, location) : page);
}

/**
 * A news, column or feature page's metadata, for its loader to return as `meta`: the article, its
 * author as a Person, its breadcrumb, and its section's feed.
 */
export async function articleMeta(
  { url, context }: PageMetaArgs,
  page: { section: FeedSection; type: "Article" | "NewsArticle" },
  { article, crumbs }: { article: Article; crumbs: { name: string; path: string }[] },
): Promise<MetaDescriptor[]> {
  const site = await metaSite(context);
  return buildMeta(site, metaLocation(url), {
    page: page.section,
    feed: page.section,
    data: article,
    detail: true,
    type: "article",
    jsonLd: [
      articleJsonLd(site.publicUrl, page.type, {
        title: article.title,
        description: article.description,
        image: article.image,
        published: article.publication_date ?? article.start_at ?? article.created_at,
        modified: article.updated_at,
        path: url.pathname,
        author: article.author,
      }),
      breadcrumbJsonLd(site.publicUrl, crumbs),
    ],
  });
}
