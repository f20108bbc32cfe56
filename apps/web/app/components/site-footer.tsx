import type { Settings } from "@shiyi/contracts";
import { lazy, memo, Suspense } from "react";
import { Link } from "react-router";
import { mainNavigation, secondaryNavigation, siteMenuId } from "../lib/navigation.ts";
import { ExternalLink } from "./ui/external-link.tsx";
import { numbersWithUnits } from "../lib/format.ts";

/**
 * The newsletter form, at the foot of every page: the server writes it whole, and in the browser
 * its code comes in its own file, after the page's, and takes over the form the server wrote
 * (React hydrates the boundary once it has the code); the page's own code does not wait for it.
 * The server has it loaded before its first page, so that no page is sent without it (a browser
 * without scripts could not put in a part streamed later).
 */
const loadNewsletterForm = () =>
  import("./newsletter/newsletter-form.tsx").then((module) => ({ default: module.NewsletterForm }));
const serverNewsletterForm = import.meta.env.SSR ? (await loadNewsletterForm()).default : undefined;
const NewsletterForm = serverNewsletterForm ?? lazy(loadNewsletterForm);

/**
 * The boundary the form hydrates in, kept out of the footer's re-renders: React takes over a
 * boundary the server wrote only if it is not rendered again before its code arrives; rendered
 * again (the header's cart count is read as the page starts, which renders the layout), it would
 * throw the server's form away and draw it anew once the code came.
 */
const FooterNewsletter = memo(function FooterNewsletter() {
  return (
    <Suspense>
      <NewsletterForm />
    </Suspense>
  );
});

const socialLinks = (settings: Settings) =>
  [
    { label: "Facebook", href: settings.facebook },
    { label: "Instagram", href: settings.instagram },
    { label: "LINE", href: settings.lineSocial || settings.line },
    { label: "Messenger", href: settings.messenger },
  ].filter((link) => link.href);

export function SiteFooter({ settings }: { settings: Settings }) {
  return (
    <footer className="mt-24 bg-ink text-paper [&_:focus-visible]:outline-paper">
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-12 py-16 md:grid-cols-[1.3fr_1fr_1fr]">
        <div>
          <p className="font-serif text-3xl font-bold tracking-[0.25em]">{settings.name}</p>
          <p className="mt-4 max-w-sm text-sm leading-7 text-paper/75">{settings.description}</p>
          {socialLinks(settings).length > 0 && (
            <ul className="mt-5 flex flex-wrap gap-x-5 text-sm" aria-label="社群連結">
              {socialLinks(settings).map((link) => (
                <li key={link.label}>
                  <ExternalLink
                    href={link.href}
                    className="inline-block py-2.5 underline-offset-4 hover:underline"
                  >
                    {link.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-10">
            <FooterNewsletter />
          </div>
        </div>
        <nav id={siteMenuId} tabIndex={-1} aria-label="頁尾選單" className="scroll-mt-6 outline-none">
          <ul className="-my-2.5 grid grid-cols-2 text-sm">
            {[...mainNavigation, ...secondaryNavigation].map((item) => (
              <li key={item.to + item.label}>
                <Link to={item.to} className="inline-block py-2.5 hover:underline underline-offset-4">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <address className="space-y-1.5 text-sm not-italic leading-7 text-paper/85">
          <p className="font-semibold text-paper">{settings.company}</p>
          {settings.address && <p>{numbersWithUnits(settings.address)}</p>}
          {settings.tel && (
            <p>
              電話 <a href={`tel:${settings.tel.replace(/[^\d+]/g, "")}`}>{settings.tel}</a>
            </p>
          )}
          {settings.fax && <p>傳真 {settings.fax}</p>}
          {settings.email && (
            <p>
              信箱 <a href={`mailto:${settings.email}`}>{settings.email}</a>
            </p>
          )}
          <p>
            服務時間 {settings.opening_days} {settings.hours}
          </p>
          <p>{settings.days_off}休息</p>
        </address>
      </div>
      <div className="border-t border-paper/15">
        <p className="container-page py-5 text-xs text-paper/60">
          © {new Date().getFullYear()} {settings.company}
        </p>
      </div>
    </footer>
  );
}
