import { useEffect } from "react";
import { showToast, type ToastType } from "../components/ui/toast.tsx";

/**
 * Shows the toast an action returned (SPEC §8: 400/403/405/422/429 → a danger toast only). Each
 * new reply is shown once; the toast list skips a repeat of the latest message by itself.
 */
export function useActionToast(toast: { type: ToastType; message: string } | undefined) {
  useEffect(() => {
    if (toast) showToast({ type: toast.type, message: toast.message });
  }, [toast]);
}
