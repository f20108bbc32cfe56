import type { ReactNode } from "react";

/**
 * A policy named beside a form's consent (隱私權政策, 購物須知): it opens in a new tab, so that
 * reading it before ticking the box leaves the form, and what was typed in it, where it was.
 */
export function PolicyLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} target="_blank" rel="noopener" className="mx-0.5 text-primary underline underline-offset-4">
      {children}
      <span className="sr-only">（另開新分頁）</span>
    </a>
  );
}
