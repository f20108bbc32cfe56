import type { MediaStore } from "@shiyi/media-store";
import sharp from "sharp";

/**
 * Demo imagery for the seed: abstract still lifes composed as SVG and rendered locally with sharp.
 * Nothing is fetched; every composition and palette is chosen deterministically from the image's seed.
 */

export type ImageJob =
  | {
      kind: "article";
      section: string;
      slug: string;
      seed?: string;
      /** What the picture is said to show (its alt text): the scene is drawn to fit it where it can. */
      subject?: string;
    }
  | {
      kind: "cover" | "ebook";
      section: string;
      slug: string;
      issue: number;
      title: string;
      dateLabel: string;
      lines: string[];
      seed?: string;
    }
  | {
      kind: "portrait";
      section: string;
      slug: string;
      name: string;
      mark: string;
      latin: string;
      seed?: string;
    }
  | { kind: "merch"; section: string; slug: string; motif: MerchMotif; variant: number; seed?: string };

export type MerchMotif = "tote" | "notebook" | "mug" | "card";

export const imageSizes = {
  article: { width: 1600, height: 1000 },
  cover: { width: 900, height: 1200 },
  ebook: { width: 900, height: 1200 },
  portrait: { width: 600, height: 600 },
  merch: { width: 1000, height: 1000 },
} as const;

export function imageSize(job: ImageJob): { width: number; height: number } {
  return imageSizes[job.kind];
}

export const imageUrl = (job: Pick<ImageJob, "section" | "slug">): string =>
  `/media/${job.section}/${job.slug}.jpg`;

const FONT_SERIF = "Noto Serif CJK TC, Noto Sans CJK TC, serif";
const FONT_SANS = "Noto Sans CJK TC, Noto Serif CJK TC, sans-serif";

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

type Rng = {
  next: () => number;
  range: (min: number, max: number) => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
};

function hashString(value: string): number {
  let hash = 2166136261;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

function createRng(seed: string): Rng {
  let state = hashString(seed) || 1;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const range = (min: number, max: number) => min + (max - min) * next();
  return {
    next,
    range,
    int: (min, max) => Math.floor(range(min, max + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

// ---------------------------------------------------------------------------------------------
// Palettes: ink, rice paper, terracotta, tea green, soy brown and a few neighbours

type Palette = {
  ground: string;
  ground2: string;
  cloth: string;
  clothLine: string;
  plate: string;
  plateRim: string;
  ink: string;
  accent: string;
  accent2: string;
  leaf: string;
  glaze: string;
  dark: boolean;
};

const palettes: Record<string, Palette> = {
  ricePaper: {
    ground: "#efe6d3",
    ground2: "#e0d0b2",
    cloth: "#d6c09b",
    clothLine: "#b99c74",
    plate: "#faf6ee",
    plateRim: "#cdbb9c",
    ink: "#2a2521",
    accent: "#b4573a",
    accent2: "#6f7d57",
    leaf: "#7f8f5e",
    glaze: "#3e4a52",
    dark: false,
  },
  ink: {
    ground: "#26231f",
    ground2: "#38322b",
    cloth: "#4a4137",
    clothLine: "#5f5445",
    plate: "#ece3d2",
    plateRim: "#b9a98e",
    ink: "#f1e9da",
    accent: "#c8714a",
    accent2: "#9aa57b",
    leaf: "#8c9a6a",
    glaze: "#6d7f86",
    dark: true,
  },
  terracotta: {
    ground: "#c9805e",
    ground2: "#b76a4a",
    cloth: "#e7d3b8",
    clothLine: "#c9a886",
    plate: "#f7efe2",
    plateRim: "#d8c2a4",
    ink: "#2e211b",
    accent: "#7a3a24",
    accent2: "#5e6b45",
    leaf: "#6d7b4f",
    glaze: "#2f4550",
    dark: false,
  },
  teaGreen: {
    ground: "#b9c1a0",
    ground2: "#a4ad87",
    cloth: "#e8e1cc",
    clothLine: "#c8c0a4",
    plate: "#f8f4ea",
    plateRim: "#cfc6ae",
    ink: "#2b2e24",
    accent: "#b25f3d",
    accent2: "#4f5d3b",
    leaf: "#5f6f43",
    glaze: "#8b5e3c",
    dark: false,
  },
  soy: {
    ground: "#4b3324",
    ground2: "#5e4131",
    cloth: "#7a5a42",
    clothLine: "#8f6e53",
    plate: "#efe4d0",
    plateRim: "#c5ab8a",
    ink: "#f3e8d6",
    accent: "#d08a4f",
    accent2: "#a3a776",
    leaf: "#93a06a",
    glaze: "#2d2520",
    dark: true,
  },
  indigoLinen: {
    ground: "#dfdfd6",
    ground2: "#cdcfc4",
    cloth: "#3f4b5e",
    clothLine: "#58657b",
    plate: "#f6f3ec",
    plateRim: "#c9c3b5",
    ink: "#23272e",
    accent: "#c0643f",
    accent2: "#7b8a5c",
    leaf: "#6f8153",
    glaze: "#2f3d52",
    dark: false,
  },
  ochre: {
    ground: "#e3c78f",
    ground2: "#d4b274",
    cloth: "#f3e6cb",
    clothLine: "#d4b98b",
    plate: "#fbf6ec",
    plateRim: "#d6c29e",
    ink: "#3a2a1c",
    accent: "#a9472b",
    accent2: "#56663f",
    leaf: "#6a7b47",
    glaze: "#4d3a2a",
    dark: false,
  },
};

const paletteList = Object.values(palettes);

// ---------------------------------------------------------------------------------------------
// SVG helpers

const esc = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const n = (value: number) => (Math.round(value * 10) / 10).toString();

function rgb(hex: string): number[] {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16));
}

/** Blends two hex colours; t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const pa = rgb(a);
  const pb = rgb(b);
  return `#${pa
    .map((v, i) =>
      Math.round(v + (pb[i]! - v) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** A soft drop shadow without a blur filter: a few stacked translucent ellipses. */
function shadow(cx: number, cy: number, rx: number, ry: number, color = "#000", strength = 0.12): string {
  return [1.12, 1.06, 1]
    .map(
      (s) =>
        `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx * s)}" ry="${n(ry * s)}" fill="${color}" opacity="${strength / 2}"/>`,
    )
    .join("");
}

function groundLayer(id: string, w: number, h: number, p: Palette, rng: Rng): string {
  const fx = n(rng.range(0.25, 0.75));
  const fy = n(rng.range(0.2, 0.6));
  return (
    `<defs><radialGradient id="${id}-g" cx="${fx}" cy="${fy}" r="0.95">` +
    `<stop offset="0" stop-color="${mix(p.ground, "#ffffff", p.dark ? 0.06 : 0.12)}"/>` +
    `<stop offset="0.65" stop-color="${p.ground}"/><stop offset="1" stop-color="${p.ground2}"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${id}-g)"/>`
  );
}

function vignette(id: string, w: number, h: number): string {
  return (
    `<defs><radialGradient id="${id}-v" cx="0.5" cy="0.5" r="0.75">` +
    `<stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/>` +
    `</radialGradient></defs><rect width="${w}" height="${h}" fill="url(#${id}-v)"/>`
  );
}

function tableCloth(w: number, h: number, p: Palette, rng: Rng): string {
  const cw = w * rng.range(0.55, 0.8);
  const ch = h * rng.range(0.6, 0.95);
  const x = rng.range(-0.1, 0.45) * w;
  const y = rng.range(0.05, 0.3) * h;
  const angle = rng.range(-9, 9);
  const style = rng.int(0, 2);
  const gap = rng.pick([18, 26, 34]);
  // Stripes are drawn as plain rects: pattern fills are very slow to rasterize when rotated.
  let weave = "";
  if (style === 0) {
    for (let gx = 0; gx < cw; gx += gap * 2) {
      weave += `<rect x="${n(x + gx)}" y="${n(y)}" width="${n(Math.min(gap, cw - gx))}" height="${n(ch)}" fill="${p.clothLine}" opacity="0.35"/>`;
    }
    for (let gy = 0; gy < ch; gy += gap * 2) {
      weave += `<rect x="${n(x)}" y="${n(y + gy)}" width="${n(cw)}" height="${n(Math.min(gap, ch - gy))}" fill="${p.clothLine}" opacity="0.35"/>`;
    }
  } else if (style === 1) {
    for (let gx = 0; gx < cw; gx += gap) {
      weave += `<rect x="${n(x + gx)}" y="${n(y)}" width="${n(gap * 0.18)}" height="${n(ch)}" fill="${p.clothLine}" opacity="0.6"/>`;
    }
  } else {
    let d = "";
    for (let gx = gap * 1.5; gx < cw; gx += gap * 3) d += `M${n(x + gx)} ${n(y)}V${n(y + ch)}`;
    for (let gy = gap * 1.5; gy < ch; gy += gap * 3) d += `M${n(x)} ${n(y + gy)}H${n(x + cw)}`;
    weave = `<path d="${d}" stroke="${p.clothLine}" stroke-width="2" opacity="0.7"/>`;
  }
  return (
    `<g transform="rotate(${n(angle)} ${n(x + cw / 2)} ${n(y + ch / 2)})">` +
    `<rect x="${n(x + 10)}" y="${n(y + 14)}" width="${n(cw)}" height="${n(ch)}" fill="#000" opacity="0.08"/>` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(cw)}" height="${n(ch)}" fill="${p.cloth}"/>` +
    weave +
    `<rect x="${n(x + 16)}" y="${n(y + 16)}" width="${n(cw - 32)}" height="${n(ch - 32)}" fill="none" stroke="${p.plate}" stroke-width="1.5" opacity="0.5" stroke-dasharray="6 6"/>` +
    `</g>`
  );
}

function chopsticks(x: number, y: number, length: number, angle: number, color: string, tip: string): string {
  const stick = (dy: number, spread: number) =>
    `<g transform="rotate(${n(angle + spread)} ${n(x)} ${n(y + dy)})"><rect x="${n(x + 6)}" y="${n(y + dy + 8)}" width="${n(length)}" height="11" rx="5" fill="#000" opacity="0.1"/>` +
    `<path d="M${n(x)} ${n(y + dy)}h${n(length)}l-${n(length * 0.02)} 9h-${n(length * 0.98)}z" fill="${color}"/>` +
    `<rect x="${n(x + length * 0.78)}" y="${n(y + dy)}" width="${n(length * 0.2)}" height="8.5" fill="${tip}" opacity="0.85"/></g>`;
  return `<g>${stick(0, 0)}${stick(22, -1.2)}</g>`;
}

function steam(cx: number, top: number, height: number, color: string, rng: Rng, count = 3): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = cx + (i - (count - 1) / 2) * rng.range(26, 40);
    const amp = rng.range(10, 22);
    const seg = height / 3;
    const d = `M${n(x)} ${n(top + height)} c${n(-amp)} ${n(-seg * 0.5)} ${n(amp)} ${n(-seg * 0.5)} 0 ${n(-seg)} s${n(-amp)} ${n(-seg * 0.5)} 0 ${n(-seg)} s${n(amp)} ${n(-seg * 0.5)} 0 ${n(-seg)}`;
    out += `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(rng.range(3, 5))}" stroke-linecap="round" opacity="${n(rng.range(0.35, 0.6))}"/>`;
  }
  return out;
}

