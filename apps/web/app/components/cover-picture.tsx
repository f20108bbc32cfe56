import { Image } from "./image.tsx";

/**
 * A page's opening picture across the page, the first thing seen (loaded at once, first): made to
 * cover 2:1 whole, uncropped, and cropped by its box on each screen (taller than 2:1 on a phone),
 * darkened from the bottom so that the text set on it reads. Its description, if any, is given
 * elsewhere on the page.
 */
export function CoverPicture({ src, className }: { src: string; className: string }) {
  return (
    <>
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
      <div className="absolute inset-0 bg-gradient-to-t from-ink/90 via-ink/50 to-transparent" />
    </>
  );
}
