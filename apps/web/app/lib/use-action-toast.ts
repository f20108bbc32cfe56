import { useEffect } from "react";
import { showToast, type ToastType } from "../components/ui/toast.tsx";

type WithToast = { toast?: { type: ToastType; message: string } } | undefined | null;

/**
 * Shows the toast an action returned (SPEC §8: 400/403/405/422/429 → a danger toast only). Each
 * new result is shown once; the toast list skips a repeat of the latest message by itself.
 */
export function useActionToast(result: unknown) {
  const toast = (result as WithToast)?.toast;
  useEffect(() => {
    if (toast) showToast({ type: toast.type, message: toast.message });
  }, [result, toast]);
}