function leaf(x: number, y: number, size: number, angle: number, color: string, vein: string): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<path d="M0 0 C ${n(size * 0.3)} ${n(-size * 0.28)} ${n(size * 0.75)} ${n(-size * 0.24)} ${n(size)} 0 C ${n(size * 0.75)} ${n(size * 0.24)} ${n(size * 0.3)} ${n(size * 0.28)} 0 0 Z" fill="${color}"/>` +
    `<path d="M${n(size * 0.05)} 0 L${n(size * 0.92)} 0" stroke="${vein}" stroke-width="${n(Math.max(1.5, size * 0.02))}" opacity="0.55"/></g>`
  );
}

function tomato(x: number, y: number, r: number, color: string, calyx: string): string {
  let star = "";
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2;
    star += `<path d="M${n(x)} ${n(y - r * 0.55)} l${n(Math.cos(a) * r * 0.42)} ${n(Math.sin(a) * r * 0.42)}" stroke="${calyx}" stroke-width="${n(r * 0.12)}" stroke-linecap="round"/>`;
  }
  return (
    shadow(x + r * 0.15, y + r * 0.2, r, r * 0.95, "#000", 0.18) +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}"/>` +
    `<ellipse cx="${n(x - r * 0.35)}" cy="${n(y - r * 0.35)}" rx="${n(r * 0.28)}" ry="${n(r * 0.16)}" fill="#fff" opacity="0.22" transform="rotate(-35 ${n(x - r * 0.35)} ${n(y - r * 0.35)})"/>` +
    star
  );
}

function radish(x: number, y: number, size: number, angle: number, p: Palette): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<ellipse cx="${n(size * 0.5)}" cy="${n(size * 0.12)}" rx="${n(size * 0.5)}" ry="${n(size * 0.18)}" fill="#000" opacity="0.1"/>` +
    `<path d="M0 0 C ${n(size * 0.1)} ${n(-size * 0.22)} ${n(size * 0.5)} ${n(-size * 0.2)} ${n(size)} ${n(-size * 0.02)} C ${n(size * 0.5)} ${n(size * 0.16)} ${n(size * 0.1)} ${n(size * 0.22)} 0 0 Z" fill="${p.plate}"/>` +
    `<path d="M${n(size * 0.1)} ${n(-size * 0.05)} q ${n(size * 0.3)} ${n(-size * 0.06)} ${n(size * 0.6)} 0" stroke="${p.plateRim}" stroke-width="3" fill="none" opacity="0.7"/>` +
    leaf(0, 0, size * 0.55, 180 + 14, p.leaf, p.plate) +
    leaf(0, 0, size * 0.48, 180 - 12, mix(p.leaf, "#000", 0.15), p.plate) +
    `</g>`
  );
}

function chili(x: number, y: number, size: number, angle: number, color: string, stem: string): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<path d="M0 0 C ${n(size * 0.3)} ${n(-size * 0.16)} ${n(size * 0.8)} ${n(-size * 0.1)} ${n(size)} ${n(size * 0.2)} C ${n(size * 0.7)} ${n(size * 0.05)} ${n(size * 0.3)} ${n(size * 0.1)} 0 ${n(size * 0.12)} Z" fill="${color}"/>` +
    `<path d="M0 ${n(size * 0.06)} l-${n(size * 0.14)} -${n(size * 0.05)}" stroke="${stem}" stroke-width="${n(size * 0.05)}" stroke-linecap="round"/></g>`
  );
}

function grains(x: number, y: number, w: number, h: number, color: string, rng: Rng, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const gx = x + rng.next() * w;
    const gy = y + rng.next() * h;
    out += `<ellipse cx="${n(gx)}" cy="${n(gy)}" rx="5" ry="2.6" fill="${color}" transform="rotate(${n(rng.range(0, 180))} ${n(gx)} ${n(gy)})"/>`;
  }
  return out;
}

