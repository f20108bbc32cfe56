import { Toast } from "@base-ui/react/toast";
import { useEffect } from "react";
import { Link } from "react-router";
import { attachViewport, toastManager, tones, toastDefaults, type ToastData } from "./toast.tsx";

/**
 * The toast viewport, top centre on phones (where the thumb and a form's send button are at the
 * bottom) and bottom right from md up; above the confirm dialog (z 500).
 */
export default function ToastViewport() {
  // Runs after Base UI's provider has subscribed to the manager (child effects run first).
  useEffect(() => attachViewport(), []);
  return (
    <Toast.Provider toastManager={toastManager} timeout={toastDefaults.duration}>
      <Toast.Portal>
        <Toast.Viewport
          aria-label="通知"
          className="fixed inset-x-4 top-4 z-600 mx-auto flex max-w-sm flex-col gap-2 md:inset-x-auto md:top-auto md:right-8 md:bottom-8 md:w-88 md:max-w-none md:flex-col-reverse"
        >
          <ToastList />
        </Toast.Viewport>
      </Toast.Portal>
    </Toast.Provider>
  );
}

function ToastList() {
  const { toasts } = Toast.useToastManager<ToastData>();
  return toasts.map((toast) => (
    <Toast.Root
      key={toast.id}
      toast={toast}
      data-duration={toast.data?.duration}
      swipeDirection={["up", "right", "down"]}
      className={`${tones[toast.data?.type ?? "info"]} flex items-start gap-3 border border-l-4 border-rule border-l-(--tone) bg-paper py-3 pr-2 pl-4 text-ink shadow-[0_10px_30px_-14px_rgb(29_27_24/0.45)] transition-[opacity,transform,translate] duration-300 ease-out select-none [transform:translate(var(--toast-swipe-movement-x),var(--toast-swipe-movement-y))] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-ending-style:opacity-0 data-limited:hidden data-starting-style:-translate-y-3 data-starting-style:opacity-0 md:data-starting-style:translate-y-3`}
    >
      <div className="min-w-0 flex-1 py-1">
        <Toast.Title render={<p />} className="text-[0.9375rem] leading-relaxed tracking-wide" />
        {toast.data?.link && (
          <Link
            to={toast.data.link.to}
            onClick={() => toastManager.close(toast.id)}
            className="mt-1 inline-flex min-h-8 items-center gap-1 text-sm font-medium tracking-wide text-(--tone) underline decoration-(--tone)/40 underline-offset-4 hover:text-(--tone-deep) hover:decoration-(--tone-deep) focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            {toast.data.link.label}
            <span aria-hidden="true">→</span>
          </Link>
        )}
      </div>
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
