/**
 * The top loading bar's clock (SPEC §9): it appears only if loading lasts past `throttle`, its
 * progress climbs towards 100 over about `duration`, and after `finish` it fills, hides after
 * `hideDelay` and empties after `resetDelay`. Pure timing, no DOM, so it is tested with fake timers.
 */
export type LoadingIndicatorOptions = {
  throttle: number;
  duration: number;
  hideDelay: number;
  resetDelay: number;
};

export const loadingBarDefaults: LoadingIndicatorOptions & { height: number } = {
  throttle: 200,
  duration: 2000,
  hideDelay: 500,
  resetDelay: 400,
  height: 3,
};

/** The page-loading bar: 4 px and shown at once (SPEC §2, §9). */
export const pageLoadingBar = { ...loadingBarDefaults, throttle: 0, height: 4 };

export type LoadingIndicatorState = { visible: boolean; progress: number };

/** An arctangent curve: fast at first, then ever slower, never quite reaching 100 by itself. */
export function estimatedProgress(duration: number, elapsed: number) {
  return Math.min(99, (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50));
}

const tick = 100;

export function createLoadingIndicator(
  options: LoadingIndicatorOptions,
  onChange: (state: LoadingIndicatorState) => void,
) {
  let state: LoadingIndicatorState = { visible: false, progress: 0 };
  let loading = false;
  let startedAt = 0;
  let throttleTimer: ReturnType<typeof setTimeout> | undefined;
  let stepTimer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let resetTimer: ReturnType<typeof setTimeout> | undefined;

  const set = (next: LoadingIndicatorState) => {
    if (next.visible === state.visible && next.progress === state.progress) return;
    state = next;
    onChange(state);
  };
  const clearAll = () => {
    clearTimeout(throttleTimer);
    clearInterval(stepTimer);
    clearTimeout(hideTimer);
    clearTimeout(resetTimer);
  };
  const show = () => {
    set({ visible: true, progress: estimatedProgress(options.duration, Date.now() - startedAt) });
    stepTimer = setInterval(() => {
      set({ visible: true, progress: estimatedProgress(options.duration, Date.now() - startedAt) });
    }, tick);
  };

  return {
    get state() {
      return state;
    },
    start() {
      if (loading) return;
      loading = true;
      clearAll();
      startedAt = Date.now();
      set({ visible: false, progress: 0 });
      if (options.throttle > 0) throttleTimer = setTimeout(show, options.throttle);
      else show();
    },
    finish() {
      if (!loading) return;
      loading = false;
      clearAll();
      // Finished within the throttle: the bar was never shown and stays hidden.
      if (!state.visible) return;
      set({ visible: true, progress: 100 });
      hideTimer = setTimeout(() => {
        set({ visible: false, progress: 100 });
        resetTimer = setTimeout(() => set({ visible: false, progress: 0 }), options.resetDelay);
      }, options.hideDelay);
    },
    dispose() {
      clearAll();
    },
  };
}
