import { Link, Outlet, useLocation } from "react-router";
import { PageHeading } from "../components/page-heading.tsx";
import { requireMember } from "../lib/session.server.ts";
import type { Route } from "./+types/member";

/**
 * The member area's frame: heading and the area's own navigation. Each page below guards itself
 * too (`requireMember`), since a page's loader runs without this one on a move between them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  return { name: member.name };
}

const sections: { to: string; label: string; end?: boolean; also?: string }[] = [
  { to: "/member", label: "會員資料", end: true },
  // An order's page (/member/orders/N) is part of 訂購紀錄.
  { to: "/member/history", label: "訂購紀錄", also: "/member/orders/" },
  { to: "/member/support-us", label: "捐款紀錄" },
];

/** The section a page belongs to: its own address, the pages under it, or those it names. */
const isCurrent = (section: (typeof sections)[number], pathname: string) =>
  pathname === section.to ||
  (!section.end && pathname.startsWith(`${section.to}/`)) ||
  (section.also !== undefined && pathname.startsWith(section.also));

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <div className="container-page">
      <PageHeading kicker="Member" title="會員中心" description={`${loaderData.name}，您好。`} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-10 pt-6 pb-20 lg:grid-cols-[11rem_minmax(0,1fr)] lg:gap-16 lg:pt-12">
        <nav aria-label="會員中心">
          <ul className="flex gap-6 overflow-x-auto border-b border-rule lg:grid lg:gap-0 lg:border-b-0 lg:border-l">
            {sections.map((section) => (
              <li key={section.to} className="shrink-0">
                <Link
                  to={section.to}
                  aria-current={isCurrent(section, pathname) ? "page" : undefined}
                  className={[
                    "-mb-px flex min-h-11 items-center border-b-2 text-[0.9375rem] tracking-[0.1em] transition-colors",
                    "lg:mb-0 lg:-ml-px lg:border-b-0 lg:border-l-2 lg:pl-5",
                    isCurrent(section, pathname)
                      ? "border-primary text-ink"
                      : "border-transparent text-ink-soft hover:text-primary",
                  ].join(" ")}
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
