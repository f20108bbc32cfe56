import { useEffect } from "react";

/*
 * What the buyer typed on the checkout page, kept in this tab's sessionStorage while they go back
 * to the cart (to change a quantity or the delivery) and come again: the form then fills in as
 * they left it. Passwords, the captcha and the chosen store are never kept (the store follows the
 * cart's choice of chain). The order's result page forgets it.
 */

const storageKey = "shiyi:checkout-draft";
const notKept =
  /^(password|password_confirmation|g_recaptcha_response|intent|payment|shipping|delivery|receiver\.store\.)/;

/** The form's values worth keeping, by field name. */
export function draftOf(data: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const draft: Record<string, string> = {};
  for (const [name, value] of data) {
    if (typeof value === "string" && value !== "" && !notKept.test(name)) draft[name] = value;
  }
  return draft;
}

function readDraft(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? "{}");
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return draftOf(
      Object.entries(value as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
  } catch {
    return {};
  }
}

export function forgetCheckoutDraft() {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode): nothing was kept.
  }
}

/**
 * Keeps the form `formId` as it is typed and, when `restore` (the page starts from the defaults,
 * not from a reply or the store map), fills it in from the last visit through `update`.
 */
export function useCheckoutDraft(
  formId: string,
  restore: boolean,
  update: (name: string, value: string) => void,
) {
  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    if (restore) for (const [name, value] of Object.entries(readDraft())) update(name, value);
    let timer: number | undefined;
    const write = () => {
      timer = undefined;
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(draftOf(new FormData(element))));
      } catch {
        // Storage refused: the form simply is not kept.
      }
    };
    const save = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(write, 300);
    };
    element.addEventListener("input", save);
    element.addEventListener("change", save);
    return () => {
      // Leaving the page (to the cart) right after typing: what is pending is written now.
      if (timer !== undefined) {
        window.clearTimeout(timer);
        write();
      }
      element.removeEventListener("input", save);
      element.removeEventListener("change", save);
    };
    // Once per page: the form and what it restores are the page's first ones.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
