import { EmptyState, MemberSection } from "../components/member/member-section.tsx";
import { buildMeta, siteFromMatches } from "../lib/seo.ts";
import { requireMember } from "../lib/session.server.ts";
import type { Route } from "./+types/member-history";

export function meta({ matches, location }: Route.MetaArgs) {
  return buildMeta(siteFromMatches(matches), location, { title: "訂購紀錄", noindex: true });
}

/** The member's orders (GET /orders/me) arrive with checkout; until then the page says there are none. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMember({ request, context });
  return null;
}

export default function MemberHistory() {
  return (
    <MemberSection id="orders" title="訂購紀錄">
      <EmptyState message="目前沒有訂購紀錄" link={{ to: "/magazines", label: "瀏覽雜誌" }} />
    </MemberSection>
  );
}