function plateTopDown(cx: number, cy: number, r: number, p: Palette, rng: Rng): string {
  let food = "";
  const style = rng.int(0, 3);
  if (style === 0) {
    // Sliced vegetables fanned around the plate.
    const count = rng.int(7, 11);
    const color = rng.pick([p.accent, p.leaf, mix(p.accent, "#d9a441", 0.4)]);
    for (let i = 0; i < count; i++) {
      const a = (i / count) * 360;
      food += `<g transform="rotate(${n(a)} ${n(cx)} ${n(cy)})"><ellipse cx="${n(cx + r * 0.42)}" cy="${n(cy)}" rx="${n(r * 0.2)}" ry="${n(r * 0.1)}" fill="${color}" opacity="0.92"/><ellipse cx="${n(cx + r * 0.42)}" cy="${n(cy)}" rx="${n(r * 0.12)}" ry="${n(r * 0.05)}" fill="#fff" opacity="0.18"/></g>`;
    }
    food += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.16)}" fill="${p.accent2}"/>`;
  } else if (style === 1) {
    // A mound of rice with a few toppings.
    food += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.55)}" fill="${mix(p.plate, "#e8dcc4", 0.6)}"/>`;
    food += grains(cx - r * 0.4, cy - r * 0.4, r * 0.8, r * 0.8, "#fffaf0", rng, 70);
    food += leaf(cx - r * 0.1, cy - r * 0.05, r * 0.5, rng.range(-40, 10), p.leaf, p.plate);
    food += `<circle cx="${n(cx + r * 0.18)}" cy="${n(cy + r * 0.2)}" r="${n(r * 0.12)}" fill="${p.accent}"/>`;
  } else if (style === 2) {
    // A fish, simply drawn.
    const fw = r * 1.2;
    food += `<g transform="rotate(${n(rng.range(-25, 25))} ${n(cx)} ${n(cy)})"><path d="M${n(cx - fw / 2)} ${n(cy)} C ${n(cx - fw / 4)} ${n(cy - r * 0.32)} ${n(cx + fw / 4)} ${n(cy - r * 0.32)} ${n(cx + fw * 0.36)} ${n(cy)} L ${n(cx + fw / 2)} ${n(cy - r * 0.18)} L ${n(cx + fw / 2)} ${n(cy + r * 0.18)} L ${n(cx + fw * 0.36)} ${n(cy)} C ${n(cx + fw / 4)} ${n(cy + r * 0.32)} ${n(cx - fw / 4)} ${n(cy + r * 0.32)} ${n(cx - fw / 2)} ${n(cy)} Z" fill="${mix(p.glaze, p.plate, 0.35)}"/>`;
    for (let i = 0; i < 4; i++) {
      food += `<path d="M${n(cx - fw * 0.15 + i * fw * 0.1)} ${n(cy - r * 0.16)} q ${n(fw * 0.04)} ${n(r * 0.16)} 0 ${n(r * 0.32)}" stroke="${p.plate}" stroke-width="3" fill="none" opacity="0.6"/>`;
    }
    food += `<circle cx="${n(cx - fw * 0.36)}" cy="${n(cy - r * 0.05)}" r="${n(r * 0.035)}" fill="${p.plate}"/></g>`;
    for (let i = 0; i < 6; i++) {
      food += `<path d="M${n(cx + rng.range(-r * 0.4, r * 0.3))} ${n(cy + rng.range(-r * 0.2, r * 0.2))} l${n(r * 0.16)} ${n(-r * 0.04)}" stroke="${p.leaf}" stroke-width="4" stroke-linecap="round"/>`;
    }
  } else {
    // Dumplings in a ring.
    const count = rng.int(5, 7);
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2 + rng.range(0, 0.3);
      const dx = cx + Math.cos(a) * r * 0.42;
      const dy = cy + Math.sin(a) * r * 0.42;
      food += `<g transform="rotate(${n((a * 180) / Math.PI + 90)} ${n(dx)} ${n(dy)})"><path d="M${n(dx - r * 0.17)} ${n(dy + r * 0.06)} Q ${n(dx)} ${n(dy - r * 0.24)} ${n(dx + r * 0.17)} ${n(dy + r * 0.06)} Z" fill="${mix(p.plate, "#e9dcc1", 0.7)}" stroke="${p.plateRim}" stroke-width="2"/>`;
      food += `<path d="M${n(dx - r * 0.1)} ${n(dy - r * 0.02)} q ${n(r * 0.03)} ${n(-r * 0.04)} ${n(r * 0.06)} 0 q ${n(r * 0.03)} ${n(-r * 0.04)} ${n(r * 0.06)} 0 q ${n(r * 0.03)} ${n(-r * 0.04)} ${n(r * 0.06)} 0" stroke="${p.plateRim}" stroke-width="2" fill="none"/></g>`;
    }
    food += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.14)}" fill="${p.glaze}" opacity="0.85"/>`;
  }
  return (
    shadow(cx + r * 0.08, cy + r * 0.1, r, r, "#000", 0.22) +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${p.plate}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.93)}" fill="none" stroke="${rng.chance(0.5) ? p.glaze : p.plateRim}" stroke-width="${n(r * 0.015 + 1)}" opacity="0.7"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.72)}" fill="${mix(p.plate, p.plateRim, 0.12)}"/>` +
    food
  );
}

function bowlTopDown(cx: number, cy: number, r: number, p: Palette, rng: Rng): string {
  const soup = rng.pick([p.accent, mix(p.accent, "#6b3e1f", 0.5), "#d8c59c", mix(p.leaf, "#c9b98a", 0.4)]);
  let toppings = "";
  for (let i = 0; i < rng.int(3, 7); i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = rng.range(0, r * 0.45);
    toppings += `<circle cx="${n(cx + Math.cos(a) * d)}" cy="${n(cy + Math.sin(a) * d)}" r="${n(rng.range(r * 0.04, r * 0.09))}" fill="${rng.pick([p.leaf, p.plate, p.accent2])}" opacity="0.9"/>`;
  }
  return (
    shadow(cx + r * 0.1, cy + r * 0.12, r, r, "#000", 0.24) +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${rng.chance(0.5) ? p.glaze : p.plate}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.86)}" fill="${soup}"/>` +
    `<ellipse cx="${n(cx - r * 0.3)}" cy="${n(cy - r * 0.35)}" rx="${n(r * 0.3)}" ry="${n(r * 0.1)}" fill="#fff" opacity="0.16" transform="rotate(-30 ${n(cx - r * 0.3)} ${n(cy - r * 0.35)})"/>` +
    toppings
  );
}

function teacup(cx: number, cy: number, r: number, p: Palette): string {
  return (
    shadow(cx + r * 0.1, cy + r * 0.12, r, r, "#000", 0.2) +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${p.plate}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="${mix("#b98a3c", p.leaf, 0.35)}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="none" stroke="${p.plateRim}" stroke-width="3"/>`
  );
}

// ---------------------------------------------------------------------------------------------
// Compositions for a w x h box

type Composer = (id: string, w: number, h: number, p: Palette, rng: Rng) => string;

const topDownPlate: Composer = (id, w, h, p, rng) => {
  const r = Math.min(w, h) * rng.range(0.26, 0.34);
  const cx = w * rng.range(0.4, 0.6);
  const cy = h * rng.range(0.45, 0.58);
  let out = groundLayer(id, w, h, p, rng) + tableCloth(w, h, p, rng);
  out += plateTopDown(cx, cy, r, p, rng);
  const side = rng.chance(0.5) ? 1 : -1;
  out += bowlTopDown(cx + side * r * 1.55, cy - r * 0.65, r * 0.42, p, rng);
  out += teacup(cx - side * r * 1.45, cy + r * 0.7, r * 0.24, p);
  const stickColor = p.dark ? "#b08a5a" : mix(p.ink, p.cloth, 0.2);
  const stickX = side > 0 ? cx + r * 1.15 : cx - r * 2.3;
  out += chopsticks(stickX, cy + r * 0.35, r * 1.15, rng.range(-12, 12), stickColor, p.accent);
  return out;
};

