import { useEffect } from "react";

/*
 * What a person typed into a long form, kept in this tab's sessionStorage so that leaving the page
 * and coming again finds the form as they left it: the checkout, left for the cart (to change a
 * quantity or the delivery); the donation form, left for ECPay's payment page and come Back to
 * (to change the amount). Only what was typed is kept (saved on input), never passwords, the
 * captcha or the national ID, nor the form's idempotency key (a form come back to is a new
 * sending, which may change the amount); the form's result page forgets it.
 */

/** One form's draft: where it is kept, and which fields never are. */
export type FormDraft = { key: string; notKept: RegExp };

export const checkoutDraft: FormDraft = {
  key: "shiyi:checkout-draft",
  // The store follows the cart's choice of chain, as do the payment and the shipping.
  notKept:
    /^(password|password_confirmation|g_recaptcha_response|idempotency_key|intent|payment|shipping|delivery|receiver\.store\.)/,
};

export const donationDraft: FormDraft = {
  key: "shiyi:donation-draft",
  notKept: /^(id_number|g_recaptcha_response|idempotency_key)$/,
};

/** The form's values worth keeping, by field name. */
export function draftOf(
  { notKept }: FormDraft,
  data: Iterable<[string, FormDataEntryValue]>,
): Record<string, string> {
  const draft: Record<string, string> = {};
  for (const [name, value] of data) {
    if (typeof value === "string" && value !== "" && !notKept.test(name)) draft[name] = value;
  }
  return draft;
}

function readDraft(draft: FormDraft): Record<string, string> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(draft.key) ?? "{}");
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return draftOf(
      draft,
      Object.entries(value as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
  } catch {
    return {};
  }
}

export function forgetDraft(draft: FormDraft) {
  try {
    sessionStorage.removeItem(draft.key);
  } catch {
    // Storage refused (private mode): nothing was kept.
  }
}

/**
 * Keeps the form `formId` as it is typed and, when `restore` (the page starts from the defaults,
 * not from a reply or the store map), fills it in from the last visit through `update`.
 */
export function useFormDraft(
  draft: FormDraft,
  formId: string,
  restore: boolean,
  update: (name: string, value: string) => void,
) {
  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    if (restore) for (const [name, value] of Object.entries(readDraft(draft))) update(name, value);
    let timer: number | undefined;
    const write = () => {
      timer = undefined;
      try {
        sessionStorage.setItem(draft.key, JSON.stringify(draftOf(draft, new FormData(element))));
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
    // A submit leaves for another page at once (ECPay's): what it sent is what is kept.
    element.addEventListener("submit", write);
    return () => {
      // Leaving the page right after typing: what is pending is written now.
      if (timer !== undefined) {
        window.clearTimeout(timer);
        write();
      }
      element.removeEventListener("input", save);
      element.removeEventListener("change", save);
      element.removeEventListener("submit", write);
    };
    // Once per page: the form and what it restores are the page's first ones.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
