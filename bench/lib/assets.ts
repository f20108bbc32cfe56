import { gzipSync } from "node:zlib";

export type AssetFile = {
  url: string;
  raw: number;
  gzip: number;
  /** What the server sends a browser accepting Brotli: its Content-Length, else the gzip size. */
  sent: number;
};

export type PageAssets = {
  page: string;
  path: string;
  html: { raw: number; gzip: number };
  /** JS named by the HTML: module scripts, modulepreload links and the inline module script's imports. */
  js: AssetFile[];
  /** Chunks statically imported by that JS but not named in the HTML (loaded anyway, one round trip later). */
  jsUnlisted: AssetFile[];
  css: AssetFile[];
};

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/** The JS and CSS URLs a React Router page's HTML names. */
export function parseAssetUrls(html: string, pageUrl: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const add = (set: Set<string>, href: string | undefined) => {
    if (!href) return;
    const url = new URL(href.replaceAll("&amp;", "&"), pageUrl);
    if (url.origin === new URL(pageUrl).origin) set.add(url.href);
  };
  for (const [, attrs = ""] of html.matchAll(/<script\b([^>]*)>/gi)) {
    if (/\btype\s*=\s*["']?module/i.test(attrs)) add(js, attribute(attrs, "src"));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    if (rel.includes("modulepreload")) add(js, attribute(tag, "href"));
    if (rel.includes("stylesheet")) add(css, attribute(tag, "href"));
  }
  // React Router's inline module script: `import "/assets/manifest-….js"; import * as route0 from
  // "/assets/root-….js"; … import("/assets/entry.client-….js");`
  for (const [, attrs = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs) || !/\btype\s*=\s*["']?module/i.test(attrs)) continue;
    for (const [, href] of body.matchAll(/\b(?:import|from)\s*\(?\s*["']([^"']+\.m?js)["']/g)) add(js, href);
  }
  return { js: [...js], css: [...css] };
}

/** Relative static imports inside a built chunk: `import{a}from"./x.js"`, `import"./y.js"`. */
function staticImports(code: string, fileUrl: string): string[] {
  const found = new Set<string>();
  for (const [, href] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.m?js)["']/g)) {
    found.add(new URL(href!, fileUrl).href);
  }
  return [...found];
}

const gzipSize = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

/** Fetches each file once (the cache is shared across pages) and records raw and gzip sizes. */
export function createAssetFetcher() {
  const cache = new Map<string, Promise<{ file: AssetFile; text: string }>>();
  return (url: string) => {
    let entry = cache.get(url);
    if (!entry) {
      entry = (async () => {
        const response = await fetch(url, {
          headers: { "accept-encoding": "gzip, deflate, br, zstd" },
          signal: AbortSignal.timeout(15_000),
        });
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        // fetch() decodes the body; the header still tells the bytes that crossed the wire.
        const length = Number(response.headers.get("content-length") ?? Number.NaN);
        const bytes = new Uint8Array(await response.arrayBuffer());
        const gzip = gzipSize(bytes);
        return {
          file: { url, raw: bytes.length, gzip, sent: Number.isFinite(length) ? length : gzip },
          text: new TextDecoder().decode(bytes),
        };
      })();
      cache.set(url, entry);
    }
    return entry;
  };
}

export async function measurePageAssets(
  page: string,
  origin: string,
  path: string,
  fetchAsset: ReturnType<typeof createAssetFetcher>,
): Promise<PageAssets> {
  const pageUrl = origin + path;
  const response = await fetch(pageUrl, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`${pageUrl}: HTTP ${response.status}`);
  const htmlBytes = new Uint8Array(await response.arrayBuffer());
  const html = new TextDecoder().decode(htmlBytes);
  const urls = parseAssetUrls(html, pageUrl);
  const js = await Promise.all(urls.js.map(fetchAsset));
  const css = await Promise.all(urls.css.map(fetchAsset));

  const listed = new Set(urls.js);
  const unlisted = new Map<string, AssetFile>();
  const queue = js.map((entry) => entry);
  while (queue.length) {
    const entry = queue.pop()!;
    for (const url of staticImports(entry.text, entry.file.url)) {
      if (listed.has(url) || unlisted.has(url)) continue;
      const child = await fetchAsset(url);
      unlisted.set(url, child.file);
      queue.push(child);
    }
  }
  return {
    page,
    path,
    html: { raw: htmlBytes.length, gzip: gzipSize(htmlBytes) },
    js: js.map((entry) => entry.file),
    jsUnlisted: [...unlisted.values()],
    css: css.map((entry) => entry.file),
  };
}

export const sum = (files: AssetFile[], key: "raw" | "gzip" | "sent") =>
  files.reduce((total, file) => total + file[key], 0);
