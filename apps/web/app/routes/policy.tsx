import type { ArticleSummary, Paginated } from "@shiyi/contracts";
import { Link } from "react-router";
import { PageHeading } from "../components/page-heading.tsx";
import { apiContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta, siteFromMatches } from "../lib/site.ts";
import type { Route } from "./+types/policy";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ url, context }: Route.LoaderArgs) {
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
          <li key={policy.id} className="border-b border-rule">
            <Link
              to={`/policy/${policy.path}`}
              className="group flex items-center justify-between gap-6 py-7"
            >
              <span>
                <span className="block font-serif text-xl font-semibold tracking-wide group-hover:text-primary">
                  {policy.title}
                </span>
                {policy.description && (
                  <span className="mt-2 block text-sm leading-7 text-ink-soft">{policy.description}</span>
                )}
              </span>
              <span aria-hidden="true" className="text-muted group-hover:text-primary">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
