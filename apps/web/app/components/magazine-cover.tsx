import type { MagazineSummary } from "@shiyi/contracts";
import { Image } from "./image.tsx";

/** A cover at 3:4, the magazine's proportion. */
export function MagazineCover({
  magazine,
  width,
  priority = false,
  sizes,
  decorative = false,
  className = "",
}: {
  magazine: Pick<MagazineSummary, "cover" | "title" | "issue">;
  width: number;
  priority?: boolean;
  /** How wide the cover is shown at each breakpoint (SPEC §5 syntax); fixed at `width` when absent. */
  sizes?: string;
  /** In a link that names the issue already: the cover adds nothing to read out. */
  decorative?: boolean;
  className?: string;
}) {
  const height = Math.round((width * 4) / 3);
  if (!magazine.cover) {
    return (
      <div
        aria-hidden={decorative || undefined}
        className={`flex aspect-[3/4] items-center justify-center bg-paper-deep font-serif text-2xl ${className}`}
        style={{ maxWidth: width }}
      >
        第 {magazine.issue} 期
      </div>
    );
  }
  return (
    <Image
      src={magazine.cover.url}
      alt={decorative ? "" : `《食藝》第 ${magazine.issue} 期封面：${magazine.title}`}
      width={width}
      height={height}
      sizes={sizes}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      className={`aspect-[3/4] h-auto w-full bg-paper-deep object-cover ${className}`}
    />
  );
}
