import type { ReactNode } from "react";
import { Link } from "react-router";
import { latinLang } from "../../lib/format.ts";

/**
 * The page of a sign-in step (login, registration, confirmation, password reset, the social-login
 * return): one narrow column, as a subscription card in a magazine, with the step's title set
 * in the serif above a double rule. `aside` sits beside the form from lg up (below it on phones).
 */
export function AuthLayout({
  kicker,
  title,
  description,
  aside,
  children,
}: {
  kicker: string;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container-page">
      <div
        className={[
          "mx-auto grid gap-12 pt-12 pb-20 md:pt-16 lg:pb-24",
          aside ? "max-w-5xl lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-20" : "max-w-xl",
        ].join(" ")}
      >
        <div className="min-w-0">
          <header className="border-b border-rule pb-7">
            <p className="kicker" lang={latinLang(kicker)}>
              {kicker}
            </p>
            <h1 className="mt-3 font-serif text-3xl font-bold tracking-[0.14em] md:text-4xl">{title}</h1>
            {description && <div className="mt-4 leading-8 text-ink-soft">{description}</div>}
          </header>
          <div className="pt-8">{children}</div>
        </div>
        {aside && <aside className="min-w-0 lg:pt-2">{aside}</aside>}
      </div>
    </div>
  );
}

/** A link in running text of the auth pages. */
export const textLink = "text-primary underline underline-offset-4 hover:text-primary-deep";

/** A link that looks like the shared Button's secondary variant (a place to go, not a form to send). */
export const buttonLink = [
  "inline-flex min-h-11 items-center justify-center gap-2 border border-ink px-5 text-[0.9375rem]",
  "tracking-[0.08em] text-ink transition-colors hover:bg-paper-deep",
  "focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-primary",
].join(" ");

/** A danger notice (a refused link, a failed social login) that is part of the page, not a reply. */
export function DangerNotice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="border-l-4 border-primary bg-paper-deep px-5 py-5">
      <p className="font-serif text-lg font-bold tracking-[0.08em] text-balance text-primary-deep">{title}</p>
      {children && <div className="mt-2 leading-7 text-ink-soft">{children}</div>}
    </div>
  );
}

/**
 * The page of a mailed link that no longer works (used, lapsed, or replaced by a newer one), with
 * the way back to where a new one is asked for.
 */
export function DeadMailLinkPage({
  title,
  message,
  validFor,
  back,
}: {
  title: string;
  message: string;
  /** How long such a link works: 1 小時, 24 小時. */
  validFor: string;
  back: string;
}) {
  return (
    <AuthLayout kicker="Account" title={title}>
      <DangerNotice title={message}>
        <p>連結只能使用一次，並在寄出 {validFor}後失效；較新的連結寄出後，舊的連結也會失效。</p>
      </DangerNotice>
      <p className="mt-8 leading-7">
        <Link to={back} className={textLink}>
          回到會員中心
        </Link>
      </p>
    </AuthLayout>
  );
}
