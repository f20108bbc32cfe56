import { imageUrl } from "./image.ts";

const bodyWidth = 720;
const bodyWidths = [480, 720, 960, 1440];
const bodySizes = "(min-width: 768px) 720px, 100vw";

/**
 * Article bodies come from the API already sanitized; their local images are pointed at the image
 * proxy in webp at widths from a phone's to the body's at 2x, and load lazily.
 */
export function proxyBodyImages(html: string): string {
  return html.replace(
    /<img\b([^>]*?)\bsrc="(\/media\/[^"]+)"([^>]*)>/g,
    (_match, before: string, src: string, after: string) => {
      const attributes = `${before}${after}`
        .replace(/\s(?:srcset|loading|decoding)="[^"]*"/g, "")
        .replace(/\s+/g, " ")
        .replace(/\s*\/$/, "")
        .trimEnd();
      const at = (width: number) => imageUrl(src, { width, format: "webp", quality: 80 });
      const srcset = bodyWidths.map((width) => `${at(width)} ${width}w`).join(", ");
      return `<img${attributes} src="${at(bodyWidth)}" srcset="${srcset}" sizes="${bodySizes}" loading="lazy" decoding="async">`;
    },
  );
}
