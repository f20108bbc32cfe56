import type { ComponentProps } from "react";

const variants = {
  primary: "bg-primary text-paper enabled:hover:bg-primary-deep",
  secondary: "border border-ink text-ink enabled:hover:bg-paper-deep",
  ghost: "text-ink enabled:hover:bg-paper-deep",
  danger:
    "border border-primary-deep text-primary-deep enabled:hover:bg-primary-deep enabled:hover:text-paper",
} as const;

// At least 44 px tall on touch-sized screens; compact sizes shrink only from md up.
const sizes = {
  sm: "min-h-11 px-3 text-sm md:min-h-8",
  md: "min-h-11 px-5 text-[0.9375rem]",
  lg: "min-h-12 px-7 text-base",
} as const;

// SPEC §9 button alignment: where the button sits in its row (block flow or a flex row).
const alignments = {
  center: "flex w-fit mx-auto",
  left: "flex w-fit mr-auto",
  right: "flex w-fit ml-auto",
} as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  align?: keyof typeof alignments;
};

export function Button({
  variant = "primary",
  size = "md",
  align,
  type = "button",
  className,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[
        align ? alignments[align] : "inline-flex",
        "items-center justify-center gap-2 font-sans tracking-[0.08em] whitespace-nowrap transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-primary",
        "disabled:cursor-not-allowed disabled:opacity-45",
        variants[variant],
        sizes[size],
        className,
      ]
        .filter(Boolean)
        .join(" ")}
      {...props}
    />
  );
}
