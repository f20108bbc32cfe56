import { useEffect } from "react";

/*
 * What a person typed into a long form, kept in this tab's sessionStorage so that leaving the page
 * and coming again finds the form as they left it: the checkout, left for the cart (to change a
 * quantity or the delivery); the donation form, left for ECPay's payment page and come Back to
 * (to change the amount). Only what was typed is kept (saved on input), never passwords, the
 * captcha or the national ID, nor the form's idempotency key (a form come back to is a new
 * sending, which may change the amount); the form's result page forgets it. A member's draft is
 * theirs only: once the tab is a visitor's or another member's, it is dropped unread.
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

/**
 * Whose typing a kept draft is: the signed-in member's address, or null for a visitor. A member's
 * draft is theirs alone — after a logout the tab may be someone else's — while a visitor's goes on
 * being theirs once they sign in (they typed it).
 */
export type DraftOwner = string | null;

/** The values of a kept draft (`{ owner, values }` as JSON) that `owner` may have back. */
export function keptValues(
  draft: FormDraft,
  kept: unknown,
  owner: DraftOwner,
): Record<string, string> | null {
  if (!kept || typeof kept !== "object" || Array.isArray(kept)) return null;
  const { owner: keptOwner, values } = kept as { owner?: unknown; values?: unknown };
  if (keptOwner !== null && keptOwner !== owner) return null;
  if (!values || typeof values !== "object" || Array.isArray(values)) return null;
  return draftOf(
    draft,
    Object.entries(values as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

function readDraft(draft: FormDraft, owner: DraftOwner): Record<string, string> {
  try {
    const values = keptValues(draft, JSON.parse(sessionStorage.getItem(draft.key) ?? "null"), owner);
    // Another member's, or unreadable: gone, so that nothing of it stays in the tab.
    if (!values) forgetDraft(draft);
    return values ?? {};
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
 * Keeps the form `formId` as `owner` types it and, when `restore` (the page starts from the
 * defaults, not from a reply or the store map), fills it in from their last visit through `update`.
 */
export function useFormDraft(
  draft: FormDraft,
  formId: string,
  { restore, owner }: { restore: boolean; owner: DraftOwner },
  update: (name: string, value: string) => void,
) {
  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const kept = readDraft(draft, owner);
    if (restore) for (const [name, value] of Object.entries(kept)) update(name, value);
    let timer: number | undefined;
    const write = () => {
      timer = undefined;
      try {
        const values = draftOf(draft, new FormData(element));
        sessionStorage.setItem(draft.key, JSON.stringify({ owner, values }));
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