const sideBowl: Composer = (id, w, h, p, rng) => {
  const horizon = h * rng.range(0.56, 0.66);
  let out = groundLayer(id, w, h, p, rng);
  // Window light falling on the wall.
  const lx = w * rng.range(0.05, 0.55);
  out += `<rect x="${n(lx)}" y="${n(h * 0.06)}" width="${n(w * 0.34)}" height="${n(horizon - h * 0.12)}" fill="#fff" opacity="${p.dark ? 0.05 : 0.14}" transform="skewX(-12)"/>`;
  out += `<rect x="${n(lx + w * 0.16)}" y="${n(h * 0.06)}" width="6" height="${n(horizon - h * 0.12)}" fill="${p.ground2}" opacity="0.6" transform="skewX(-12)"/>`;
  out += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="${p.cloth}"/>`;
  out += `<rect y="${n(horizon)}" width="${w}" height="6" fill="#000" opacity="0.08"/>`;
  for (let i = 1; i < 5; i++) {
    out += `<rect y="${n(horizon + ((h - horizon) * i) / 5)}" width="${w}" height="2" fill="${p.clothLine}" opacity="0.35"/>`;
  }
  const bw = w * rng.range(0.26, 0.34);
  const bx = w * rng.range(0.36, 0.62);
  const by = horizon + (h - horizon) * 0.35;
  const bh = bw * 0.42;
  const bowlColor = rng.pick([p.glaze, p.plate, p.accent, mix(p.glaze, p.plate, 0.3)]);
  out += shadow(bx, by + bh * 0.05, bw * 0.62, bh * 0.22, "#000", 0.3);
  out += `<path d="M${n(bx - bw * 0.16)} ${n(by - bh * 0.1)} L${n(bx - bw * 0.13)} ${n(by + bh * 0.08)} H ${n(bx + bw * 0.13)} L${n(bx + bw * 0.16)} ${n(by - bh * 0.1)} Z" fill="${mix(bowlColor, "#000", 0.18)}"/>`;
  out += `<path d="M${n(bx - bw / 2)} ${n(by - bh)} C ${n(bx - bw / 2)} ${n(by - bh * 0.1)} ${n(bx - bw * 0.2)} ${n(by)} ${n(bx)} ${n(by)} C ${n(bx + bw * 0.2)} ${n(by)} ${n(bx + bw / 2)} ${n(by - bh * 0.1)} ${n(bx + bw / 2)} ${n(by - bh)} Z" fill="${bowlColor}"/>`;
  out += `<ellipse cx="${n(bx)}" cy="${n(by - bh)}" rx="${n(bw / 2)}" ry="${n(bh * 0.2)}" fill="${mix(bowlColor, "#000", 0.12)}"/>`;
  out += `<ellipse cx="${n(bx)}" cy="${n(by - bh + 3)}" rx="${n(bw / 2 - 10)}" ry="${n(bh * 0.16)}" fill="${rng.pick([p.accent, "#d9c59a", mix(p.accent, "#5a3417", 0.5)])}"/>`;
  out += `<path d="M${n(bx - bw * 0.42)} ${n(by - bh * 0.55)} q ${n(bw * 0.42)} ${n(bh * 0.22)} ${n(bw * 0.84)} 0" stroke="${mix(bowlColor, "#fff", 0.4)}" stroke-width="3" fill="none" opacity="0.5"/>`;
  out += steam(
    bx,
    by - bh - bw * 0.62,
    bw * 0.55,
    p.dark ? "#f5ecdc" : mix(p.ink, p.ground, 0.45),
    rng,
    rng.int(2, 4),
  );
  // Chopsticks resting on a rest beside the bowl.
  const cx = bx + bw * 0.62;
  out += `<ellipse cx="${n(cx + bw * 0.2)}" cy="${n(by - 6)}" rx="26" ry="9" fill="${p.accent2}"/>`;
  out += `<path d="M${n(cx)} ${n(by - 16)} L${n(cx + bw * 0.75)} ${n(by - 34)}" stroke="${mix(p.ink, p.cloth, 0.25)}" stroke-width="9" stroke-linecap="round"/>`;
  out += `<path d="M${n(cx + 8)} ${n(by - 4)} L${n(cx + bw * 0.78)} ${n(by - 20)}" stroke="${mix(p.ink, p.cloth, 0.35)}" stroke-width="9" stroke-linecap="round"/>`;
  // A small cup on the other side.
  const ux = bx - bw * 0.85;
  const uw = bw * 0.26;
  out += shadow(ux, by + 2, uw * 0.7, uw * 0.15, "#000", 0.25);
  out += `<path d="M${n(ux - uw / 2)} ${n(by - uw * 0.8)} L${n(ux - uw * 0.38)} ${n(by)} L${n(ux + uw * 0.38)} ${n(by)} L${n(ux + uw / 2)} ${n(by - uw * 0.8)} Z" fill="${p.plate}"/>`;
  out += `<ellipse cx="${n(ux)}" cy="${n(by - uw * 0.8)}" rx="${n(uw / 2)}" ry="${n(uw * 0.12)}" fill="${mix("#b98a3c", p.leaf, 0.35)}"/>`;
  if (rng.chance(0.6)) {
    out += tomato(bx + bw * 1.05, by + bh * 0.55, bw * 0.09, p.accent, p.leaf);
    out += tomato(bx + bw * 1.22, by + bh * 0.7, bw * 0.075, mix(p.accent, "#e0a040", 0.35), p.leaf);
  }
  return out;
};

const marketVegetables: Composer = (id, w, h, p, rng) => {
  let out = groundLayer(id, w, h, p, rng);
  if (rng.chance(0.5)) out += tableCloth(w, h, p, rng);
  // A woven tray.
  const tx = w * rng.range(0.3, 0.7);
  const ty = h * rng.range(0.4, 0.6);
  const tr = Math.min(w, h) * 0.36;
  out += shadow(tx + 12, ty + 16, tr, tr, "#000", 0.2);
  out += `<circle cx="${n(tx)}" cy="${n(ty)}" r="${n(tr)}" fill="${mix(p.cloth, "#a57c4b", 0.45)}"/>`;
  for (let i = 1; i < 7; i++) {
    out += `<circle cx="${n(tx)}" cy="${n(ty)}" r="${n((tr * i) / 7)}" fill="none" stroke="${mix(p.cloth, "#6e4f2c", 0.5)}" stroke-width="3" opacity="0.45"/>`;
  }
  const cells = 9;
  const items: string[] = [];
  for (let i = 0; i < cells; i++) {
    const a = (i / cells) * Math.PI * 2 + rng.range(-0.2, 0.2);
    const d = i === 0 ? 0 : tr * rng.range(0.35, 0.7);
    const x = tx + Math.cos(a) * d;
    const y = ty + Math.sin(a) * d;
    const kind = rng.int(0, 3);
    if (kind === 0)
      items.push(
        tomato(x, y, tr * rng.range(0.1, 0.14), rng.pick([p.accent, mix(p.accent, "#e0a040", 0.4)]), p.leaf),
      );
    else if (kind === 1) items.push(radish(x - tr * 0.2, y, tr * 0.5, rng.range(-60, 60), p));
    else if (kind === 2)
      items.push(
        leaf(
          x - tr * 0.2,
          y,
          tr * rng.range(0.4, 0.55),
          rng.range(0, 360),
          rng.pick([p.leaf, p.accent2]),
          p.plate,
        ),
      );
    else items.push(chili(x, y, tr * 0.35, rng.range(0, 360), p.accent, p.leaf));
  }
  out += items.join("");
  // Scattered grains and a loose leaf outside the tray.
  out += grains(w * 0.04, h * 0.72, w * 0.25, h * 0.22, p.plate, rng, 40);
  out += leaf(
    w * rng.range(0.72, 0.85),
    h * rng.range(0.1, 0.25),
    tr * 0.5,
    rng.range(0, 360),
    p.leaf,
    p.plate,
  );
  out += chili(
    w * rng.range(0.05, 0.2),
    h * rng.range(0.1, 0.3),
    tr * 0.32,
    rng.range(0, 360),
    p.accent,
    p.leaf,
  );
  return out;
};

