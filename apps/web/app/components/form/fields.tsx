import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useInputControl,
  type FieldMetadata,
} from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { Select } from "../ui/select.tsx";
import { ErrorGlyph, useAutoFocus } from "./schema-form.tsx";

type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>;

type FieldProps = {
  /** The field from `useSchemaForm`'s `fields`. */
  meta: Field;
  label: ReactNode;
  /** A line of help under the label, read out with the field. */
  hint?: ReactNode;
  /** Marks the field as required (an asterisk, and `aria-required` for assistive tech). */
  required?: boolean;
  className?: string;
};

/**
 * The look of the shared Select's trigger (components/ui/select.tsx), so every control of a form
 * matches: 44 px touch height, a 3:1 border that darkens on hover and focus, the danger colour
 * when invalid. Text is 16 px, so phones do not zoom in on focus. The scroll margin keeps the
 * label in view when a control is scrolled to (the focus after a failed submit).
 */
const control = [
  "w-full scroll-mt-24 scroll-mb-8 border border-field bg-paper px-3 text-base text-ink",
  "transition-colors placeholder:text-muted hover:border-ink-soft focus:border-ink",
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
  "aria-invalid:border-primary-deep",
].join(" ");

/** The hint's id for aria-describedby; Conform puts the error's id before it while the field is invalid. */
const hintId = (meta: Field, hint: ReactNode) => (hint ? meta.descriptionId : undefined);

export const labelStyle = "text-[0.9375rem] font-medium tracking-[0.06em] text-ink";
/** A radio button's card: its whole surface is the touch target, marked when chosen or focused. */
export const choiceCard = [
  "flex min-h-11 cursor-pointer items-start gap-3 border border-field bg-paper px-4 py-3",
  "transition-colors hover:border-ink-soft has-checked:border-ink has-checked:bg-paper-deep",
  "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary",
].join(" ");
/** The radio button in a `choiceCard`. */
export const choiceInput = "mt-1 size-4 shrink-0 cursor-pointer accent-primary outline-none";

function Label({ meta, required, children }: { meta: Field; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={meta.id} className={labelStyle}>
      {children}
      {required && <RequiredMark />}
    </label>
  );
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-1 text-primary">
      *
    </span>
  );
}

function Hint({ meta, hint }: { meta: Field; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={meta.descriptionId} className="text-sm leading-6 text-muted">
      {hint}
    </p>
  );
}

/** The field's messages, in the danger colour under the control; the control names it in aria-describedby. */
/**
 * A field's label, hint, control and error, top to bottom. Side by side in a form's grid, fields
 * share their row's height, and the control takes the free space above it: the boxes of a row
 * line up whether or not each has a hint, or a hint of two lines.
 */
const fieldStack = "flex flex-col gap-2";

export function FieldError({ meta }: { meta: Field }) {
  if (!meta.errors?.length) return null;
  return (
    <div id={meta.errorId} className="text-sm leading-6 text-primary-deep">
      {meta.errors.map((message) => (
        <p key={message} className="flex items-start gap-1.5">
          <ErrorGlyph className="mt-[0.3rem] shrink-0" />
          {message}
        </p>
      ))}
    </div>
  );
}

type TextFieldProps = FieldProps &
  Pick<ComponentProps<"input">, "autoComplete" | "inputMode" | "placeholder" | "spellCheck" | "onChange"> & {
    type?: "text" | "email" | "tel" | "password";
  };

/** A one-line text, e-mail, telephone or password field with its label, hint and error. */
export function TextField({
  meta,
  label,
  hint,
  required,
  className,
  type = "text",
  ...input
}: TextFieldProps) {
  const autoFocus = useAutoFocus(meta.name);
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hintId(meta, hint) });
  return (
    <div className={[fieldStack, className].filter(Boolean).join(" ")}>
      <Label meta={meta} required={required}>
        {label}
      </Label>
      <Hint meta={meta} hint={hint} />
      <input
        key={key}
        {...props}
        {...input}
        autoFocus={autoFocus}
        aria-required={required || undefined}
        className={`${control} mt-auto min-h-11`}
      />
      <FieldError meta={meta} />
    </div>
  );
}

