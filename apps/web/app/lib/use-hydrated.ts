import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/** False while the server renders and the page hydrates, true once React runs in the browser. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
