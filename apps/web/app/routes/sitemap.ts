import { apiContext, siteConfigContext } from "../lib/context.ts";
import { renderSitemap, sitemapUrls } from "../lib/sitemap.server.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { publicUrl } = context.get(siteConfigContext);
  const urls = await sitemapUrls(context.get(apiContext));
  const xml = renderSitemap(publicUrl, urls, new URL(request.url).searchParams.get("page"));
  if (xml === null) return new Response("Not Found", { status: 404 });
  return new Response(xml, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400",
    },
  });
}
