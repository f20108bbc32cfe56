import type { ReactNode } from "react";
import { ExternalLink } from "../ui/external-link.tsx";

/**
 * A policy named beside a form's consent (隱私權政策, 購物須知): it opens in a new tab, so that
 * reading it before ticking the box leaves the form, and what was typed in it, where it was.
 */
export function PolicyLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ExternalLink href={to} rel="noopener" className="mx-0.5 text-primary underline underline-offset-4">
      {children}
    </ExternalLink>
  );
}
