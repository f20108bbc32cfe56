import {
  getFormProps,
  useForm,
  type DefaultValue,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, use, useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation, useNavigationType, useSubmit } from "react-router";
import type { z } from "zod";
import { Button } from "../ui/button.tsx";
import { errorFocusTargets, errorIdOf, focusErrorTarget, formErrorKey } from "./focus-first-error.ts";
import { ErrorGlyph } from "./error-glyph.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * A form validated by one Zod schema in the browser and, with the same schema, in the route's
 * action (`parseSubmission`), so it works before (or without) JavaScript with the same messages.
 * Fields validate as they are typed in, not on blur (SPEC §5), and again on every input after.
 *
 * `lastResult` is the action's reply (`actionData?.result`): the errors and everything typed.
 * `defaultValue` fills a form that edits what exists (a member's profile).
 */
export function useSchemaForm<Schema extends z.ZodObject>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<Schema>>;
  },
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { form, fields };
}

/** Which field (or the form's message) takes the focus after this failed submit. */
const FocusTargetContext = createContext<string | undefined>(undefined);

/**
 * Whether the field `name` of the enclosing form renders `autoFocus` (see focus-first-error.ts);
 * given several names, whether any of them is the one (a control that stands for several fields).
 */
export function useAutoFocus(name: string | readonly string[]) {
  const target = use(FocusTargetContext);
  return target !== undefined && (typeof name === "string" ? target === name : name.includes(target));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's own bound for any form's fields
type AnyFields = Record<string, any>;

/**
 * The `<form>` of a `useSchemaForm` form: posts with React Router (a plain POST without
 * JavaScript), keeps the scroll where it is, and after a failed submit goes to the first field in
 * error. Children are the fields, `FormMessage` and `SubmitButton`.
 *
 * One submit at a time: a second one (a double click, Enter pressed again) before the first has
 * been answered is dropped. The router only says it is submitting after a render, and a second
 * submit in between would cancel the first in the browser after the server had acted on it (two
 * donations, two messages).
 */
export function SchemaForm<Fields extends AnyFields>({
  form,
  action,
  className,
  confirm,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  action?: string;
  className?: string;
  /**
   * Asked once the fields are valid, before anything is sent (a confirm dialog for what cannot be
   * undone); without JavaScript the button's press is the choice.
   */
  confirm?: () => Promise<boolean>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const sending = useRef(false);
  const navigationState = useNavigation().state;
  const navigating = useRef(navigationState !== "idle");
  useEffect(() => {
    navigating.current = navigationState !== "idle";
    if (navigationState === "idle") sending.current = false;
  }, [navigationState]);
  // A form that went on to another site (ECPay's payment page) leaves the router mid-submit; the
  // page the browser keeps for Back would come back with it, its button busy and its form shut.
  // Such a page is loaded afresh instead.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      sending.current = false;
      if (navigating.current) window.location.reload();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Once answered, while the router reads the pages' data again ("loading"), the button is no
    // longer busy and a press is sent: a failed send may be sent again at once.
    if (sending.current && navigationState !== "loading") return event.preventDefault();
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    sending.current = true;
    if (!confirm) return;
    event.preventDefault();
    const target = event.currentTarget;
    void confirm().then((ok) => {
      if (ok) return submit(target, { method: "post", action, preventScrollReset: true });
      sending.current = false;
    });
  };
  const errors = form.allErrors;
  const targets = form.status === "error" ? errorFocusTargets(errors) : [];
  // Without JavaScript, the field the server's page focuses (autoFocus).
  const target = targets[0];
  // The targets as one value for the effect below; the form's own message is the name "", so a
  // failure of the form alone is `[""]`, which is something to focus, not nothing.
  const targetKey = targets.length > 0 ? JSON.stringify(targets) : "";

  // Each failed submit reports a new error record, even when the messages are the same. The
  // first run is the server's page, whose autoFocus has already done the job.
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (targetKey === "" || !ref.current) return;
    focusErrorTarget(
      ref.current,
      (JSON.parse(targetKey) as string[]).map((name) => errorIdOf(form.id, name)),
    );
  }, [form.id, targetKey, errors]);

  return (
    <FocusTargetContext value={target}>
      <Form
        ref={ref}
        method="post"
        action={action}
        preventScrollReset
        className={className}
        {...formProps}
        onSubmit={onSubmit}
      >
        {children}
      </Form>
    </FocusTargetContext>
  );
}

/**
 * The form's own message: errors of the form as a whole (an API refusal such as a rate limit) as
 * an alert. The region is always there, so a message that appears in it is announced.
 */
export function FormMessage<Fields extends AnyFields>({
  form,
  toast,
}: {
  form: FormMetadata<Fields, string[]>;
  /** The reply's toast: once JavaScript runs it is the toast's to say, not the form's (SPEC §8). */
  toast?: { message: string };
}) {
  const autoFocus = useAutoFocus(formErrorKey);
  const hydrated = useHydrated();
  const errors = (form.errors ?? []).filter((message) => !(hydrated && toast && message === toast.message));
  return (
    <div
      id={form.errorId}
      role="alert"
      tabIndex={-1}
      autoFocus={autoFocus}
      className="scroll-my-24 outline-none focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-primary"
    >
      {errors.length > 0 && (
        <div className="flex gap-3 border-l-4 border-primary bg-paper-deep px-4 py-3 text-[0.9375rem] leading-7 text-primary-deep">
          <ErrorGlyph className="mt-1.5 shrink-0" />
          <ul>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** A success notice after the redirect that follows a sent form. */
export function FormSuccess({ title, children }: { title: string; children?: ReactNode }) {
  // Shown in place of the form just sent, it takes the focus the send button took with it (not on a
  // page opened afresh, where the reader starts at the top).
  const ref = useRef<HTMLDivElement>(null);
  const navigationType = useNavigationType();
  useEffect(() => {
    const active = document.activeElement;
    if (navigationType !== "POP" && (!active || active === document.body)) ref.current?.focus();
  }, [navigationType]);
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className="border-l-4 border-tea bg-paper-deep px-5 py-5 focus:outline-none"
    >
      <p className="font-serif text-lg font-bold tracking-[0.08em] text-balance text-tea">{title}</p>
      {children && <div className="mt-2 leading-7 text-ink-soft">{children}</div>}
    </div>
  );
}

/**
 * The form's submit button, busy while its form is being sent. On a page of several forms sharing
 * one action, `intent` names this button's form (its hidden `intent` field), so only it shows busy.
 */
export function SubmitButton({
  children,
  pending = "送出中…",
  intent,
  wide = false,
  variant,
}: {
  children: ReactNode;
  pending?: string;
  intent?: string;
  /** `danger` for what cannot be undone (刪除帳號). */
  variant?: "primary" | "danger";
  /** As wide as its form: the one action of a narrow form (the login page's, above the social sign-ins). */
  wide?: boolean;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <Button
      type="submit"
      size="lg"
      variant={variant}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
      className={`tracking-[0.12em] aria-disabled:cursor-progress aria-disabled:opacity-70 ${wide ? "w-full" : ""}`}
    >
      {busy ? pending : children}
    </Button>
  );
}

export { ErrorGlyph };