const tableSetting: Composer = (id, w, h, p, rng) => {
  let out = groundLayer(id, w, h, p, rng);
  // A round table seen from above, partially out of frame.
  const tr = Math.max(w, h) * rng.range(0.55, 0.7);
  const tcx = w * rng.range(0.3, 0.7);
  const tcy = h * rng.range(0.55, 0.85);
  out += `<circle cx="${n(tcx + 14)}" cy="${n(tcy + 18)}" r="${n(tr)}" fill="#000" opacity="0.12"/>`;
  out += `<circle cx="${n(tcx)}" cy="${n(tcy)}" r="${n(tr)}" fill="${p.cloth}"/>`;
  out += `<circle cx="${n(tcx)}" cy="${n(tcy)}" r="${n(tr * 0.42)}" fill="${mix(p.cloth, p.clothLine, 0.4)}"/>`;
  out += `<circle cx="${n(tcx)}" cy="${n(tcy)}" r="${n(tr * 0.42)}" fill="none" stroke="${p.clothLine}" stroke-width="3"/>`;
  const dishes = rng.int(4, 6);
  for (let i = 0; i < dishes; i++) {
    const a = -Math.PI / 2 + (i - (dishes - 1) / 2) * rng.range(0.34, 0.42);
    const d = tr * (i % 2 === 0 ? 0.62 : 0.28);
    const x = tcx + Math.cos(a) * d;
    const y = tcy + Math.sin(a) * d;
    const r = Math.min(w, h) * rng.range(0.11, 0.16);
    if (x < -r || x > w + r || y < -r || y > h + r) continue;
    out += rng.chance(0.5) ? bowlTopDown(x, y, r, p, rng) : plateTopDown(x, y, r, p, rng);
  }
  // Place settings along the near edge.
  for (let i = 0; i < 3; i++) {
    const a = -Math.PI / 2 + (i - 1) * 0.6;
    const x = tcx + Math.cos(a) * tr * 0.88;
    const y = tcy + Math.sin(a) * tr * 0.88;
    if (y < 0) continue;
    out += teacup(x, y, Math.min(w, h) * 0.035, p);
  }
  return out;
};

const poster: Composer = (id, w, h, p, rng) => {
  let out = `<rect width="${w}" height="${h}" fill="${p.ground}"/>`;
  const bands = rng.int(2, 4);
  for (let i = 0; i < bands; i++) {
    const y = h * (0.55 + i * 0.12);
    out += `<rect y="${n(y)}" width="${w}" height="${n(h * 0.12)}" fill="${mix(p.ground2, p.cloth, i / bands)}" opacity="0.9"/>`;
  }
  const sx = w * rng.range(0.25, 0.75);
  const sy = h * rng.range(0.25, 0.4);
  const sr = Math.min(w, h) * rng.range(0.16, 0.24);
  out += `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sr)}" fill="${p.accent}" opacity="0.9"/>`;
  out += `<path d="M${n(w * 0.1)} ${n(h * 0.55)} A ${n(w * 0.22)} ${n(w * 0.22)} 0 0 1 ${n(w * 0.54)} ${n(h * 0.55)}" fill="${p.accent2}" opacity="0.85"/>`;
  out += `<path d="M${n(w * 0.46)} ${n(h * 0.55)} A ${n(w * 0.2)} ${n(w * 0.2)} 0 0 1 ${n(w * 0.86)} ${n(h * 0.55)}" fill="${mix(p.accent2, p.ground2, 0.5)}" opacity="0.9"/>`;
  // A bowl silhouette sitting on the horizon.
  const bx = w * rng.range(0.4, 0.6);
  const by = h * 0.74;
  const bw = w * 0.3;
  out += `<path d="M${n(bx - bw / 2)} ${n(by - bw * 0.28)} Q ${n(bx)} ${n(by + bw * 0.22)} ${n(bx + bw / 2)} ${n(by - bw * 0.28)} Z" fill="${p.plate}"/>`;
  out += `<ellipse cx="${n(bx)}" cy="${n(by - bw * 0.28)}" rx="${n(bw / 2)}" ry="${n(bw * 0.05)}" fill="${p.glaze}"/>`;
  out += steam(bx, by - bw * 0.75, bw * 0.42, p.plate, rng, 3);
  out += chopsticks(bx - bw * 0.2, by - bw * 0.45, bw * 0.85, -14, p.ink, p.accent);
  return out;
};

const composers: Composer[] = [topDownPlate, sideBowl, marketVegetables, tableSetting, poster];

/**
 * The scene that fits what a picture is said to show, by the first matching word: hills and fields,
 * a plate, a bowl, a market's produce, a laid table. A subject none of them fits (a rota pinned to
 * a wall, say) gets the seed's own scene.
 */
const sceneWords: [RegExp, Composer][] = [
  [/山|梯田|茶園|稻田|稻穗|漁港|漁船/, poster],
  [/(?<!茶)盤|甜點|生魚片|烏魚子|小菜|前菜/, topDownPlate],
  [/湯|粥|鍋|碗|熱氣|白飯/, sideBowl],
  [/市場|市集|攤位|蔬|青菜|筍|番茄|高麗菜|蘿蔔|橘子|芒果|野菜|芥菜|採收/, marketVegetables],
  [/桌|茶杯|茶壺|茶盤|菜單|點餐|講座/, tableSetting],
];

export const sceneFor = (subject: string | undefined): Composer | undefined =>
  subject === undefined ? undefined : sceneWords.find(([words]) => words.test(subject))?.[1];

function composition(
  seed: string,
  w: number,
  h: number,
  prefix: string,
  p?: Palette,
  subject?: string,
): { body: string; palette: Palette } {
  const rng = createRng(seed);
  const palette = p ?? rng.pick(paletteList);
  // Drawn either way, so the rest of the seed's choices stay as they were.
  const seeded = rng.pick(composers);
  const composer = sceneFor(subject) ?? seeded;
  const body = composer(prefix, w, h, palette, rng);
  return { body, palette };
}

// ---------------------------------------------------------------------------------------------
// Image kinds

function articleSvg(seed: string, subject?: string): string {
  const { width: w, height: h } = imageSizes.article;
  const { body } = composition(seed, w, h, "a", undefined, subject);
  return svgDocument(w, h, body);
}

function barcode(x: number, y: number, seed: string, color: string): string {
  const rng = createRng(`${seed}:barcode`);
  let out = `<rect x="${x - 10}" y="${y - 10}" width="150" height="86" fill="#fffdf7"/>`;
  let cx = x;
  while (cx < x + 126) {
    const bw = rng.pick([1.5, 2, 3, 4]);
    out += `<rect x="${n(cx)}" y="${y}" width="${bw}" height="52" fill="${color}"/>`;
    cx += bw + rng.pick([1.5, 2, 3]);
  }
  out += `<text x="${x + 64}" y="${y + 68}" font-family="monospace" font-size="12" text-anchor="middle" fill="${color}">4 710000 ${String(hashString(seed) % 1000000).padStart(6, "0")}</text>`;
  return out;
}

