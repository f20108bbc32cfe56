import { Toast } from "@base-ui/react/toast";
import { createContext, useContext, useEffect } from "react";
import type { ReactNode } from "react";

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

/** SPEC §3: a toast is a type, a message, a duration and the time it was added. */
export interface ToastData {
  type: ToastType;
  message: string;
  duration: number;
  timestamp: number;
}

export interface ToastInput {
  type?: ToastType;
  message: string;
  duration?: number;
}

/** One manager for the page, so code outside React (the API layer) can raise toasts too. */
export const toastManager = Toast.createToastManager<ToastData>();

// The toasts on screen, oldest first: a toast repeating the latest one is skipped (SPEC §4).
let shown: (ToastData & { id: string })[] = [];
// Toasts are only added while a provider listens; on the server none ever does.
let listeners = 0;

/**
 * Adds a toast, unless it repeats the latest one on screen or no `<ToastProvider>` is mounted.
 * Returns the id of the toast that shows the message.
 */
export function showToast({
  type = "info",
  message,
  duration = toastDefaults.duration,
}: ToastInput): string | undefined {
  if (listeners === 0) return undefined;
  const latest = shown.at(-1);
  if (latest && latest.type === type && latest.message === message) return latest.id;
  const data: ToastData = { type, message, duration, timestamp: Date.now() };
  const id = toastManager.add({
    title: message,
    type,
    timeout: duration,
    // High priority is announced assertively (role="alert"); low politely (aria-live="polite").
    priority: type === "danger" ? "high" : "low",
    data,
    onClose: () => {
      shown = shown.filter((toast) => toast.id !== id);
    },
  });
  shown.push({ ...data, id });
  return id;
}

const ToastContext = createContext<{ toast: typeof showToast } | null>(null);
const toastApi = { toast: showToast };

/** Wraps the app: renders the toast viewport (a polite live region) above everything else. */
export function ToastProvider({ children }: { children: ReactNode }) {
  // Runs after Base UI's provider has subscribed to the manager (child effects run first).
  useEffect(() => {
    listeners += 1;
    return () => {
      listeners -= 1;
      // Toasts unmounted with the provider never report their close.
      shown = [];
    };
  }, []);
  return (
    <Toast.Provider toastManager={toastManager} timeout={toastDefaults.duration}>
      <ToastContext value={toastApi}>{children}</ToastContext>
      <Toast.Portal>
        {/* Bottom centre on phones, bottom right from md up; above the confirm dialog (z 500). */}
        <Toast.Viewport
          aria-label="通知"
          className="fixed inset-x-4 bottom-4 z-600 mx-auto flex max-w-sm flex-col-reverse gap-2 md:inset-x-auto md:right-8 md:bottom-8 md:w-88 md:max-w-none"
        >
          <ToastList />
        </Toast.Viewport>
      </Toast.Portal>
    </Toast.Provider>
  );
}

/** `const { toast } = useToast(); toast({ type: "danger", message: "移除項目發生錯誤" })` */
export function useToast() {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() needs a <ToastProvider> above it.");
  return api;
}

function ToastList() {
  const { toasts } = Toast.useToastManager<ToastData>();
  return toasts.map((toast) => (
    <Toast.Root
      key={toast.id}
      toast={toast}
      data-duration={toast.data?.duration}
      className={`${tones[toast.data?.type ?? "info"]} flex items-start gap-3 border border-l-4 border-rule border-l-(--tone) bg-paper py-3 pr-2 pl-4 text-ink shadow-[0_10px_30px_-14px_rgb(29_27_24/0.45)] transition-[opacity,transform,translate] duration-300 ease-out select-none [transform:translate(var(--toast-swipe-movement-x),var(--toast-swipe-movement-y))] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-ending-style:opacity-0 data-limited:hidden data-starting-style:translate-y-3 data-starting-style:opacity-0`}
    >
      <Toast.Title
        render={<p />}
        className="min-w-0 flex-1 py-1 text-[0.9375rem] leading-relaxed tracking-wide"
      />
      <Toast.Close
        aria-label="關閉"
        className="grid size-8 shrink-0 place-items-center text-muted transition-colors hover:text-ink focus-visible:outline-offset-0"
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </Toast.Close>
    </Toast.Root>
  ));
}
