import { afterEach, beforeEach, expect, test } from "vitest";
import { onReaderInput, readerInputEvents, scrollWindowTo } from "./smooth-scroll";

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

let tall: HTMLDivElement;
beforeEach(() => {
  tall = document.createElement("div");
  tall.style.height = "6000px";
  document.body.append(tall);
  scrollTo({ top: 0, behavior: "instant" });
});
afterEach(() => tall.remove());

test("a glide reaches its target when nobody touches the page", async () => {
  scrollWindowTo(1500, 120);
  await expect.poll(() => scrollY).toBe(1500);
});

test("a wheel turned during a glide stops it where it is", async () => {
  scrollWindowTo(4000, 1200);
  await expect.poll(() => scrollY).toBeGreaterThan(0);
  document.body.dispatchEvent(new WheelEvent("wheel", { bubbles: true, deltaY: 0 }));
  const stoppedAt = scrollY;
  // Several frames later the page has not moved on towards 4000.
  for (let i = 0; i < 10; i += 1) await nextFrame();
  expect(scrollY).toBe(stoppedAt);
  expect(scrollY).toBeLessThan(4000);
});

test("a key pressed during a glide stops it too", async () => {
  scrollWindowTo(4000, 1200);
  await expect.poll(() => scrollY).toBeGreaterThan(0);
  document.body.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "Shift" }));
  const stoppedAt = scrollY;
  for (let i = 0; i < 10; i += 1) await nextFrame();
  expect(scrollY).toBe(stoppedAt);
});

test("each of the reader's inputs is heard once, and not after the listener is stopped", () => {
  const heard: number[] = [];
  const stop = onReaderInput(() => heard.push(1));
  window.dispatchEvent(new Event(readerInputEvents[0]));
  window.dispatchEvent(new Event(readerInputEvents[1]));
  expect(heard).toHaveLength(1);

  const quiet: number[] = [];
  const stopQuiet = onReaderInput(() => quiet.push(1));
  stopQuiet();
  for (const type of readerInputEvents) window.dispatchEvent(new Event(type));
  expect(quiet).toHaveLength(0);
  stop();
});
