/**
 * Animated in-page scrolling (SPEC §9: scroll animation offset 80 px, duration 1200 ms).
 * Dialogs stop it while open (SPEC §4); with `prefers-reduced-motion` it jumps instead of gliding.
 * The reader's own hand wins: a wheel, a touch, a key or a pointer press stops a glide under way,
 * so the page never moves away from what they are reaching for.
 */
export const scrollAnimation = { offset: 80, duration: 1200 } as const;

let stops = 0;
let frame = 0;

/** Stops smooth scrolling (an open dialog); calls nest, so each stop needs its start. */
export function stopSmoothScroll() {
  stops += 1;
  cancelAnimationFrame(frame);
}

/** Restarts smooth scrolling once every stop has been matched by a start. */
export function startSmoothScroll() {
  stops = Math.max(0, stops - 1);
}

export function isSmoothScrollStopped() {
  return stops > 0;
}

export function prefersReducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// An ease-out curve: quick start, gentle landing, as a magazine page turn should feel.
const easeOutExpo = (t: number) => (t >= 1 ? 1 : 1 - 2 ** (-10 * t));

/** What the reader does to take over the page: each stops a glide, and a glide about to start. */
export const readerInputEvents = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Calls `onInput` at the reader's first wheel, touch, key or pointer press; returns the function
 * that stops listening.
 */
export function onReaderInput(onInput: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const handle = () => {
    stop();
    onInput();
  };
  const stop = () => {
    for (const type of readerInputEvents) removeEventListener(type, handle, options);
  };
  for (const type of readerInputEvents) addEventListener(type, handle, options);
  return stop;
}

let stopListening = () => {};

/** Scrolls the window to `top` (px from the document top). Ignored while smooth scrolling is stopped. */
export function scrollWindowTo(top: number, duration: number = scrollAnimation.duration) {
  if (stops > 0) return;
  cancelAnimationFrame(frame);
  stopListening();
  const max = document.documentElement.scrollHeight - innerHeight;
  const target = Math.max(0, Math.min(top, max));
  const from = scrollY;
  if (duration <= 0 || prefersReducedMotion() || Math.abs(target - from) < 1) {
    scrollTo({ top: target, behavior: "instant" });
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    if (stops > 0) return stopListening();
    const progress = Math.min(1, (now - start) / duration);
    scrollTo({ top: from + (target - from) * easeOutExpo(progress), behavior: "instant" });
    if (progress < 1) frame = requestAnimationFrame(step);
    else stopListening();
  };
  stopListening = onReaderInput(() => cancelAnimationFrame(frame));
  frame = requestAnimationFrame(step);
}

/** Scrolls so that `element` sits `offset` px below the top of the viewport. */
export function scrollToElement(
  element: Element,
  {
    offset = scrollAnimation.offset,
    duration = scrollAnimation.duration,
  }: { offset?: number; duration?: number } = {},
) {
  scrollWindowTo(element.getBoundingClientRect().top + scrollY - offset, duration);
}
