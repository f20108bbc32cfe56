import { createContext, use, useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";

/** The name of the buttons Conform submits to validate or change a form (not to send it). */
const conformIntent = "__intent__";

/**
 * A line's save of a quantity still waiting out its pause: made now, and done when it resolves;
 * `undefined` when the line has nothing waiting.
 */
type Save = () => (() => Promise<unknown> | void) | undefined;

/**
 * The cart page's lines save a changed quantity after a short pause (so that ＋＋＋ is one save).
 * A reader who changes a quantity and goes straight on to the checkout must not lose it: each line
 * registers its save here, and the checkout's submit makes those waiting before it goes.
 */
export class PendingSaveRegistry {
  readonly #saves = new Set<Save>();

  add(save: Save) {
    this.#saves.add(save);
    return () => void this.#saves.delete(save);
  }

  /** The saves waiting now, each to be made. */
  waiting() {
    return [...this.#saves].flatMap((save) => save() ?? []);
  }
}

export const PendingSaves = createContext<PendingSaveRegistry | null>(null);

export function usePendingSavesRegistry() {
  return useState(() => new PendingSaveRegistry())[0];
}

/** Registers `save` (what the line has waiting to be saved, if anything) while the line is shown. */
export function useRegisterSave(save: Save) {
  const registry = use(PendingSaves);
  const current = useEffectEvent(save);
  useEffect(() => registry?.add(() => current()), [registry]);
}

/**
 * For the element around the checkout's form (`onSubmitCapture`): the submit waits for every line's
 * pending save, then goes on as it was sent (same button, same fields).
 */
export function useSaveBeforeSubmit() {
  const registry = use(PendingSaves);
  const resubmitting = useRef(false);
  return (event: FormEvent<HTMLElement>) => {
    if (resubmitting.current || !registry) return;
    const form = event.target as HTMLFormElement;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // Conform validates as fields change by submitting with buttons of its own: those are not the reader's.
    if (submitter?.getAttribute("name") === conformIntent) return;
    const waiting = registry.waiting();
    if (waiting.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    void Promise.allSettled(waiting.map((save) => save()))
      // The form goes once the page has shown what was saved (a visitor's line is saved at once,
      // and the form, sent before React has rendered it, would not go).
      .then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
      .then(() => {
        resubmitting.current = true;
        try {
          form.requestSubmit(submitter);
        } finally {
          resubmitting.current = false;
        }
      });
  };
}
