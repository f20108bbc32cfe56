import { Switch as BaseSwitch } from "@base-ui/react/switch";
import type { ReactNode } from "react";

export type SwitchProps = {
  /** Always-visible label; clicking it toggles the switch too. */
  label: ReactNode;
  /** Posts `value` under this name while on (nothing while off), like a checkbox. */
  name?: string;
  value?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  "aria-describedby"?: string;
  id?: string;
  className?: string;
};

// SPEC §4: a switch toggles by click or Enter unless disabled. Base UI's switch is a `role="switch"`
// element that already activates on Enter (keydown) and Space (keyup), like a native button, and
// ignores both while disabled; the browser tests hold it to that.
export function Switch({
  label,
  invalid,
  "aria-describedby": describedBy,
  className,
  onCheckedChange,
  ...props
}: SwitchProps) {
  return (
    <label
      className={[
        "inline-flex min-h-11 cursor-pointer items-center gap-3 text-[0.9375rem] text-ink select-none",
        "has-data-disabled:cursor-not-allowed has-data-disabled:text-muted",
        className,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      <BaseSwitch.Root
        {...props}
        onCheckedChange={onCheckedChange ? (checked) => onCheckedChange(checked) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={[
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-ink-soft bg-paper-deep p-0.5",
          "transition-colors duration-150",
          "data-checked:border-primary data-checked:bg-primary",
          "focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-primary",
          "aria-invalid:border-primary-deep",
          "data-disabled:opacity-45",
        ].join(" ")}
      >
        <BaseSwitch.Thumb className="size-4.5 rounded-full border border-ink-soft bg-paper shadow-sm transition-transform duration-150 data-checked:translate-x-5 data-checked:border-paper" />
      </BaseSwitch.Root>
      <span>{label}</span>
    </label>
  );
}
