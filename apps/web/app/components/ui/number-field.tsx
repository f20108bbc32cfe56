import { NumberField as BaseNumberField } from "@base-ui/react/number-field";
import { useId, useState } from "react";
import type { ReactNode } from "react";
import { Icon } from "./icon";

export type NumberFieldProps = {
  /** Always-visible label, tied to the input. */
  label: ReactNode;
  /** Posts the number under this name (a hidden input Base UI keeps in step). */
  name?: string;
  id?: string;
  min?: number;
  max?: number;
  /** SPEC §9: step 1. */
  step?: number;
  value?: number | null;
  defaultValue?: number | null;
  onValueChange?: (value: number | null) => void;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  "aria-describedby"?: string;
  /**
   * Typed numbers past min or max reach `onValueChange` as typed, for a caller that lowers them
   * itself and says why; the buttons and keys still stop at the bounds.
   */
  allowOutOfRange?: boolean;
  /** The buttons' names, where the page holds several fields (「增加「茶與餐桌」的數量」). */
  decrementLabel?: string;
  incrementLabel?: string;
  className?: string;
};

// SPEC §9: PageUp/PageDown move 10 steps. Base UI's hold-to-repeat on the buttons already waits
// 400 ms and then repeats every 60 ms, as the spec asks, so it is left at its defaults.
const PAGE_STEPS = 10;

const stepperClass =
  "flex size-11 shrink-0 items-center justify-center text-ink-soft transition-colors " +
  "enabled:hover:bg-paper-deep enabled:hover:text-primary disabled:text-rule " +
  "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary";

export function NumberField({
  label,
  id,
  min,
  max,
  step = 1,
  value,
  defaultValue = null,
  onValueChange,
  invalid,
  "aria-describedby": describedBy,
  decrementLabel = "減少",
  incrementLabel = "增加",
  className,
  ...props
}: NumberFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  // Controlled inside so a typed value can be snapped to the step when the field is left.
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const current = value === undefined ? uncontrolled : value;
  const commit = (next: number | null) => {
    if (value === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };

  return (
    <div className={["flex flex-col gap-2", className].filter(Boolean).join(" ")}>
      <label htmlFor={inputId} className="text-sm font-medium tracking-[0.06em] text-ink">
        {label}
      </label>
      <BaseNumberField.Root
        {...props}
        id={inputId}
        min={min}
        max={max}
        step={step}
        largeStep={step * PAGE_STEPS}
        // Base UI clamps while typing and on blur; stepping (arrows, buttons) snaps to the step.
        snapOnStep
        value={current}
        onValueChange={(next) => commit(next)}
      >
        <BaseNumberField.Group
          className={[
            "inline-flex w-fit items-stretch border border-field bg-paper",
            "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2",
            "has-[input:focus-visible]:outline-primary",
            "has-[[aria-invalid]]:border-primary-deep",
            "data-disabled:opacity-50",
          ].join(" ")}
        >
          <BaseNumberField.Decrement
            aria-label={decrementLabel}
            className={`${stepperClass} border-r border-rule`}
          >
            <Icon name="minus" size="md" />
          </BaseNumberField.Decrement>
          <BaseNumberField.Input
            // A text input underneath (Base UI), announced as the spin button it behaves as, with its range,
            // in the screen reader's own words (not Base UI's English role description, "Number field").
            role="spinbutton"
            aria-roledescription={undefined}
            aria-valuemin={min}
            aria-valuemax={max}
            aria-valuenow={current ?? undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onKeyDown={(event) => {
              // Base UI has no page keys: PageUp/PageDown move ten steps from the current value.
              if (event.key !== "PageUp" && event.key !== "PageDown") return;
              event.preventDefault();
              const direction = event.key === "PageUp" ? 1 : -1;
              const from = current ?? min ?? 0;
              commit(snapToStep(from + direction * PAGE_STEPS * step, { min, max, step }));
            }}
            onBlur={() => {
              // Typed values are snapped to the step too (SPEC §5), once the user leaves the field.
              if (current === null) return;
              const snapped = snapToStep(current, { min, max, step });
              if (snapped !== current) commit(snapped);
            }}
            className="h-11 w-20 bg-transparent text-center font-sans text-base text-ink tabular-nums outline-none"
          />
          <BaseNumberField.Increment
            aria-label={incrementLabel}
            className={`${stepperClass} border-l border-rule`}
          >
            <Icon name="plus" size="md" />
          </BaseNumberField.Increment>
        </BaseNumberField.Group>
      </BaseNumberField.Root>
    </div>
  );
}

function snapToStep(value: number, { min, max, step }: { min?: number; max?: number; step: number }): number {
  const base = min ?? 0;
  const snapped = Number((base + Math.round((value - base) / step) * step).toPrecision(12));
  return Math.min(max ?? Infinity, Math.max(min ?? -Infinity, snapped));
}