function coverSvg(job: Extract<ImageJob, { kind: "cover" | "ebook" }>): string {
  const { width: w, height: h } = imageSizes.cover;
  const seed = job.seed ?? `cover:${job.issue}`;
  const rng = createRng(`${seed}:layout`);
  const palette = rng.pick(paletteList);
  const text = palette.dark ? "#f4ecdd" : palette.ink;
  const framed = rng.chance(0.5);
  let out = `<rect width="${w}" height="${h}" fill="${palette.ground}"/>`;
  if (framed) {
    const ix = 60;
    const iy = 300;
    const iw = w - 120;
    const ih = 640;
    const { body } = composition(seed, iw, ih, "c", palette);
    out += `<svg x="${ix}" y="${iy}" width="${iw}" height="${ih}" viewBox="0 0 ${iw} ${ih}">${body}</svg>`;
    out += `<rect x="${ix}" y="${iy}" width="${iw}" height="${ih}" fill="none" stroke="${text}" stroke-width="2"/>`;
  } else {
    const { body } = composition(seed, w, h, "c", palette);
    out += body;
    // A calm band behind the masthead and another behind the title keep type legible.
    out += `<rect width="${w}" height="290" fill="${palette.ground}" opacity="0.88"/>`;
    out += `<rect y="${h - 270}" width="${w}" height="270" fill="${palette.ground}" opacity="0.9"/>`;
  }
  // Masthead.
  out += `<text x="60" y="228" font-family="${FONT_SERIF}" font-size="196" font-weight="700" fill="${text}" letter-spacing="12">食藝</text>`;
  out += `<text x="66" y="270" font-family="${FONT_SANS}" font-size="20" letter-spacing="7" fill="${text}" opacity="0.8">SHIYI · FOOD CULTURE MAGAZINE</text>`;
  out += `<text x="${w - 60}" y="108" font-family="${FONT_SANS}" font-size="22" letter-spacing="4" text-anchor="end" fill="${text}">NO.</text>`;
  out += `<text x="${w - 60}" y="206" font-family="${FONT_SERIF}" font-size="104" font-weight="700" text-anchor="end" fill="${palette.accent}">${job.issue}</text>`;
  out += `<text x="${w - 60}" y="250" font-family="${FONT_SANS}" font-size="22" letter-spacing="3" text-anchor="end" fill="${text}">${esc(job.dateLabel)}</text>`;
  out += `<rect x="60" y="${h - 238}" width="64" height="6" fill="${palette.accent}"/>`;
  out += `<text x="60" y="${h - 168}" font-family="${FONT_SERIF}" font-size="60" font-weight="700" fill="${text}">${esc(job.title)}</text>`;
  job.lines.slice(0, 3).forEach((line, i) => {
    out += `<text x="60" y="${h - 118 + i * 34}" font-family="${FONT_SANS}" font-size="24" fill="${text}" opacity="0.85">${esc(line)}</text>`;
  });
  out += barcode(w - 200, h - 130, seed, "#2a2521");
  if (job.kind === "ebook") {
    // The digital edition's band runs along the top edge, clear of the masthead and the issue number.
    out += `<rect width="${w}" height="46" fill="${palette.accent}"/>`;
    out += `<text x="${w / 2}" y="31" font-family="${FONT_SANS}" font-size="21" letter-spacing="8" text-anchor="middle" fill="#fffaf0">電子版 · EBOOK EDITION</text>`;
  }
  return svgDocument(w, h, out);
}

function portraitSvg(job: Extract<ImageJob, { kind: "portrait" }>): string {
  const { width: w, height: h } = imageSizes.portrait;
  const rng = createRng(job.seed ?? `portrait:${job.slug}`);
  const p = rng.pick(paletteList);
  let out = groundLayer("p", w, h, p, rng);
  // Pages show a portrait in a circle: everything drawn stays inside the square's inscribed one.
  const cx = w * 0.5;
  const cy = h * 0.44;
  const r = w * 0.33;
  const medallion = rng.pick([p.accent2, p.glaze, p.accent, mix(p.ground2, p.ink, 0.25)]);
  out += `<circle cx="${cx}" cy="${cy}" r="${n(r)}" fill="${medallion}" opacity="0.85"/>`;
  out += `<circle cx="${cx}" cy="${cy}" r="${n(r + 18)}" fill="none" stroke="${p.dark ? p.plate : p.ink}" stroke-width="1.5" opacity="0.5"/>`;
  // Head and shoulders as simple shapes, clipped to the medallion.
  const skin = mix(p.plate, p.accent, rng.range(0.15, 0.35));
  const hair = mix(p.ink, p.ground2, p.dark ? 0.7 : 0.15);
  const top = rng.pick(
    [p.glaze, p.accent, p.cloth, p.ground2, p.plate].filter((color) => color !== medallion),
  );
  out += `<defs><clipPath id="p-clip"><circle cx="${cx}" cy="${cy}" r="${n(r)}"/></clipPath></defs><g clip-path="url(#p-clip)">`;
  out += `<path d="M${n(cx - r * 0.95)} ${n(cy + r)} C ${n(cx - r * 0.9)} ${n(cy + r * 0.35)} ${n(cx - r * 0.45)} ${n(cy + r * 0.28)} ${n(cx)} ${n(cy + r * 0.28)} C ${n(cx + r * 0.45)} ${n(cy + r * 0.28)} ${n(cx + r * 0.9)} ${n(cy + r * 0.35)} ${n(cx + r * 0.95)} ${n(cy + r)} Z" fill="${top}"/>`;
  out += `<rect x="${n(cx - r * 0.12)}" y="${n(cy + r * 0.05)}" width="${n(r * 0.24)}" height="${n(r * 0.3)}" fill="${mix(skin, "#000", 0.08)}"/>`;
  out += `<ellipse cx="${cx}" cy="${n(cy - r * 0.2)}" rx="${n(r * 0.3)}" ry="${n(r * 0.37)}" fill="${skin}"/>`;
  const hairStyle = rng.int(0, 2);
  if (hairStyle === 0) {
    out += `<path d="M${n(cx - r * 0.32)} ${n(cy - r * 0.2)} C ${n(cx - r * 0.36)} ${n(cy - r * 0.7)} ${n(cx + r * 0.36)} ${n(cy - r * 0.7)} ${n(cx + r * 0.32)} ${n(cy - r * 0.2)} C ${n(cx + r * 0.2)} ${n(cy - r * 0.45)} ${n(cx - r * 0.2)} ${n(cy - r * 0.45)} ${n(cx - r * 0.32)} ${n(cy - r * 0.2)} Z" fill="${hair}"/>`;
  } else if (hairStyle === 1) {
    out += `<path d="M${n(cx - r * 0.36)} ${n(cy + r * 0.12)} C ${n(cx - r * 0.48)} ${n(cy - r * 0.75)} ${n(cx + r * 0.48)} ${n(cy - r * 0.75)} ${n(cx + r * 0.36)} ${n(cy + r * 0.12)} L ${n(cx + r * 0.27)} ${n(cy - r * 0.25)} C ${n(cx + r * 0.1)} ${n(cy - r * 0.42)} ${n(cx - r * 0.1)} ${n(cy - r * 0.42)} ${n(cx - r * 0.27)} ${n(cy - r * 0.25)} Z" fill="${hair}"/>`;
  } else {
    out += `<path d="M${n(cx - r * 0.31)} ${n(cy - r * 0.28)} C ${n(cx - r * 0.3)} ${n(cy - r * 0.66)} ${n(cx + r * 0.3)} ${n(cy - r * 0.66)} ${n(cx + r * 0.31)} ${n(cy - r * 0.28)} Z" fill="${hair}"/>`;
    out += `<circle cx="${n(cx + r * 0.05)}" cy="${n(cy - r * 0.64)}" r="${n(r * 0.13)}" fill="${hair}"/>`;
  }
  out += `</g>`;
  // A seal stamp carrying the surname, pressed over the medallion's lower right edge.
  const seal = 100;
  const sx = w * 0.655;
  const sy = h * 0.585;
  out += `<rect x="${n(sx)}" y="${n(sy)}" width="${seal}" height="${seal}" rx="8" fill="${p.accent}"/>`;
  out += `<rect x="${n(sx + 6)}" y="${n(sy + 6)}" width="${seal - 12}" height="${seal - 12}" rx="5" fill="none" stroke="#fff4e4" stroke-width="2.5"/>`;
  out += `<text x="${n(sx + seal / 2)}" y="${n(sy + seal * 0.755)}" font-family="${FONT_SERIF}" font-size="68" font-weight="700" text-anchor="middle" fill="#fff4e4">${esc(job.mark)}</text>`;
  out += `<text x="${cx}" y="${n(h * 0.885)}" font-family="${FONT_SANS}" font-size="20" letter-spacing="5" text-anchor="middle" fill="${p.dark ? p.plate : p.ink}" opacity="0.75">${esc(job.latin.toUpperCase())}</text>`;
  return svgDocument(w, h, out);
}

