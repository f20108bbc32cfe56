/** Markup helpers for the demo bodies. Figures point at images the seed generates (1600x1000). */

/** A figure whose image lives at `/media/<section>/<slug>.jpg`. */
export function figure(section: string, slug: string, alt: string, caption: string): string {
  return `<figure><img src="/media/${section}/${slug}.jpg" alt="${alt}" width="1600" height="1000"><figcaption>${caption}</figcaption></figure>`;
}

/** Joins body blocks, one per line, so the stored HTML stays readable. */
export const html = (...blocks: string[]): string => blocks.join("\n");

export const p = (text: string): string => `<p>${text}</p>`;
export const h2 = (text: string): string => `<h2>${text}</h2>`;
export const h3 = (text: string): string => `<h3>${text}</h3>`;
export const quote = (text: string): string => `<blockquote><p>${text}</p></blockquote>`;
export const ul = (...items: string[]): string =>
  `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;
export const ol = (...items: string[]): string =>
  `<ol>${items.map((item) => `<li>${item}</li>`).join("")}</ol>`;
