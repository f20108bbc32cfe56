import sanitizeHtml from "sanitize-html";

/**
 * The allow-list of SPEC §5: scripts are stripped; iframes and the attributes id, class, style,
 * data-src, data-srcset, data-sizes, alt and start are kept on top of ordinary article markup.
 */
const globalAttributes = ["id", "class", "style", "data-src", "data-srcset", "data-sizes", "alt", "start"];

/**
 * CSS a body may carry in `style`: its typography, colours, boxes and floats, with values made of
 * plain words, numbers, colours and lengths (no `url()`, no `expression()`). Positioning, layering
 * and transforms are dropped, so that no body can lay a box over the page (a fake login form).
 */
const cssValue = /^(?!.*(?:url|expression|image-set|element)\s*\()[#\w\s.,%()'"/+-]*$/i;
const styled = [
  "color",
  "background-color",
  "text-align",
  "text-decoration",
  "text-indent",
  "font-weight",
  "font-style",
  "font-size",
  "line-height",
  "letter-spacing",
  "vertical-align",
  "list-style-type",
  "width",
  "max-width",
  "min-width",
  "height",
  "max-height",
  "aspect-ratio",
  "float",
  "clear",
  "margin",
  "margin-top",
  "margin-right",
  "margin-bottom",
  "margin-left",
  "padding",
  "padding-top",
  "padding-right",
  "padding-bottom",
  "padding-left",
  "border",
  "border-top",
  "border-right",
  "border-bottom",
  "border-left",
  "border-color",
  "border-width",
  "border-style",
  "border-radius",
  "border-collapse",
];
const allowedStyles = { "*": Object.fromEntries(styled.map((property) => [property, [cssValue]])) };

/**
 * Ids the page itself relies on (the skip link's target, the page wrapper, the loading screen), and
 * any beginning with `_` (the framework's globals): a body's element of that id would take their
 * place.
 */
const reservedId = (id: string) => /^_/.test(id) || ["main", "page", "loading-screen"].includes(id);

/** What an iframe may ask the browser for: a video player's needs, never the camera or microphone. */
const iframeFeatures = new Set([
  "accelerometer",
  "autoplay",
  "clipboard-write",
  "encrypted-media",
  "fullscreen",
  "gyroscope",
  "picture-in-picture",
  "web-share",
]);

/** A lazy-loading script's source (`data-src`, `data-srcset`): a path or an http(s) address. */
const plainSource = (value: string) => !/^\s*[a-z][a-z0-9+.-]*:/i.test(value) || /^\s*https?:/i.test(value);

function cleanAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const clean = { ...attribs };
  if (clean.id !== undefined && reservedId(clean.id)) delete clean.id;
  for (const name of ["data-src", "data-srcset"]) {
    const value = clean[name];
    if (value !== undefined && !plainSource(value)) delete clean[name];
  }
  if (clean.allow !== undefined) {
    const features = clean.allow
      .split(";")
      .map((feature) => feature.trim())
      .filter((feature) => iframeFeatures.has(feature.split(/\s+/)[0]!.toLowerCase()));
    if (features.length > 0) clean.allow = features.join("; ");
    else delete clean.allow;
  }
  return clean;
}

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
  allowedStyles,
  allowedIframeHostnames: ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"],
  // An iframe whose address was refused would stay as an empty frame, a blank box in the article.
  exclusiveFilter: (frame) => frame.tag === "iframe" && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^\s*https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, rel: "noopener noreferrer", target: "_blank" } : attribs,
      };
    },
    "*": (tagName, attribs) => ({ tagName, attribs: cleanAttributes(attribs) }),
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
