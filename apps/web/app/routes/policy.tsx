import type { ArticleSummary, Paginated } from "@shiyi/contracts";
import { Link } from "react-router";
import { PageHeading } from "../components/page-heading.tsx";
import { apiContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/policy";
import { onePageOnly } from "../lib/articles.server.ts";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ url, context }: Route.LoaderArgs) {
  onePageOnly(url);
  const { data: policies } = await context.get(apiContext).get<Paginated<ArticleSummary>>("/article/policy");
  return { policies, meta: await pageMeta({ url, context }, { page: "policy" }) };
}

export default function Policies({ loaderData, matches }: Route.ComponentProps) {
  const page = siteFromMatches(matches).settings.pages.policy;
  return (
    <div className="container-page max-w-4xl">
      <PageHeading kicker={page.info_title} title={page.title} description={page.description} />
      <ul className="mt-4">
        {loaderData.policies.map((policy) => (
          <li
            key={policy.id}
            className="group relative flex items-center justify-between gap-6 border-b border-rule py-7"
          >
            <div>
              <h2 className="font-serif text-xl font-semibold tracking-wide group-hover:text-primary">
                {/* The whole row is the link's target (::after), the heading its name. */}
                <Link to={`/policy/${policy.path}`} className="after:absolute after:inset-0">
                  {policy.title}
                </Link>
              </h2>
              {policy.description && (
                <p className="mt-2 text-sm leading-7 text-ink-soft">{policy.description}</p>
              )}
            </div>
            <span aria-hidden="true" className="text-muted group-hover:text-primary">
              →
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
