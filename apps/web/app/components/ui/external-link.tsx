import type { ComponentProps } from "react";

/**
 * A link to another site, opened in a new tab; a screen reader hears that it is (WCAG G201), as
 * the eye sees the page stay where it was.
 */
export function ExternalLink({ children, rel = "noopener noreferrer", ...props }: ComponentProps<"a">) {
  return (
    <a {...props} rel={rel} target="_blank">
      {children}
      <span className="sr-only">（另開新分頁）</span>
    </a>
  );
}
