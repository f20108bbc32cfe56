import { escapeHtml, phrasedHtml } from "../lib/phrases.ts";

/**
 * A headline's text that breaks between words only (lib/phrases.ts), after a clause's punctuation
 * where it can; `running`: a line of running text (a page's description), between words only. The
 * pieces come as HTML with `<wbr>` between them; hydration does not compare such HTML, so a
 * browser whose dictionary cuts a title differently keeps the server's breaks until it renders
 * the title itself.
 */
export function Phrased({ text, running = false }: { text: string; running?: boolean }) {
  const html = phrasedHtml(text, { clauses: !running });
  return (
    <span
      className={html === null ? undefined : "phrased"}
      dangerouslySetInnerHTML={{ __html: html ?? escapeHtml(text) }}
    />
  );
}
