/**
 * SPEC §2: on a failed submit the page goes to the first field in error. The rule, in one place:
 *
 * - Which: the first field with an error, in the order the errors come, which is the schema's
 *   order (so lay a form's fields out in its schema's order); when only the form as a whole
 *   failed (a rate limit, say), the form's message.
 * - How: that element takes the focus, and the browser scrolls it into view as it does for any
 *   focused element (each control keeps a scroll margin, so its label shows above it).
 * - When: without JavaScript, the server's reply renders `autoFocus` on it and the browser focuses
 *   it as the page loads; with JavaScript, `focusErrorTarget` runs after every failed submit,
 *   whether the browser's own check or the server's reply failed (see `SchemaForm`).
 */

/** The key of the errors that belong to the form as a whole (Conform's). */
export const formErrorKey = "";

type Errors = Record<string, string[] | null | undefined> | undefined;

/** The field name to go to, `formErrorKey` for the form's message, or `undefined` when nothing failed. */
export function errorFocusTarget(errors: Errors): string | undefined {
  const failed = Object.entries(errors ?? {}).filter(([, list]) => list && list.length > 0);
  const field = failed.find(([name]) => name !== formErrorKey);
  if (field) return field[0];
  return failed.length > 0 ? formErrorKey : undefined;
}

/** The id of a target's error text: `<formId>-<name>-error` for a field, `<formId>-error` for the form. */
export function errorIdOf(formId: string, target: string) {
  return target === formErrorKey ? `${formId}-error` : `${formId}-${target}-error`;
}

/**
 * Focuses the control whose error text has `errorId` (it names it in aria-describedby, whatever
 * kind of control it is), or the element with that id itself (the form's message).
 */
export function focusErrorTarget(form: HTMLFormElement, errorId: string) {
  const control = form.querySelector<HTMLElement>(`[aria-describedby~="${CSS.escape(errorId)}"]`);
  // The form's message is empty where a toast says it (a rate limit, SPEC §8): the focus then stays
  // on the send button, to try again, rather than on a box that says nothing.
  const message = form.ownerDocument.getElementById(errorId);
  const element = control ?? (message?.textContent?.trim() ? message : null);
  if (element && element !== form.ownerDocument.activeElement) element.focus();
}
