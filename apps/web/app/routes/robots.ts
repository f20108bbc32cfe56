import { siteConfigContext } from "../lib/context.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(siteConfigContext);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /member",
    "Disallow: /cart",
    // Not a prefix alone: `/auth` would also keep crawlers out of `/author`.
    "Disallow: /auth$",
    "Disallow: /auth?",
    "Disallow: /auth/",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400",
    },
  });
}
