import { imageUrl } from "./image.ts";

const bodyWidth = 720;

/**
 * Article bodies come from the API already sanitized; their local images are pointed at the image
 * proxy in webp at the body's width (1x and 2x) and load lazily.
 */
export function proxyBodyImages(html: string): string {
  return html.replace(
    /<img\b([^>]*?)\bsrc="(\/media\/[^"]+)"([^>]*)>/g,
    (_match, before: string, src: string, after: string) => {
      const attributes = `${before}${after}`
        .replace(/\s(?:srcset|loading|decoding)="[^"]*"/g, "")
        .replace(/\s+/g, " ")
        .trimEnd();
      const at = (width: number) => imageUrl(src, { width, format: "webp", quality: 80 });
      return `<img${attributes} src="${at(bodyWidth)}" srcset="${at(bodyWidth)} 1x, ${at(bodyWidth * 2)} 2x" loading="lazy" decoding="async">`;
    },
  );
}
