import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState } from "react";
import type { ReactNode } from "react";
import { startSmoothScroll, stopSmoothScroll } from "../../lib/smooth-scroll.ts";
import type { ToastType } from "./toast.tsx";

// Base UI's alert dialog is a chunk of its own, fetched with the first confirm.
const ConfirmDialogView = lazy(() => import("./confirm-dialog-view.tsx"));

export type ConfirmType = ToastType;

/** SPEC §3 confirm dialog options; `hideCancel` leaves the action as the only way out. */
export interface ConfirmOptions {
  title?: string;
  message?: string;
  /** Colours the action button. */
  type?: ConfirmType;
  cancelText?: string;
  actionText?: string;
  hideCancel?: boolean;
}

/** SPEC §4 defaults. */
export const confirmDefaults = {
  type: "success",
  title: "確認操作",
  message: "確定要執行此操作嗎？",
  cancelText: "取消",
  actionText: "確認",
  hideCancel: false,
} as const satisfies Required<ConfirmOptions>;

/** Resolves true for the action, false for cancel (button or Escape). */
export type Confirm = (options?: ConfirmOptions) => Promise<boolean>;

export interface ConfirmRequest {
  options: Required<ConfirmOptions>;
  resolve: (ok: boolean) => void;
}

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * Renders the confirm dialog for `useConfirm()`. Requests made while one is open wait in a queue
 * and are shown one after another; smooth scrolling stays stopped until the queue is empty.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ConfirmRequest[]>([]);
  // The front request has been answered and its dialog is animating out.
  const [answered, setAnswered] = useState(false);
  const current = queue[0];
  const open = current !== undefined && !answered;
  const busy = queue.length > 0;

  useEffect(() => {
    if (!busy) return undefined;
    stopSmoothScroll();
    return startSmoothScroll;
  }, [busy]);

  const confirm = useCallback<Confirm>(
    (options = {}) =>
      new Promise<boolean>((resolve) => {
        const request: ConfirmRequest = {
          options: {
            type: options.type ?? confirmDefaults.type,
            title: options.title ?? confirmDefaults.title,
            message: options.message ?? confirmDefaults.message,
            cancelText: options.cancelText ?? confirmDefaults.cancelText,
            actionText: options.actionText ?? confirmDefaults.actionText,
            hideCancel: options.hideCancel ?? confirmDefaults.hideCancel,
          },
          resolve,
        };
        setQueue((requests) => [...requests, request]);
      }),
    [],
  );

  function answer(ok: boolean) {
    if (!current || answered) return;
    current.resolve(ok);
    setAnswered(true);
  }

  return (
    <ConfirmContext value={confirm}>
      {children}
      {busy && (
        <Suspense fallback={null}>
          <ConfirmDialogView
            request={current}
            open={open}
            onAnswer={answer}
            onClosed={() => {
              if (!answered) return;
              setQueue((requests) => requests.slice(1));
              setAnswered(false);
            }}
          />
        </Suspense>
      )}
    </ConfirmContext>
  );
}

/** `const ok = await confirm({ type: "danger", message: "確定要移除此商品嗎？" })` */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm() needs a <ConfirmProvider> above it.");
  return confirm;
}
