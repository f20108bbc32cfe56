/*
 * What the image proxy may be asked to do. IPX knows some thirty operations (blur, extend,
 * enlarge, rotate, …), each a way to make sharp work for seconds on one request: a blur of sigma
 * 1000, a 20,000-pixel enlargement, an AVIF at full size. The site asks for only a few (SPEC §5:
 * format, fit, width, height, resize, quality, background, and the placeholder's blur; enlarge for
 * a share picture), so those are all the proxy does, within bounds that cover every picture the
 * pages name.
 */

/** The link preview's picture (Open Graph), the one box made even larger than its source. */
export const shareBox = { width: 1200, height: 630 };

/** The widest or tallest picture made; no page asks for more than 2x of a 1,920-pixel screen. */
export const maxImageSide = 3840;
/** A blur is only for the placeholder: after the picture is made this small. */
export const maxBlurredSide = 64;
export const maxBlur = 10;

const formats = new Set(["webp", "jpeg", "jpg", "png"]);
const fits = new Set(["cover", "contain", "fill", "inside", "outside"]);
// IPX's own separators: modifiers by `,` or `&`, a name from its value by `_`, `:` or `=`.
const modifierSeparator = /[&,]/;
const valueSeparator = /[:=_]/;

const side = (value: string) =>
  /^[1-9]\d{0,4}$/.test(value) && Number(value) <= maxImageSide ? Number(value) : undefined;

/**
 * Whether the modifiers segment of `/_ipx/<modifiers>/<source>` is one the proxy serves: only the
 * operations above, each once, with values in bounds, and a blur only after the picture is made at
 * most 64 pixels on each side. `_` is the picture as it is.
 */
export function allowedImageModifiers(segment: string): boolean {
  if (segment === "_") return true;
  const seen = new Set<string>();
  let width: number | undefined;
  let height: number | undefined;
  for (const part of segment.split(modifierSeparator)) {
    const [rawName = "", ...rest] = part.split(valueSeparator);
    const value = rest.join("_");
    const name = aliases[rawName] ?? rawName;
    if (seen.has(name)) return false;
    seen.add(name);
    switch (name) {
      case "format":
        if (!formats.has(value)) return false;
        break;
      case "fit":
        if (!fits.has(value)) return false;
        break;
      case "quality":
        if (!/^(?:[1-9]\d?|100)$/.test(value)) return false;
        break;
      case "background":
        if (!/^(?:[\da-f]{3}|[\da-f]{6})$/i.test(value)) return false;
        break;
      case "width":
        width = side(value);
        if (width === undefined) return false;
        break;
      case "height":
        height = side(value);
        if (height === undefined) return false;
        break;
      case "resize": {
        const match = /^(\d+)x(\d+)$/.exec(value);
        width = side(match?.[1] ?? "");
        height = side(match?.[2] ?? "");
        if (width === undefined || height === undefined) return false;
        break;
      }
      case "enlarge":
        if (value !== "" && value !== "true") return false;
        break;
      case "blur": {
        const sigma = /^\d{1,2}(?:\.\d{1,2})?$/.test(value) ? Number(value) : NaN;
        if (!(sigma >= 0.3 && sigma <= maxBlur)) return false;
        if (width === undefined || height === undefined) return false;
        if (width > maxBlurredSide || height > maxBlurredSide) return false;
        break;
      }
      default:
        return false;
    }
  }
  // A box larger than the picture is made at that size only for the share picture (a cover shown
  // whole at 1200×630): anything else could make a small picture into 3840×3840 at every request.
  if (seen.has("enlarge") && !(width === shareBox.width && height === shareBox.height)) return false;
  return true;
}

/** IPX's short names, by the name they stand for. */
const aliases: Record<string, string> = {
  f: "format",
  q: "quality",
  b: "background",
  w: "width",
  h: "height",
  s: "resize",
};
