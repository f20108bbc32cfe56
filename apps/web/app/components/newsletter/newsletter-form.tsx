import type { SubmissionResult } from "@conform-to/react";
import { messages } from "@shiyi/contracts/messages";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "../../lib/use-action-toast.ts";
import { ErrorGlyph } from "../form/error-glyph.tsx";
import type { ToastType } from "../ui/toast.tsx";

/** What POST /newsletter answers (routes/newsletter.tsx): the form's result, and the toast. */
export type NewsletterReply = {
  result?: SubmissionResult<string[]>;
  toast?: { type: ToastType; message: string };
  /** Set when the request was taken: the line to show in place of errors. */
  sent?: string;
};

/**
 * The footer's subscribe form (SPEC §7 POST /subscribe): an address and a button. With JavaScript
 * it posts in the background (a fetcher) and answers with a toast and a line under the form;
 * without, it is a plain POST to /newsletter, which answers as a page.
 *
 * It is on every page, so it carries no form library: the /newsletter action checks the address
 * with the shared schema and its zh-TW message comes back in `result` (the browser's own check is
 * turned off, so the message is the site's, not the browser's).
 */
export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterReply>({ key: "newsletter-footer" });
  const reply = fetcher.data;
  // The line under the form says that it was sent; a toast saying it again would be an echo.
  useActionToast(reply?.sent ? undefined : reply?.toast);
  const ref = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  /** The browser's verdict on the address (empty, malformed), said before any request is sent. */
  const [localError, setLocalError] = useState<string>();
  useEffect(() => {
    if (reply?.sent) ref.current?.reset();
    // Refused, the address takes the focus, to be corrected, as in every form of the site.
    else if (reply?.result?.error?.email) field.current?.focus();
  }, [reply]);
  const busy = fetcher.state !== "idle";
  const id = "newsletter-footer";
  const errors = localError
    ? [localError]
    : reply?.sent
      ? []
      : [...(reply?.result?.error?.email ?? []), ...(reply?.result?.error?.[""] ?? [])];
  return (
    <fetcher.Form
      ref={ref}
      method="post"
      action="/newsletter"
      aria-labelledby={`${id}-title`}
      id={id}
      noValidate
      onSubmit={(event) => {
        const input = field.current;
        const problem = !input
          ? undefined
          : input.validity.valueMissing
            ? messages.required
            : input.validity.typeMismatch
              ? messages.email
              : undefined;
        setLocalError(problem);
        if (!problem) return;
        event.preventDefault();
        input?.focus();
      }}
    >
      <p className="font-serif text-lg font-bold tracking-[0.12em]" id={`${id}-title`}>
        訂閱電子報
      </p>
      <p className="mt-2 text-sm leading-7 text-paper/75">新刊上市、專題與活動消息，不定期寄到您的信箱。</p>
      <input type="hidden" name="source" value="footer" />
      <div className="mt-4 flex max-w-sm gap-2">
        <label htmlFor={`${id}-email`} className="sr-only">
          電子報訂閱信箱
        </label>
        <input
          ref={field}
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
          autoComplete="email"
          spellCheck={false}
          placeholder="您的電子信箱"
          className={[
            "min-h-11 min-w-0 flex-1 border border-paper/40 bg-transparent px-3 text-base text-paper",
            "placeholder:text-paper/55 focus:border-paper focus-visible:outline-2 focus-visible:outline-offset-2",
            "focus-visible:outline-paper aria-invalid:border-2 aria-invalid:border-paper",
          ].join(" ")}
        />
        <button
          type="submit"
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
          className={[
            "min-h-11 shrink-0 bg-paper px-4 text-[0.9375rem] font-medium tracking-[0.12em] text-ink",
            "transition-colors hover:bg-paper/85 focus-visible:outline-2 focus-visible:outline-offset-2",
            "focus-visible:outline-paper aria-disabled:cursor-progress aria-disabled:opacity-70",
          ].join(" ")}
        >
          {busy ? "送出中…" : "訂閱"}
        </button>
      </div>
      {/* Announced when it changes, without being one more status region of the page. */}
      <div aria-live="polite" className="mt-2 min-h-6 text-sm leading-6">
        {errors.length > 0 ? (
          <p id={`${id}-error`} className="flex items-start gap-1.5 text-paper">
            <ErrorGlyph className="mt-[0.3rem] shrink-0" />
            {errors.join("、")}
          </p>
        ) : reply?.sent ? (
          <p className="text-paper/85">{reply.sent}</p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