type TextareaFieldProps = FieldProps & Pick<ComponentProps<"textarea">, "rows" | "placeholder">;

/** A multi-line text field; it grows by hand (vertical resize) for long messages. */
export function TextareaField({
  meta,
  label,
  hint,
  required,
  className,
  rows = 6,
  ...textarea
}: TextareaFieldProps) {
  const autoFocus = useAutoFocus(meta.name);
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: hintId(meta, hint) });
  return (
    <div className={["grid content-start gap-2", className].filter(Boolean).join(" ")}>
      <Label meta={meta} required={required}>
        {label}
      </Label>
      <Hint meta={meta} hint={hint} />
      <textarea
        key={key}
        {...props}
        {...textarea}
        rows={rows}
        autoFocus={autoFocus}
        aria-required={required || undefined}
        className={`${control} min-h-32 resize-y py-3 leading-7`}
      />
      <FieldError meta={meta} />
    </div>
  );
}

export type SelectOption = { value: string; label: string };

type SelectFieldProps = FieldProps & {
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  /** Told of each choice, after the form has it (a field that depends on this one follows it). */
  onValueChange?: (value: string) => void;
};

/**
 * A choice from a short list. In the browser it is the shared Select (SPEC §4, §9: typeahead,
 * collision padding, click tolerance), which posts through a hidden input. The server renders a
 * native select in the same place, so without JavaScript the field still works; with JavaScript
 * the loading screen covers the page until the swap is done. Its placeholder is not an item
 * (SPEC §5: no empty-string items): it is disabled, so a form left on it posts nothing.
 */
export function SelectField(props: SelectFieldProps) {
  return useHydrated() ? <EnhancedSelectField {...props} /> : <NativeSelectField {...props} />;
}

function EnhancedSelectField({
  meta,
  label,
  hint,
  required,
  className,
  options,
  placeholder = "請選擇",
  disabled,
  onValueChange,
}: SelectFieldProps) {
  const control = useInputControl({
    key: meta.key,
    name: meta.name,
    formId: meta.formId,
    initialValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined,
  });
  const labelId = `${meta.id}-label`;
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [invalid && meta.errorId, hintId(meta, hint)].filter(Boolean).join(" ");
  const value = typeof control.value === "string" && control.value !== "" ? control.value : null;
  return (
    <div className={[fieldStack, className].filter(Boolean).join(" ")}>
      <span id={labelId} className={labelStyle}>
        {label}
        {required && <RequiredMark />}
      </span>
      <Hint meta={meta} hint={hint} />
      <Select
        aria-labelledby={labelId}
        name={meta.name}
        id={meta.id}
        items={options}
        value={value}
        onValueChange={(next) => {
          control.change(next ?? "");
          onValueChange?.(next ?? "");
        }}
        placeholder={placeholder}
        disabled={disabled}
        required={required}
        invalid={invalid}
        aria-describedby={describedBy || undefined}
        className="mt-auto"
      />
      <FieldError meta={meta} />
    </div>
  );
}

function NativeSelectField({
  meta,
  label,
  hint,
  required,
  className,
  options,
  placeholder = "請選擇",
  disabled,
  onValueChange,
}: SelectFieldProps) {
  const autoFocus = useAutoFocus(meta.name);
  const { key, defaultValue, ...props } = getSelectProps(meta, { ariaDescribedBy: hintId(meta, hint) });
  return (
    <div className={[fieldStack, className].filter(Boolean).join(" ")}>
      <Label meta={meta} required={required}>
        {label}
      </Label>
      <Hint meta={meta} hint={hint} />
      <div className="relative mt-auto">
        <select
          key={key}
          {...props}
          // A value the list does not have (a district of another 縣市, sent back) shows the placeholder,
          // not the first item the browser would otherwise show as chosen.
          defaultValue={options.some((option) => option.value === defaultValue) ? defaultValue : ""}
          disabled={disabled}
          onChange={onValueChange && ((event) => onValueChange(event.currentTarget.value))}
          autoFocus={autoFocus}
          aria-required={required || undefined}
          className={`${control} min-h-11 cursor-pointer appearance-none pr-10`}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={`${option.value} ${option.label}`} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <svg
          viewBox="0 0 24 24"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted"
        >
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
      </div>
      <FieldError meta={meta} />
    </div>
  );
}

