import { breakpoints, imageUrl } from "../lib/image.ts";
import { Image } from "./image.tsx";

/**
 * On a phone the opening's box is taller than wide (375×544 on the home page): the 2:1 picture,
 * fitted to the width, would show its middle at a third of its pixels. There it is cut to this
 * upright shape by the proxy instead, at the widths a phone's screen asks for.
 */
const uprightRatio = 1.6;
const uprightWidths = [480, 720, 960];

/**
 * A page's opening picture across the page, the first thing seen (loaded at once, first): made to
 * cover 2:1 whole, uncropped, and cropped by its box on each screen (an upright cut of it on a
 * phone), darkened from the bottom so that the text set on it reads. Its description, if any, is
 * given elsewhere on the page.
 */
export function CoverPicture({ src, className }: { src: string; className: string }) {
  const upright = (width: number) =>
    imageUrl(src, {
      format: "webp",
      fit: "cover",
      quality: 80,
      width,
      height: Math.round(width * uprightRatio),
    });
  return (
    <>
      <picture className="block">
        <source
          media={`(max-width: ${breakpoints.md - 0.02}px)`}
          srcSet={uprightWidths.map((width) => `${upright(width)} ${width}w`).join(", ")}
          sizes="100vw"
        />
        <Image
          src={src}
          alt=""
          width={1600}
          height={800}
          sizes="100vw"
          fit="outside"
          loading="eager"
          fetchPriority="high"
          className={`w-full object-cover ${className}`}
        />
      </picture>
      <div className="absolute inset-0 bg-gradient-to-t from-ink/90 via-ink/50 to-transparent" />
    </>
  );
}
