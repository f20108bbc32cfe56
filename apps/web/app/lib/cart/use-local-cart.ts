import { useSyncExternalStore } from "react";
import { cartChannelName, createLocalCart, type LocalCart, type LocalCartLine } from "./local-cart.ts";

let browserCart: LocalCart | undefined;

/** This tab's local cart over `localStorage` and a broadcast channel; only in the browser. */
export function localCart(): LocalCart {
  browserCart ??= createLocalCart({
    storage: window.localStorage,
    channel: typeof BroadcastChannel === "function" ? new BroadcastChannel(cartChannelName) : undefined,
    storageEvents: window,
  });
  return browserCart;
}

const subscribe = (onChange: () => void) => localCart().subscribe(onChange);
const snapshot = () => localCart().lines();
const serverSnapshot = () => null;

/**
 * The visitor's local lines, kept up to date across tabs; null while the server renders and the
 * page hydrates (the storage is the browser's alone).
 */
export function useLocalCart(): LocalCartLine[] | null {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
