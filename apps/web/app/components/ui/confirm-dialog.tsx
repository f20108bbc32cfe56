import { AlertDialog } from "@base-ui/react/alert-dialog";
import { createContext, useCallback, useContext, useEffect, useState } from "react";
import type { ReactNode } from "react";
import { startSmoothScroll, stopSmoothScroll } from "~/lib/smooth-scroll";
import { tones } from "./toast";
import type { ToastType } from "./toast";

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

interface ConfirmRequest {
  options: Required<ConfirmOptions>;
  resolve: (ok: boolean) => void;
}

const ConfirmContext = createContext<Confirm | null>(null);

const buttonBase =
  "inline-flex min-w-28 items-center justify-center border px-6 py-2.5 font-serif tracking-[0.2em] transition-colors";

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
      <AlertDialog.Root
        open={open}
        onOpenChange={(nextOpen, details) => {
          if (nextOpen) return;
          // Without a cancel button the notice can only be acknowledged (e.g. 請重新登入).
          if (current?.options.hideCancel) {
            details.cancel();
            return;
          }
          answer(false);
        }}
        onOpenChangeComplete={(isOpen) => {
          if (isOpen || !answered) return;
          setQueue((requests) => requests.slice(1));
          setAnswered(false);
        }}
      >
        {current && (
          <AlertDialog.Portal>
            <AlertDialog.Backdrop className="fixed inset-0 z-200 bg-ink/45 transition-opacity duration-200 data-ending-style:opacity-0 data-starting-style:opacity-0" />
            <AlertDialog.Popup
              className={`${tones[current.options.type]} fixed top-1/2 left-1/2 z-500 w-120 max-w-[94vw] -translate-x-1/2 -translate-y-1/2 border-t-4 border-(--tone) bg-paper px-6 pt-8 pb-6 text-ink shadow-[0_24px_60px_-24px_rgb(29_27_24/0.55)] transition-[opacity,scale] duration-200 ease-out outline-none data-ending-style:scale-[0.98] data-ending-style:opacity-0 data-starting-style:scale-[0.98] data-starting-style:opacity-0 md:px-10 md:pt-10`}
            >
              <AlertDialog.Title className="font-serif text-xl leading-snug font-bold tracking-wide">
                {current.options.title}
              </AlertDialog.Title>
              <AlertDialog.Description className="mt-4 leading-loose tracking-wide text-ink-soft">
                {current.options.message}
              </AlertDialog.Description>
              <div className="mt-8 flex flex-wrap justify-end gap-3">
                {!current.options.hideCancel && (
                  <AlertDialog.Close
                    className={`${buttonBase} border-ink text-ink hover:bg-ink hover:text-paper`}
                  >
                    {current.options.cancelText}
                  </AlertDialog.Close>
                )}
                <button
                  type="button"
                  onClick={() => answer(true)}
                  className={`${buttonBase} border-(--tone) bg-(--tone) text-white hover:border-(--tone-deep) hover:bg-(--tone-deep)`}
                >
                  {current.options.actionText}
                </button>
              </div>
            </AlertDialog.Popup>
          </AlertDialog.Portal>
        )}
      </AlertDialog.Root>
    </ConfirmContext>
  );
}

/** `const ok = await confirm({ type: "danger", message: "確定要移除此商品嗎？" })` */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm() needs a <ConfirmProvider> above it.");
  return confirm;
}
