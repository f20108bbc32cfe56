import { AlertDialog } from "@base-ui/react/alert-dialog";
import type { ConfirmRequest } from "./confirm-dialog.tsx";
import { tones } from "./toast.tsx";

const buttonBase =
  "inline-flex min-w-28 items-center justify-center border px-6 py-2.5 font-serif tracking-[0.2em] transition-colors";

/** The dialog of the front request in the confirm queue. */
export default function ConfirmDialogView({
  request: current,
  open,
  onAnswer: answer,
  onClosed,
}: {
  request: ConfirmRequest | undefined;
  open: boolean;
  onAnswer: (ok: boolean) => void;
  onClosed: () => void;
}) {
  return (
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
        if (!isOpen) onClosed();
      }}
    >
      {current && (
        <AlertDialog.Portal>
          <AlertDialog.Backdrop className="fixed inset-0 z-200 bg-ink/45 transition-opacity duration-200 data-ending-style:opacity-0 data-starting-style:opacity-0" />
          <AlertDialog.Popup
            data-confirm-dialog=""
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
  );
}
