import type { Settings } from "@shiyi/contracts";
import type { MetaDescriptor } from "react-router";

/** What pages read of the root's data: the site's settings and its public address. */
export type SiteData = { settings: Settings; publicUrl: string };

/** The root's data, as every route sees it in `matches`. */
export function siteFromMatches(matches: readonly unknown[]): SiteData {
  const root = (matches as { id: string; loaderData?: unknown }[]).find((match) => match.id === "root");
  return root?.loaderData as SiteData;
}

/**
 * A page's `<head>`, as its loader computed it on the server (seo.server.ts `pageMeta`): every
 * route's `export const meta = loaderMeta;`. Without the loader's data (an error) there is none.
 */
export function loaderMeta({ loaderData }: { loaderData?: { meta: MetaDescriptor[] } }): MetaDescriptor[] {
  return loaderData?.meta ?? [];
}
