import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  createLoadingIndicator,
  estimatedProgress,
  loadingBarDefaults,
  pageLoadingBar,
  type LoadingIndicatorState,
} from "./loading-indicator.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function indicator(options = loadingBarDefaults) {
  const states: LoadingIndicatorState[] = [];
  const bar = createLoadingIndicator(options, (state) => states.push(state));
  return { bar, states };
}

describe("the spec's numbers", () => {
  test("general bar: throttle 200, duration 2000, hide 500, reset 400, 3 px", () => {
    expect(loadingBarDefaults).toEqual({
      throttle: 200,
      duration: 2000,
      hideDelay: 500,
      resetDelay: 400,
      height: 3,
    });
  });
  test("page-loading bar: 4 px, throttle 0, the other defaults kept", () => {
    expect(pageLoadingBar).toEqual({
      throttle: 0,
      duration: 2000,
      hideDelay: 500,
      resetDelay: 400,
      height: 4,
    });
  });
});

describe("estimatedProgress", () => {
  test("climbs: half-way at half the duration, about 70 at the full duration, never past 99", () => {
    expect(estimatedProgress(2000, 0)).toBe(0);
    expect(estimatedProgress(2000, 1000)).toBeGreaterThan(estimatedProgress(2000, 500));
    expect(estimatedProgress(2000, 1000)).toBeCloseTo(50, 5);
    expect(estimatedProgress(2000, 2000)).toBeCloseTo(70.48, 1);
    expect(estimatedProgress(2000, 1_000_000)).toBe(99);
  });
});

describe("createLoadingIndicator", () => {
  test("a load shorter than the throttle never shows the bar", () => {
    const { bar, states } = indicator();
    bar.start();
    vi.advanceTimersByTime(150);
    bar.finish();
    vi.advanceTimersByTime(5000);
    expect(states.some((state) => state.visible)).toBe(false);
  });

  test("a longer load shows the bar after the throttle and its progress climbs", () => {
    const { bar } = indicator();
    bar.start();
    vi.advanceTimersByTime(199);
    expect(bar.state.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(bar.state.visible).toBe(true);
    const early = bar.state.progress;
    vi.advanceTimersByTime(800);
    expect(bar.state.progress).toBeGreaterThan(early);
    expect(bar.state.progress).toBeLessThan(100);
  });

  test("with throttle 0 the bar shows at once", () => {
    const { bar } = indicator(pageLoadingBar);
    bar.start();
    expect(bar.state.visible).toBe(true);
  });

  test("finish fills the bar, hides it after 500 ms and empties it 400 ms later", () => {
    const { bar } = indicator(pageLoadingBar);
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    expect(bar.state).toEqual({ visible: true, progress: 100 });
    vi.advanceTimersByTime(499);
    expect(bar.state.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.state).toEqual({ visible: false, progress: 100 });
    vi.advanceTimersByTime(399);
    expect(bar.state.progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect(bar.state).toEqual({ visible: false, progress: 0 });
  });

  test("a new start during the hide delay restarts the bar from zero", () => {
    const { bar } = indicator(pageLoadingBar);
    bar.start();
    bar.finish();
    vi.advanceTimersByTime(200);
    bar.start();
    expect(bar.state.visible).toBe(true);
    expect(bar.state.progress).toBeLessThan(5);
    vi.advanceTimersByTime(2000);
    expect(bar.state.visible).toBe(true);
  });
});
