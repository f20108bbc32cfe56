import { Toast } from "@base-ui/react/toast";
import { createContext, lazy, Suspense, useContext, useEffect, useState } from "react";
import type { ReactNode } from "react";

// The viewport (Base UI's toast parts) is a chunk of its own, fetched when the first toast comes,
// so reading pages do not carry it.
const ToastViewport = lazy(() => import("./toast-viewport.tsx"));

/** The colour names shared by toasts and the confirm dialog (SPEC §3). */
export type ToastType = "success" | "danger" | "warning" | "info";

/** SPEC §9: a toast stays 3000 ms unless told otherwise. */
export const toastDefaults = { duration: 3000 };

/**
 * Each colour name as a `--tone` (text, rules, button fill) and a darker `--tone-deep` (hover).
 * Every tone keeps a contrast of at least 4.5:1 against white and the paper background.
 */
export const tones: Record<ToastType, string> = {
  success: "[--tone:#2d6a3e] [--tone-deep:#234f2f]",
  danger: "[--tone:var(--color-primary)] [--tone-deep:var(--color-primary-deep)]",
  warning: "[--tone:#8a5a00] [--tone-deep:#6b4600]",
  info: "[--tone:#34557a] [--tone-deep:#27405c]",
};

/** Where a toast may lead next (加入購物車 → 查看購物車): a link inside the site. */
export interface ToastLink {
  to: string;
  label: string;
}

/**
 * SPEC §3: a toast is a type, a message, a duration and the time it was added; beyond the spec, it
 * may carry a link to what the message is about.
 */
export interface ToastData {
  type: ToastType;
  message: string;
  duration: number;
  timestamp: number;
  link?: ToastLink;
}

export interface ToastInput {
  type?: ToastType;
  message: string;
  duration?: number;
  link?: ToastLink;
}

/**
 * A toast with a link stays longer, so that it can be reached before it goes (WCAG 2.2.1); it also
 * waits while the pointer or the focus is on it.
 */
export const linkedToastDuration = 6000;

/** One manager for the page, so code outside React (the API layer) can raise toasts too. */
export const toastManager = Toast.createToastManager<ToastData>();

// The toasts on screen, oldest first: a toast repeating the latest one is skipped (SPEC §4).
let shown: (ToastData & { id: string })[] = [];
// Toasts are only added while a provider is mounted; on the server none ever is.
let providers = 0;
// Toasts raised before the viewport's chunk has arrived wait here, in order.
let pending: { id: string; data: ToastData }[] = [];
let viewportReady = false;
let requestViewport: (() => void) | undefined;
let counter = 0;

function addNow(id: string, data: ToastData) {
  toastManager.add({
    id,
    title: data.message,
    type: data.type,
    timeout: data.duration,
    // High priority is announced assertively (role="alert"); low politely (aria-live="polite").
    priority: data.type === "danger" ? "high" : "low",
    data,
    onClose: () => {
      shown = shown.filter((toast) => toast.id !== id);
    },
  });
}

/**
 * How long the viewport's live region stands empty before its first toast: a screen reader reads
 * the changes of a live region it already knows, not a region that arrives with its text.
 */
export const liveRegionSettleMs = 150;

/** Called by the viewport once Base UI listens to the manager: the waiting toasts show. */
export function attachViewport() {
  const settle = setTimeout(() => {
    viewportReady = true;
    for (const { id, data } of pending) addNow(id, data);
    pending = [];
  }, liveRegionSettleMs);
  return () => {
    clearTimeout(settle);
    viewportReady = false;
    // Toasts unmounted with the viewport never report their close.
    shown = [];
  };
}

/**
 * Adds a toast, unless it repeats the latest one on screen or no `<ToastProvider>` is mounted.
 * Returns the id of the toast that shows the message.
 */
export function showToast({
  type = "info",
  message,
  link,
  duration = link ? linkedToastDuration : toastDefaults.duration,
}: ToastInput): string | undefined {
  if (providers === 0) return undefined;
  const latest = shown.at(-1);
  if (latest && latest.type === type && latest.message === message) return latest.id;
  const data: ToastData = { type, message, duration, timestamp: Date.now(), ...(link ? { link } : {}) };
  counter += 1;
  const id = `toast-${data.timestamp.toString(36)}-${counter}`;
  shown.push({ ...data, id });
  if (viewportReady) addNow(id, data);
  else {
    pending.push({ id, data });
    requestViewport?.();
  }
  return id;
}

const ToastContext = createContext<{ toast: typeof showToast } | null>(null);
const toastApi = { toast: showToast };

/** Wraps the app; the toast viewport (a polite live region above everything) joins with the first toast. */
export function ToastProvider({ children }: { children: ReactNode }) {
  // A toast raised before this provider mounted (none on the server) already asks for the viewport.
  const [wanted, setWanted] = useState(() => pending.length > 0);
  useEffect(() => {
    providers += 1;
    requestViewport = () => setWanted(true);
    return () => {
      providers -= 1;
      requestViewport = undefined;
      pending = [];
      shown = [];
    };
  }, []);
  return (
    <ToastContext value={toastApi}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <ToastViewport />
        </Suspense>
      )}
    </ToastContext>
  );
}

/** `const { toast } = useToast(); toast({ type: "danger", message: "移除項目發生錯誤" })` */
export function useToast() {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() needs a <ToastProvider> above it.");
  return api;
}