function merchSvg(job: Extract<ImageJob, { kind: "merch" }>): string {
  const { width: w, height: h } = imageSizes.merch;
  const rng = createRng(job.seed ?? `merch:${job.slug}`);
  const p =
    job.variant === 0
      ? palettes.ricePaper!
      : rng.pick([palettes.teaGreen!, palettes.ochre!, palettes.indigoLinen!]);
  const scale = job.variant === 0 ? 1 : 1.35;
  const floor = h * 0.7;
  let out = `<defs><linearGradient id="m-g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.ground, "#fff", 0.15)}"/><stop offset="0.7" stop-color="${p.ground}"/><stop offset="1" stop-color="${p.ground2}"/></linearGradient></defs>`;
  out += `<rect width="${w}" height="${h}" fill="url(#m-g)"/>`;
  out += `<path d="M0 ${n(floor)} Q ${w / 2} ${n(floor - 30)} ${w} ${n(floor)} V ${h} H 0 Z" fill="${p.ground2}" opacity="0.5"/>`;
  const cx = w / 2 + (job.variant === 0 ? 0 : rng.range(-60, 60));
  const base = floor + 40;
  const ink = p.ink;
  let product = "";
  if (job.motif === "tote") {
    const bw = 440 * scale;
    const bh = 480 * scale;
    const top = base - bh;
    product += shadow(cx, base + 6, bw * 0.6, 26, "#000", 0.25);
    product += `<path d="M${n(cx - bw * 0.28)} ${n(top)} C ${n(cx - bw * 0.28)} ${n(top - bh * 0.5)} ${n(cx + bw * 0.28)} ${n(top - bh * 0.5)} ${n(cx + bw * 0.28)} ${n(top)}" stroke="${mix("#e9dcc3", "#000", 0.12)}" stroke-width="${n(22 * scale)}" fill="none"/>`;
    product += `<path d="M${n(cx - bw / 2)} ${n(top)} L${n(cx + bw / 2)} ${n(top)} L${n(cx + bw * 0.53)} ${n(base)} L${n(cx - bw * 0.53)} ${n(base)} Z" fill="#ece1cb"/>`;
    product += `<path d="M${n(cx - bw / 2)} ${n(top + 20)} H ${n(cx + bw / 2)}" stroke="#d6c7aa" stroke-width="3" stroke-dasharray="8 6"/>`;
    product += `<text x="${n(cx)}" y="${n(top + bh * 0.45)}" font-family="${FONT_SERIF}" font-size="${n(110 * scale)}" font-weight="700" text-anchor="middle" fill="${ink}">食藝</text>`;
    product += `<circle cx="${n(cx)}" cy="${n(top + bh * 0.68)}" r="${n(46 * scale)}" fill="none" stroke="${p.accent}" stroke-width="5"/>`;
    product += `<path d="M${n(cx - 40 * scale)} ${n(top + bh * 0.68)} Q ${n(cx)} ${n(top + bh * 0.68 + 52 * scale)} ${n(cx + 40 * scale)} ${n(top + bh * 0.68)} Z" fill="${p.accent}"/>`;
  } else if (job.motif === "notebook") {
    const nw = 420 * scale;
    const nh = 560 * scale;
    const angle = job.variant === 0 ? -6 : 8;
    product += `<g transform="rotate(${angle} ${n(cx)} ${n(base - nh / 2)})">`;
    product += `<rect x="${n(cx - nw / 2 + 16)}" y="${n(base - nh + 20)}" width="${n(nw)}" height="${n(nh)}" rx="10" fill="#000" opacity="0.18"/>`;
    product += `<rect x="${n(cx - nw / 2)}" y="${n(base - nh)}" width="${n(nw)}" height="${n(nh)}" rx="10" fill="${p.accent2}"/>`;
    product += `<rect x="${n(cx - nw / 2)}" y="${n(base - nh)}" width="${n(nw * 0.08)}" height="${n(nh)}" rx="6" fill="${mix(p.accent2, "#000", 0.25)}"/>`;
    product += `<rect x="${n(cx + nw * 0.34)}" y="${n(base - nh)}" width="14" height="${n(nh)}" fill="${p.accent}"/>`;
    product += `<rect x="${n(cx - nw * 0.28)}" y="${n(base - nh * 0.72)}" width="${n(nw * 0.56)}" height="${n(nh * 0.26)}" fill="#f4ecdc"/>`;
    product += `<text x="${n(cx)}" y="${n(base - nh * 0.57)}" font-family="${FONT_SERIF}" font-size="${n(56 * scale)}" font-weight="700" text-anchor="middle" fill="${ink}">食譜筆記</text>`;
    product += `<text x="${n(cx)}" y="${n(base - nh * 0.5)}" font-family="${FONT_SANS}" font-size="${n(18 * scale)}" letter-spacing="5" text-anchor="middle" fill="${ink}">RECIPE NOTES</text>`;
    product += `</g>`;
    product += `<g transform="rotate(-28 ${n(cx + nw * 0.62)} ${n(base - 40)})"><rect x="${n(cx + nw * 0.3)}" y="${n(base - 40)}" width="${n(320 * scale)}" height="16" rx="8" fill="${mix(ink, p.ground, 0.2)}"/><path d="M${n(cx + nw * 0.3)} ${n(base - 40)} l-28 8 l28 8 z" fill="${p.plateRim}"/></g>`;
  } else if (job.motif === "mug") {
    const mw = 300 * scale;
    const mh = 280 * scale;
    const top = base - mh;
    const body = job.variant === 0 ? "#f5f1e8" : p.plate;
    const rim = palettes.indigoLinen!.cloth;
    product += shadow(cx, base + 4, mw * 0.7, 22, "#000", 0.28);
    product += `<path d="M${n(cx + mw / 2 - 6)} ${n(top + mh * 0.22)} C ${n(cx + mw * 0.9)} ${n(top + mh * 0.22)} ${n(cx + mw * 0.9)} ${n(top + mh * 0.72)} ${n(cx + mw / 2 - 6)} ${n(top + mh * 0.72)}" stroke="${body}" stroke-width="${n(30 * scale)}" fill="none"/>`;
    product += `<path d="M${n(cx - mw / 2)} ${n(top)} V ${n(base - 20)} Q ${n(cx - mw / 2)} ${n(base)} ${n(cx - mw / 2 + 20)} ${n(base)} H ${n(cx + mw / 2 - 20)} Q ${n(cx + mw / 2)} ${n(base)} ${n(cx + mw / 2)} ${n(base - 20)} V ${n(top)} Z" fill="${body}"/>`;
    product += `<ellipse cx="${n(cx)}" cy="${n(top)}" rx="${n(mw / 2)}" ry="${n(mw * 0.1)}" fill="${rim}"/>`;
    product += `<ellipse cx="${n(cx)}" cy="${n(top + 4)}" rx="${n(mw / 2 - 12)}" ry="${n(mw * 0.08)}" fill="${mix("#b98a3c", p.leaf, 0.3)}"/>`;
    product += `<path d="M${n(cx - mw / 2 + 16)} ${n(top + 30)} V ${n(base - 30)}" stroke="#fff" stroke-width="10" opacity="0.35" stroke-linecap="round"/>`;
    product += `<text x="${n(cx)}" y="${n(top + mh * 0.6)}" font-family="${FONT_SERIF}" font-size="${n(64 * scale)}" font-weight="700" text-anchor="middle" fill="${rim}">食藝</text>`;
    product += steam(cx, top - mh * 0.75, mh * 0.6, mix(ink, p.ground, 0.4), rng, 3);
  } else {
    const cw = 560 * scale;
    const ch = 350 * scale;
    const top = base - ch - 30;
    product += `<g transform="rotate(${job.variant === 0 ? 4 : -7} ${n(cx)} ${n(top + ch / 2)})">`;
    product += `<rect x="${n(cx - cw / 2 - 40)}" y="${n(top - 40)}" width="${n(cw)}" height="${n(ch)}" rx="8" fill="#efe5d2" stroke="#d6c6a6" stroke-width="2"/>`;
    product += `<path d="M${n(cx - cw / 2 - 40)} ${n(top - 40)} L${n(cx - 40)} ${n(top + ch * 0.35)} L${n(cx + cw / 2 - 40)} ${n(top - 40)}" stroke="#d6c6a6" stroke-width="2" fill="none"/>`;
    product += `<rect x="${n(cx - cw / 2 + 18)}" y="${n(top + 26)}" width="${n(cw)}" height="${n(ch)}" rx="22" fill="#000" opacity="0.18"/>`;
    product += `<defs><linearGradient id="m-card" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${mix(p.accent, "#2a1a12", 0.45)}"/></linearGradient></defs>`;
    product += `<rect x="${n(cx - cw / 2)}" y="${n(top)}" width="${n(cw)}" height="${n(ch)}" rx="22" fill="url(#m-card)"/>`;
    product += `<text x="${n(cx - cw / 2 + 40)}" y="${n(top + 110 * scale)}" font-family="${FONT_SERIF}" font-size="${n(80 * scale)}" font-weight="700" fill="#fff4e4">食藝</text>`;
    product += `<text x="${n(cx - cw / 2 + 44)}" y="${n(top + 150 * scale)}" font-family="${FONT_SANS}" font-size="${n(20 * scale)}" letter-spacing="6" fill="#fff4e4">GIFT CARD · 年度訂閱</text>`;
    product += `<circle cx="${n(cx + cw / 2 - 90 * scale)}" cy="${n(top + ch - 90 * scale)}" r="${n(56 * scale)}" fill="none" stroke="#fff4e4" stroke-width="4" opacity="0.8"/>`;
    product += `<text x="${n(cx + cw / 2 - 90 * scale)}" y="${n(top + ch - 78 * scale)}" font-family="${FONT_SERIF}" font-size="${n(36 * scale)}" text-anchor="middle" fill="#fff4e4">禮</text>`;
    product += `</g>`;
  }
  out += product;
  if (job.variant === 0) {
    out += leaf(w * 0.12, h * 0.86, 120, -20, p.leaf, p.plate);
  }
  return svgDocument(w, h, out);
}

