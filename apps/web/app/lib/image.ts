/**
 * Image URLs through the IPX proxy at `/_ipx` and the rules of SPEC §5 for the image component.
 * Sources are local media paths (`/media/…`, `/og/…`) or the two video-thumbnail aliases.
 */
export const ipxBase = "/_ipx";

export const breakpoints = {
  "2xs": 320,
  xs: 375,
  sm: 576,
  md: 768,
  lg: 992,
  ipad: 1024,
  xl: 1200,
  "2xl": 1400,
  xxl: 1400,
  "3xl": 1600,
  xxxl: 1600,
} as const;

export type Fit = "cover" | "contain" | "fill" | "inside" | "outside";
export type ImageModifiers = {
  width?: number;
  height?: number;
  fit?: Fit;
  format?: "webp" | "jpeg" | "png";
  quality?: number;
  blur?: number;
  background?: string;
  resize?: string;
  /** Make the box asked for even where the picture is smaller (IPX otherwise shrinks the box). */
  enlarge?: boolean;
};

export const providers = ["ipx"] as const;
export const presets = {
  cover: { fit: "cover", quality: 80 },
  thumbnail: { fit: "cover", quality: 75 },
  avatar: { fit: "cover", quality: 80 },
  contain: { fit: "contain", quality: 80, background: "f4efe6" },
} as const satisfies Record<string, ImageModifiers>;
export type Preset = keyof typeof presets;

const remoteAliases = ["/youtube/", "/vimeo/"];

export function assertSource(src: unknown): asserts src is string {
  if (typeof src !== "string") throw new Error("Image src must be a string");
  if (!src.startsWith("/") || src.startsWith("//")) {
    throw new Error(`Image src must be a local path or a /youtube or /vimeo alias: ${src}`);
  }
}

/**
 * The proxy's address for a picture made as asked. Both sides given are one box (`s_WxH`), which
 * the picture is fitted into by `fit` (and padded with `background` for `contain`): IPX's `w_` and
 * `h_` are two resizes of which only one holds, and fit and background apply to neither.
 */
export function imageUrl(src: string, modifiers: ImageModifiers): string {
  assertSource(src);
  const parts: string[] = [];
  const width = modifiers.width && Math.round(modifiers.width);
  const height = modifiers.height && Math.round(modifiers.height);
  if (modifiers.format) parts.push(`f_${modifiers.format}`);
  if (modifiers.fit) parts.push(`fit_${modifiers.fit}`);
  if (modifiers.enlarge) parts.push("enlarge");
  if (modifiers.resize) parts.push(`resize_${modifiers.resize}`);
  else if (width && height) parts.push(`s_${width}x${height}`);
  else if (width) parts.push(`w_${width}`);
  else if (height) parts.push(`h_${height}`);
  if (modifiers.quality) parts.push(`q_${modifiers.quality}`);
  if (modifiers.blur) parts.push(`blur_${modifiers.blur}`);
  if (modifiers.background) parts.push(`b_${modifiers.background}`);
  return `${ipxBase}/${parts.join(",") || "_"}${src}`;
}

export const isRemoteAlias = (src: string) => remoteAliases.some((alias) => src.startsWith(alias));

/** `sizes` as in SPEC §5: a number, or px/vw values, optionally per breakpoint (`100vw md:50vw xl:600px`). */
export function parseSizes(sizes: number | string): { media: string | null; size: string; px: number }[] {
  if (typeof sizes === "number") {
    if (!Number.isFinite(sizes) || sizes <= 0) throw new Error(`Invalid image sizes: ${sizes}`);
    return [{ media: null, size: `${sizes}px`, px: sizes }];
  }
  if (typeof sizes !== "string" || !sizes.trim())
    throw new Error("Image sizes must be a number or a px/vw string");
  return sizes
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const match = /^(?:([a-z0-9]+):)?(\d+(?:\.\d+)?)(px|vw)?$/.exec(entry);
      if (!match) throw new Error(`Invalid image sizes entry: ${entry}`);
      const [, screen, amount, unit = "px"] = match;
      if (screen && !(screen in breakpoints)) throw new Error(`Unknown breakpoint in image sizes: ${screen}`);
      const screenWidth = screen ? breakpoints[screen as keyof typeof breakpoints] : breakpoints.xs;
      const value = Number(amount);
      return {
        media: screen ? `(min-width: ${screenWidth}px)` : null,
        size: `${value}${unit}`,
        px: unit === "vw" ? Math.round((value / 100) * (screen ? screenWidth : 640)) : value,
      };
    })
    .sort(
      (a, b) =>
        (b.media ? Number(/\d+/.exec(b.media)![0]) : 0) - (a.media ? Number(/\d+/.exec(a.media)![0]) : 0),
    );
}

