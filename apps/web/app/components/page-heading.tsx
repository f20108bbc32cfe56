import type { ReactNode } from "react";
import { latinLang } from "../lib/format.ts";
import { Phrased } from "./phrased.tsx";

/** The head of a section page: English kicker, zh-TW title, a line of description. */
export function PageHeading({
  kicker,
  title,
  description,
  children,
}: {
  kicker: string;
  title: string;
  description?: string | null;
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-rule pb-8 pt-12 md:pt-16">
      <p className="kicker" lang={latinLang(kicker)}>
        {kicker}
      </p>
      {/* An opening bracket hangs into the margin, so the title's first character lines up with the kicker. */}
      <h1
        className={`mt-3 font-serif text-3xl font-bold tracking-[0.12em] wrap-anywhere md:text-5xl ${title.startsWith("「") ? "-indent-[0.5em]" : ""}`}
      >
        <Phrased text={title} />
      </h1>
      {description && (
        <p className="mt-4 max-w-2xl leading-8 text-ink-soft wrap-anywhere">
          <Phrased text={description} running />
        </p>
      )}
      {children}
    </header>
  );
}
