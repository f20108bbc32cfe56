import { escapeHtml, phrasedHtml } from "../lib/phrases.ts";

/**
 * A headline's text that breaks between words only (lib/phrases.ts). The pieces come as HTML with
 * `<wbr>` between them; hydration does not compare such HTML, so a browser whose dictionary cuts
 * a title differently keeps the server's breaks until it renders the title itself.
 */
export function Phrased({ text }: { text: string }) {
  const html = phrasedHtml(text);
  return (
    <span
      className={html === null ? undefined : "phrased"}
      dangerouslySetInnerHTML={{ __html: html ?? escapeHtml(text) }}
    />
  );
}