export type ImageAttributeOptions = {
  loading?: unknown;
  decoding?: unknown;
  crossOrigin?: unknown;
  densities?: unknown;
  provider?: unknown;
  preset?: unknown;
};

/** Throws on every value SPEC §5 forbids. */
export function assertImageOptions(options: ImageAttributeOptions) {
  if (options.loading !== undefined && options.loading !== "lazy" && options.loading !== "eager") {
    throw new Error(`Image loading must be lazy or eager: ${String(options.loading)}`);
  }
  if (options.decoding !== undefined && !["async", "auto", "sync"].includes(options.decoding as string)) {
    throw new Error(`Image decoding must be async, auto or sync: ${String(options.decoding)}`);
  }
  const crossOrigin = options.crossOrigin;
  if (
    crossOrigin !== undefined &&
    typeof crossOrigin !== "boolean" &&
    !["anonymous", "use-credentials", ""].includes(crossOrigin as string)
  ) {
    throw new Error(
      `Image crossorigin must be anonymous, use-credentials, empty or boolean: ${String(crossOrigin)}`,
    );
  }
  if (options.densities !== undefined) {
    const list = options.densities;
    if (!Array.isArray(list) || list.length === 0 || list.some((d) => typeof d !== "number" || !(d > 0))) {
      throw new Error("Image densities must be a non-empty list of positive numbers");
    }
  }
  if (options.provider !== undefined && !(providers as readonly unknown[]).includes(options.provider)) {
    throw new Error(`Unknown image provider: ${String(options.provider)}`);
  }
  if (options.preset !== undefined && !Object.hasOwn(presets, options.preset as string)) {
    throw new Error(`Unknown image preset: ${String(options.preset)}`);
  }
}

export const placeholderUrl = (src: string) =>
  imageUrl(src, { width: 10, height: 10, fit: "cover", quality: 50, blur: 3, format: "webp" });

/** Widths offered to the browser for a `sizes` image, so that phones are not sent desktop pictures. */
export const candidateWidths = [320, 480, 640, 750, 960, 1280, 1600, 1920];

export function responsiveWidths(entries: ReturnType<typeof parseSizes>, densities: number[]): number[] {
  const maxDensity = Math.max(...densities);
  const widths = new Set<number>();
  let upper = 0;
  // Entries come widest screen first; a vw entry holds up to the next wider breakpoint (or 1920 px).
  entries.forEach((entry, index) => {
    if (entry.size.endsWith("px")) {
      for (const d of densities) widths.add(Math.round(entry.px * d));
      upper = Math.max(upper, entry.px);
      return;
    }
    const wider = entries[index - 1]?.media;
    const screen = wider ? Number(/\d+/.exec(wider)![0]) : 1920;
    upper = Math.max(upper, (parseFloat(entry.size) / 100) * screen);
  });
  if (entries.some((entry) => entry.size.endsWith("vw"))) {
    for (const w of candidateWidths) if (w <= upper * maxDensity) widths.add(w);
  }
  return [...widths].sort((a, b) => a - b);
}

export type ImageMeta = { width: number; height: number; ratio: number };

/**
 * An image's intrinsic size as the API reports it. Unusable metadata (missing, zero, not a number)
 * is logged and gives width 0, height 0, ratio 0 (SPEC §8), and the caller falls back to its box.
 */
export function imageMeta(image: { url: string; width?: number | null; height?: number | null }): ImageMeta {
  const { width, height } = image;
  if (typeof width === "number" && typeof height === "number" && width > 0 && height > 0) {
    return { width, height, ratio: width / height };
  }
  console.warn(`[image] no usable size for ${image.url} (width ${width}, height ${height})`);
  return { width: 0, height: 0, ratio: 0 };
}