export function renderSvg(job: ImageJob): string {
  switch (job.kind) {
    case "article":
      return articleSvg(job.seed ?? `${job.section}/${job.slug}`, job.subject);
    case "cover":
    case "ebook":
      return coverSvg(job);
    case "portrait":
      return portraitSvg(job);
    case "merch":
      return merchSvg(job);
  }
}

// ---------------------------------------------------------------------------------------------
// Finish: one overlay per image size (paper mottling from feTurbulence, fine grain and a vignette),
// rendered once and composited over every image of that size.

const overlays = new Map<string, Promise<Buffer>>();

function overlay(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let pending = overlays.get(key);
  if (!pending) {
    pending = (async () => {
      const fineSize = 256;
      const raw = Buffer.alloc(fineSize * fineSize * 4);
      const rng = createRng("grain");
      for (let i = 0; i < fineSize * fineSize; i++) {
        const v = rng.next() < 0.5 ? 0 : 255;
        raw[i * 4] = v;
        raw[i * 4 + 1] = v;
        raw[i * 4 + 2] = v;
        raw[i * 4 + 3] = Math.floor(rng.next() * 8);
      }
      const fine = await sharp(raw, { raw: { width: fineSize, height: fineSize, channels: 4 } })
        .png()
        .toBuffer();
      const paperSize = 512;
      const paperSvg = svgDocument(
        paperSize,
        paperSize,
        `<filter id="t" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.012 0.05" numOctaves="3" seed="7" stitchTiles="stitch"/><feColorMatrix type="matrix" values="0 0 0 0 0.25  0 0 0 0 0.18  0 0 0 0 0.1  1.2 0 0 0 -0.45"/></filter><rect width="${paperSize}" height="${paperSize}" filter="url(#t)"/>`,
      );
      const paper = await sharp(Buffer.from(paperSvg))
        .ensureAlpha()
        .linear([1, 1, 1, 0.35], [0, 0, 0, 0])
        .png()
        .toBuffer();
      const vignetteSvg = svgDocument(width, height, vignette("v", width, height));
      return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([
          { input: paper, tile: true },
          { input: fine, tile: true },
          { input: Buffer.from(vignetteSvg) },
        ])
        .raw()
        .toBuffer();
    })();
    overlays.set(key, pending);
  }
  return pending;
}

/** Renders one job to JPEG bytes. */
export async function renderImage(job: ImageJob): Promise<Buffer> {
  const { width, height } = imageSize(job);
  const finish = await overlay(width, height);
  const image = sharp(Buffer.from(renderSvg(job))).composite([
    { input: finish, raw: { width, height, channels: 4 } },
  ]);
  // Every composition paints an opaque background, so dropping alpha is enough. mozjpeg's tables
  // and deringing are kept; trellis quantisation and progressive-scan optimisation are left out
  // because together they more than double the encoding time for about a fifth of the bytes.
  return image
    .removeAlpha()
    .jpeg({ quality: 82, mozjpeg: true, optimiseScans: false, trellisQuantisation: false })
    .toBuffer();
}

/** Renders every job whose picture is missing into the store as `<section>/<slug>.jpg`, a few at a time. */
export async function generateImages(
  media: MediaStore,
  jobs: ImageJob[],
  options: { concurrency?: number } = {},
): Promise<{ generated: number; skipped: number }> {
  const unique = new Map<string, ImageJob>();
  for (const job of jobs) unique.set(`${job.section}/${job.slug}`, job);
  const queue = [...unique.values()];
  let generated = 0;
  let skipped = 0;
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const key = `${job.section}/${job.slug}.jpg`;
      if (await media.stat(key)) {
        skipped++;
        continue;
      }
      await media.write(key, await renderImage(job), "image/jpeg");
      generated++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return { generated, skipped };
}
