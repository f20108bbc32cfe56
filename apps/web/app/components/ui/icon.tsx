import type { SVGProps } from "react";

// SPEC §9 icon size options. "default" follows the surrounding text (1em); the others are fixed.
const sizes = {
  default: "1em",
  "2xl": "2rem",
  xl: "1.5rem",
  lg: "1.25rem",
  md: "1rem",
  sm: "0.875rem",
  xs: "0.75rem",
} as const;

// 24 × 24 outlines drawn with a thin stroke, to sit quietly next to serif and sans text.
const paths = {
  "chevron-up": "M6 15l6-6 6 6",
  "chevron-down": "M6 9l6 6 6-6",
  check: "M5 12.5l4.5 4.5L19 7.5",
  plus: "M12 5v14M5 12h14",
  minus: "M5 12h14",
  close: "M6 6l12 12M18 6L6 18",
} as const;

export type IconName = keyof typeof paths;
export type IconSize = keyof typeof sizes;

type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & {
  name: IconName;
  size?: IconSize;
  /** Gives the icon an accessible name; without it the icon is decorative and hidden from assistive tech. */
  label?: string;
};

export function Icon({ name, size = "default", label, ...props }: IconProps) {
  const dimension = sizes[size];
  return (
    <svg
      viewBox="0 0 24 24"
      width={dimension}
      height={dimension}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      {...props}
    >
      <path d={paths[name]} />
    </svg>
  );
}
