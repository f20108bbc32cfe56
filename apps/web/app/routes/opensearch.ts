import { apiContext, siteConfigContext } from "../lib/context.ts";
import type { Item, Settings } from "@shiyi/contracts";
import type { Route } from "./+types/opensearch";

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The OpenSearch description linked from every page's head, so a browser can offer the site's
 * search in its address bar.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(siteConfigContext);
  const { data: settings } = await context.get(apiContext).get<Item<Settings>>("/settings");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">
  <ShortName>${escapeXml(settings.name)}</ShortName>
  <Description>${escapeXml(`搜尋${settings.name}的新聞、專欄、專題、雜誌與作者`)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Language>zh-TW</Language>
  <Image type="image/svg+xml">${publicUrl}/favicon.svg</Image>
  <Url type="text/html" method="get" template="${publicUrl}/search?q={searchTerms}"/>
  <moz:SearchForm>${publicUrl}/search</moz:SearchForm>
</OpenSearchDescription>
`;
  return new Response(body, {
    headers: {
      "content-type": "application/opensearchdescription+xml; charset=utf-8",
      "cache-control": "public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400",
    },
  });
}
