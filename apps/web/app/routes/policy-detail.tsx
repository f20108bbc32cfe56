import { Breadcrumb } from "../components/breadcrumb.tsx";
import { loadArticle, redirectToOwnPath } from "../lib/articles.server.ts";
import { displayDate, formatDate } from "../lib/format.ts";
import { breadcrumbJsonLd, pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/policy-detail";
import { Phrased } from "../components/phrased.tsx";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const policy = await loadArticle(context, "policy", params.path);
  redirectToOwnPath(url, params.path, policy.path, "policy");
  const crumbs = [
    { name: "首頁", path: "/" },
    { name: "條款與政策", path: "/policy" },
    { name: policy.title, path: `/policy/${policy.path}` },
  ];
  const meta = await pageMeta({ url, context }, (site) => ({
    page: "policy",
    data: policy,
    detail: true,
    jsonLd: [breadcrumbJsonLd(site.publicUrl, crumbs)],
  }));
  return { policy, crumbs, meta };
}

export default function PolicyDetail({ loaderData }: Route.ComponentProps) {
  const { policy, crumbs } = loaderData;
  // The date the editors give the text (SPEC §3's display date), not the time its row last changed.
  const date = displayDate(policy);
  return (
    <article className="container-page max-w-3xl pt-8">
      <Breadcrumb items={crumbs} />
      <header className="border-b border-rule pb-8 pt-10">
        <p className="kicker" lang="en">
          Policy
        </p>
        <h1 className="mt-3 font-serif text-3xl font-bold tracking-[0.1em] md:text-4xl">
          <Phrased text={policy.title} />
        </h1>
        <p className="mt-4 text-sm text-muted">
          最後更新 <time dateTime={date}>{formatDate(date)}</time>
        </p>
      </header>
      {policy.content && (
        <div className="prose-article mt-10" dangerouslySetInnerHTML={{ __html: policy.content }} />
      )}
    </article>
  );
}
