import { PageHeading } from "../components/page-heading.tsx";
import { buildMeta, siteFromMatches } from "../lib/seo.ts";
import type { Route } from "./+types/contact";

export function meta({ matches, location }: Route.MetaArgs) {
  return buildMeta(siteFromMatches(matches), location, { page: "contact" });
}

/** How to reach the publisher: address, telephone, mail and opening hours from the settings. */
export default function Contact({ matches }: Route.ComponentProps) {
  const { settings } = siteFromMatches(matches);
  const page = settings.pages.contact;
  const rows = [
    { term: "公司", value: settings.company },
    { term: "地址", value: settings.address, href: settings.map || undefined },
    {
      term: "電話",
      value: settings.tel,
      href: settings.tel ? `tel:${settings.tel.replace(/[^\d+]/g, "")}` : undefined,
    },
    { term: "傳真", value: settings.fax },
    { term: "信箱", value: settings.email, href: settings.email ? `mailto:${settings.email}` : undefined },
    { term: "服務時間", value: `${settings.opening_days} ${settings.hours}` },
    { term: "休息日", value: settings.days_off },
  ].filter((row) => row.value);
  return (
    <div className="container-page max-w-4xl">
      <PageHeading kicker={page.info_title} title={page.title} description={page.description} />
      <dl className="mt-6 divide-y divide-rule">
        {rows.map((row) => (
          <div key={row.term} className="grid gap-1 py-5 sm:grid-cols-[8rem_1fr]">
            <dt className="text-sm tracking-widest text-muted">{row.term}</dt>
            <dd className="font-serif text-lg">
              {row.href ? (
                <a
                  href={row.href}
                  className="hover:text-primary"
                  {...(row.href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                >
                  {row.value}
                </a>
              ) : (
                row.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
