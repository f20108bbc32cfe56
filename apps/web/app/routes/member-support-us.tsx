import { EmptyState, MemberSection } from "../components/member/member-section.tsx";
import { buildMeta, siteFromMatches } from "../lib/seo.ts";
import { requireMember } from "../lib/session.server.ts";
import type { Route } from "./+types/member-support-us";

export function meta({ matches, location }: Route.MetaArgs) {
  return buildMeta(siteFromMatches(matches), location, { title: "捐款紀錄", noindex: true });
}

/** The member's donations (GET /donations/me) arrive with the donation page; until then there are none. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMember({ request, context });
  return null;
}

export default function MemberDonations() {
  return (
    <MemberSection id="donations" title="捐款紀錄">
      <EmptyState message="目前沒有捐款紀錄" link={{ to: "/support-us", label: "支持我們" }} />
    </MemberSection>
  );
}
