import type { ReactNode } from "react";
import { Link } from "react-router";

/** A part of a member page: a serif title over a rule, as the sections of a magazine's back pages. */
export function MemberSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 border-t border-ink pt-6">
      {/* The member area's pages share their h1 (會員中心): arriving on one, its own heading is heard. */}
      <h2 id={`${id}-title`} data-arrival-focus className="font-serif text-2xl font-bold tracking-[0.12em]">
        {title}
      </h2>
      {description && <div className="mt-3 leading-7 text-ink-soft">{description}</div>}
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** Nothing to list yet, said calmly, with a place to go instead. */
export function EmptyState({ message, link }: { message: string; link: { to: string; label: string } }) {
  return (
    <div className="border border-dashed border-rule px-6 py-12 text-center">
      <p className="font-serif text-lg tracking-[0.08em] text-ink-soft">{message}</p>
      <p className="mt-5">
        <Link
          to={link.to}
          className="text-[0.9375rem] tracking-[0.08em] text-primary underline underline-offset-4 hover:text-primary-deep"
        >
          {link.label}
        </Link>
      </p>
    </div>
  );
}
