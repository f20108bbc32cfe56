/**
 * SPEC §2: on a failed submit the page goes to the first field in error. The rule, in one place:
 *
 * - Which: the first field with an error as the page shows them (top to bottom), whatever order
 *   the errors come in (the rules that tie fields together report after each field's own); when
 *   only the form as a whole failed (a rate limit, say), the form's message. Without JavaScript
 *   the server cannot know the layout: it takes the first in the errors' (the schema's) order.
 * - How: that element takes the focus, and the browser scrolls it into view as it does for any
 *   focused element (each control keeps a scroll margin, so its label shows above it).
 * - When: without JavaScript, the server's reply renders `autoFocus` on it and the browser focuses
 *   it as the page loads; with JavaScript, `focusErrorTarget` runs after every failed submit,
 *   whether the browser's own check or the server's reply failed (see `SchemaForm`).
 */

/** The key of the errors that belong to the form as a whole (Conform's). */
export const formErrorKey = "";

type Errors = Record<string, string[] | null | undefined> | undefined;

/**
 * What may take the focus, in the errors' order: every field in error, else `[formErrorKey]` for
 * the form's message, else nothing.
 */
export function errorFocusTargets(errors: Errors): string[] {
  const failed = Object.entries(errors ?? {})
    .filter(([, list]) => list && list.length > 0)
    .map(([name]) => name);
  const fields = failed.filter((name) => name !== formErrorKey);
  if (fields.length > 0) return fields;
  return failed.length > 0 ? [formErrorKey] : [];
}

/** The id of a target's error text: `<formId>-<name>-error` for a field, `<formId>-error` for the form. */
export function errorIdOf(formId: string, target: string) {
  return target === formErrorKey ? `${formId}-error` : `${formId}-${target}-error`;
}

/**
 * Focuses the first control in the form's document order whose error text has one of `errorIds`
 * (it names it in aria-describedby, whatever kind of control it is), else the first element with
 * one of those ids that says something (the form's message).
 */
export function focusErrorTarget(form: HTMLFormElement, errorIds: readonly string[]) {
  const named = new Set(errorIds);
  const control = [...form.querySelectorAll<HTMLElement>("[aria-describedby]")].find((element) =>
    element
      .getAttribute("aria-describedby")!
      .split(/\s+/)
      .some((id) => named.has(id)),
  );
  // The form's message is empty where a toast says it (a rate limit, SPEC §8): the focus then stays
  // on the send button, to try again, rather than on a box that says nothing.
  const message = errorIds
    .map((id) => form.ownerDocument.getElementById(id))
    .find((element) => element?.textContent?.trim());
  const element = control ?? message;
  if (element && element !== form.ownerDocument.activeElement) element.focus();
}
