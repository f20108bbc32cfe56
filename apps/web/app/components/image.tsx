import { useEffect, useRef, type CSSProperties } from "react";
import {
  assertImageOptions,
  imageUrl,
  parseSizes,
  placeholderUrl,
  presets,
  responsiveWidths,
  type Fit,
  type ImageModifiers,
  type Preset,
} from "../lib/image.ts";
import { lazyRefreshEvent } from "../lib/page-loading.ts";

export type ImageProps = {
  src: string;
  alt: string;
  /** Rendered size in CSS pixels; also reserves the box so nothing shifts. */
  width: number;
  height: number;
  sizes?: number | string;
  densities?: number[];
  loading?: "lazy" | "eager";
  decoding?: "async" | "auto" | "sync";
  crossOrigin?: "anonymous" | "use-credentials" | "" | boolean;
  fetchPriority?: "high" | "low" | "auto";
  fit?: Fit;
  quality?: number;
  preset?: Preset;
  provider?: "ipx";
  /** The blurred 10x10 stand-in; by default only lazy images get one, so the first view loads nothing extra. */
  placeholder?: boolean;
  className?: string;
};

/** Lazy images start loading this far before they scroll into view (SPEC §9). */
const lazyMarginPx = 500;

/**
 * A proxied, webp image at 1x and 2x (or per `sizes`), lazy by default, with a 10x10 blurred
 * placeholder underneath until the picture arrives.
 */
export function Image({
  src,
  alt,
  width,
  height,
  sizes,
  densities = [1, 2],
  loading = "lazy",
  decoding = "async",
  crossOrigin,
  fetchPriority,
  fit,
  quality,
  preset,
  provider = "ipx",
  placeholder = loading === "lazy",
  className,
}: ImageProps) {
  // SPEC §5's rules are enforced wherever a page is rendered on the server, and in development;
  // the browser's production bundle leaves the checks out (every image is first rendered there).
  if (import.meta.env.SSR || import.meta.env.DEV) {
    assertImageOptions({ loading, decoding, crossOrigin, densities, provider, preset });
  }
  const modifiers: ImageModifiers = {
    ...(preset ? presets[preset] : { fit: "cover", quality: 80 }),
    format: "webp",
  };
  if (fit) modifiers.fit = fit;
  if (quality) modifiers.quality = quality;
  const ratio = height / width;
  const at = (w: number) => imageUrl(src, { ...modifiers, width: w, height: Math.round(w * ratio) });

  let srcSet: string;
  let sizesAttribute: string | undefined;
  if (sizes !== undefined) {
    const entries = parseSizes(sizes);
    srcSet = responsiveWidths(entries, densities)
      .map((w) => `${at(w)} ${w}w`)
      .join(", ");
    sizesAttribute = entries
      .map((entry) => (entry.media ? `${entry.media} ${entry.size}` : entry.size))
      .join(", ");
  } else {
    srcSet = densities.map((d) => `${at(width * d)} ${d}x`).join(", ");
  }

  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (!img) return;
    const loaded = () => img.style.removeProperty("background-image");
    if (img.complete) loaded();
    else img.addEventListener("load", loaded, { once: true });
    if (loading !== "lazy" || !("IntersectionObserver" in window)) return;
    const load = () => {
      img.loading = "eager";
      observer.disconnect();
      window.removeEventListener(lazyRefreshEvent, refresh);
    };
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && load(), {
      rootMargin: `${lazyMarginPx}px`,
    });
    // After a page transition the layout may have moved under the observer: measure again.
    const refresh = () => {
      const box = img.getBoundingClientRect();
      if (box.bottom > -lazyMarginPx && box.top < innerHeight + lazyMarginPx) load();
    };
    observer.observe(img);
    window.addEventListener(lazyRefreshEvent, refresh);
    return () => {
      observer.disconnect();
      window.removeEventListener(lazyRefreshEvent, refresh);
    };
  }, [loading, src]);

  const style: CSSProperties | undefined = placeholder
    ? {
        backgroundImage: `url("${placeholderUrl(src)}")`,
        backgroundSize: "cover",
        backgroundPosition: "center",
      }
    : undefined;

  return (
    <img
      ref={ref}
      src={at(width)}
      srcSet={srcSet}
      sizes={sizesAttribute}
      width={width}
      height={height}
      alt={alt}
      loading={loading}
      decoding={decoding}
      fetchPriority={fetchPriority}
      crossOrigin={crossOrigin === true ? "anonymous" : crossOrigin === false ? undefined : crossOrigin}
      className={className}
      style={style}
    />
  );
}
