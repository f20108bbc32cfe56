import { useId, useSyncExternalStore, type ReactNode } from "react";
import { NumberField } from "../ui/number-field.tsx";

const subscribeNever = () => () => {};
/** False while the server renders and the page hydrates, true once React runs in the browser. */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

export type QuantityFieldProps = {
  label: ReactNode;
  name: string;
  /** The most that may be bought (min of stock and max_quantity); at least 1. */
  max: number;
  value: number;
  onValueChange: (value: number) => void;
  disabled?: boolean;
  /** Typed quantities past `max` are reported as typed (see NumberField). */
  allowOutOfRange?: boolean;
  className?: string;
  /** The id of the text that says the limit. */
  "aria-describedby"?: string;
  /** What is counted, for the buttons' names where a page lists several (the cart). */
  itemName?: string;
};

/**
 * How many to buy, from 1 to `max`. In the browser it is the shared NumberField (SPEC §9: steppers,
 * page keys, hold-to-repeat); the server renders a native number input in its place, so the form
 * posts the typed quantity without JavaScript too.
 */
export function QuantityField({
  label,
  name,
  max,
  value,
  onValueChange,
  disabled,
  allowOutOfRange,
  className,
  "aria-describedby": describedBy,
  itemName,
}: QuantityFieldProps) {
  const hydrated = useHydrated();
  const id = useId();
  if (hydrated) {
    return (
      <NumberField
        label={label}
        name={name}
        min={1}
        max={Math.max(1, max)}
        value={value}
        onValueChange={(next) => onValueChange(next ?? 1)}
        disabled={disabled}
        allowOutOfRange={allowOutOfRange}
        className={className}
        aria-describedby={describedBy}
        decrementLabel={itemName ? `減少「${itemName}」的數量` : undefined}
        incrementLabel={itemName ? `增加「${itemName}」的數量` : undefined}
      />
    );
  }
  return (
    <div className={["flex flex-col gap-2", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="text-sm font-medium tracking-[0.06em] text-ink">
        {label}
      </label>
      <input
        id={id}
        type="number"
        name={name}
        min={1}
        max={Math.max(1, max)}
        step={1}
        defaultValue={value}
        disabled={disabled}
        inputMode="numeric"
        aria-describedby={describedBy}
        className="h-11 w-32 border border-rule bg-paper px-3 text-center text-base text-ink tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      />
    </div>
  );
}
