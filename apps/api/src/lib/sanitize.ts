import sanitizeHtml from "sanitize-html";

/**
 * The allow-list of SPEC §5: scripts are stripped; iframes and the attributes id, class, style,
 * data-src, data-srcset, data-sizes, alt and start are kept on top of ordinary article markup.
 */
const globalAttributes = ["id", "class", "style", "data-src", "data-srcset", "data-sizes", "alt", "start"];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    "img",
    "figure",
    "figcaption",
    "iframe",
    "picture",
    "source",
  ],
  allowedAttributes: {
    "*": globalAttributes,
    a: ["href", "name", "target", "rel", "title"],
    img: ["src", "srcset", "sizes", "width", "height", "loading", "decoding", "title"],
    source: ["src", "srcset", "sizes", "type", "media"],
    iframe: ["src", "width", "height", "title", "allow", "allowfullscreen", "frameborder", "loading"],
    ol: ["start", "type", "reversed"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"],
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, rel: "noopener noreferrer", target: "_blank" } : attribs,
      };
    },
  },
};

export const sanitizeUserHtml = (html: string): string => sanitizeHtml(html, options);

/** Bodies already cleaned, by their stored HTML: the same few bodies are read again and again. */
const cleaned = new Map<string, string>();
const cleanedLimit = 300;

/**
 * Stored HTML as the API hands it out: whatever wrote it (the seed, an import, an editor working
 * on the database), it leaves through the allow-list. Each distinct body is cleaned once.
 */
export function safeHtml<T extends string | null>(html: T): T {
  if (html === null) return html;
  let clean = cleaned.get(html);
  if (clean === undefined) {
    clean = sanitizeUserHtml(html);
    if (cleaned.size >= cleanedLimit) cleaned.delete(cleaned.keys().next().value!);
    cleaned.set(html, clean);
  }
  return clean as T;
}