/** A single checkbox (terms and consents): the whole label is the touch target. */
export function CheckboxField({ meta, label, hint, required, className }: FieldProps) {
  const autoFocus = useAutoFocus(meta.name);
  const { key, ...props } = getInputProps(meta, {
    type: "checkbox",
    ariaDescribedBy: hintId(meta, hint),
  });
  return (
    <div className={["grid gap-1", className].filter(Boolean).join(" ")}>
      <div className="flex items-start gap-3">
        <input
          key={key}
          {...props}
          autoFocus={autoFocus}
          aria-required={required || undefined}
          className={[
            "mt-3 size-5 shrink-0 scroll-mt-24 scroll-mb-8 cursor-pointer accent-primary",
            "focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-primary",
          ].join(" ")}
        />
        <label
          htmlFor={meta.id}
          className="min-h-11 cursor-pointer py-2.5 text-[0.9375rem] leading-6 text-ink"
        >
          {label}
          {required && <RequiredMark />}
        </label>
      </div>
      <Hint meta={meta} hint={hint} />
      <div className="pl-8">
        <FieldError meta={meta} />
      </div>
    </div>
  );
}

/**
 * A new password and its confirmation (registration, reset, change): the rule's hint, and
 * `new-password` so password managers offer to generate and save one.
 */
export function NewPasswordFields({
  password,
  confirmation,
  label = "密碼",
}: {
  password: Field;
  confirmation: Field;
  label?: string;
}) {
  return (
    <>
      <TextField
        meta={password}
        type="password"
        label={label}
        hint={"8–16 字，需含英文大小寫及數字；符號限\u00a0$@!%*?&"}
        autoComplete="new-password"
        required
      />
      <TextField
        meta={confirmation}
        type="password"
        label={`確認${label}`}
        hint={`再輸入一次${label}`}
        autoComplete="new-password"
        required
      />
    </>
  );
}

type RadioGroupFieldProps = Omit<FieldProps, "label"> & {
  /** The group's name, read out before each choice. */
  legend: ReactNode;
  options: readonly (SelectOption & { description?: ReactNode })[];
  /**
   * Choices side by side: three for a list of three (donation frequency) from the md breakpoint,
   * one under another from lg to xl, where the form shares the page with a summary beside it and
   * three in a row would wrap each description over three lines.
   */
  columns?: 2 | 3;
};

/**
 * One choice among a few, each visible at once (a receipt's kind): native radio buttons in a
 * fieldset, so arrow keys move between them and the form works without JavaScript. Each choice is
 * a bordered card whose whole surface is the touch target.
 */
export function RadioGroupField({
  meta,
  legend,
  hint,
  required,
  className,
  options,
  columns = 2,
}: RadioGroupFieldProps) {
  const autoFocus = useAutoFocus(meta.name);
  return (
    <fieldset className={["grid gap-3", className].filter(Boolean).join(" ")}>
      <legend className={`${labelStyle} mb-3`}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      <Hint meta={meta} hint={hint} />
      <div
        className={`grid gap-3 ${columns === 3 ? "md:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3" : "sm:grid-cols-2"}`}
      >
        {options.map((option, index) => {
          const { key, id, ...props } = getInputProps(meta, {
            type: "radio",
            value: option.value,
            ariaDescribedBy: hintId(meta, hint),
          });
          const optionId = `${id}-${option.value}`;
          return (
            <label key={option.value} htmlFor={optionId} className={choiceCard}>
              <input
                key={key}
                {...props}
                id={optionId}
                autoFocus={autoFocus && index === 0}
                aria-required={required || undefined}
                className={`${choiceInput} scroll-mt-24 scroll-mb-8`}
              />
              <span className="grid gap-0.5">
                <span className="text-[0.9375rem] leading-6 text-ink">{option.label}</span>
                {option.description && (
                  <span className="text-sm leading-6 text-pretty text-muted">{option.description}</span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError meta={meta} />
    </fieldset>
  );
}
