import { useEffect, useRef, useState } from "react";
import {
  createLoadingIndicator,
  loadingBarDefaults,
  type LoadingIndicatorState,
} from "../lib/loading-indicator.ts";

/**
 * A thin bar along the top of the window while something loads (SPEC §2, §9). The page-loading
 * instance follows navigations; the general one follows form submissions and background loads.
 */
export function LoadingBar({
  active,
  label,
  options = loadingBarDefaults,
}: {
  active: boolean;
  label: string;
  options?: typeof loadingBarDefaults;
}) {
  const [state, setState] = useState<LoadingIndicatorState>({ visible: false, progress: 0 });
  const indicator = useRef<ReturnType<typeof createLoadingIndicator>>(null);

  useEffect(() => {
    const bar = createLoadingIndicator(options, setState);
    indicator.current = bar;
    return () => bar.dispose();
  }, [options]);

  useEffect(() => {
    if (active) indicator.current?.start();
    else indicator.current?.finish();
  }, [active, options]);

  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-hidden={!state.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.progress)}
      data-visible={state.visible}
      className="loading-bar pointer-events-none fixed inset-x-0 top-0 z-[900] origin-left bg-primary"
      style={{
        height: options.height,
        opacity: state.visible ? 1 : 0,
        transform: `scaleX(${state.progress / 100})`,
      }}
    />
  );
}
