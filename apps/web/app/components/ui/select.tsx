import { Select as BaseSelect } from "@base-ui/react/select";
import type { BaseUIEvent } from "@base-ui/react/types";
import { useEffect, useMemo, useRef, useState } from "react";
import type { KeyboardEvent, PointerEvent, ReactNode, RefObject, SyntheticEvent } from "react";
import { Icon } from "./icon";

// SPEC §9: Select collision padding 10 px, click tolerance 10 px, scroll buttons every 50 ms,
// typeahead reset 1000 ms.
const COLLISION_PADDING = 10;
const CLICK_TOLERANCE = 10;
const SCROLL_INTERVAL = 50;
const TYPEAHEAD_RESET = 1000;

export type SelectItem = { value: string; label: string; disabled?: boolean };

type SelectBaseProps = {
  items: readonly SelectItem[];
  /** Posts the chosen value under this name through a hidden input, so a plain form carries it. */
  name?: string;
  id?: string;
  value?: string | null;
  defaultValue?: string | null;
  onValueChange?: (value: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  "aria-describedby"?: string;
  className?: string;
};

/** A visible `label`, or the id of a visible label elsewhere on the page. */
export type SelectProps = SelectBaseProps &
  ({ label: ReactNode; "aria-labelledby"?: never } | { label?: never; "aria-labelledby": string });

export function Select({
  items,
  name,
  id,
  value,
  defaultValue = null,
  onValueChange,
  placeholder = "請選擇",
  disabled,
  required,
  invalid,
  "aria-describedby": describedBy,
  className,
  ...labelling
}: SelectProps) {
  const blank = items.find((item) => item.value === "");
  if (blank) {
    // SPEC §5: an empty string cannot be told apart from "nothing chosen" once the form posts.
    throw new Error(
      `Select${name ? ` "${name}"` : ""}: the item "${blank.label}" has an empty-string value. ` +
        "Give every item a non-empty value; use the placeholder for “nothing chosen”.",
    );
  }

  // Controlled inside, because the closed-trigger typeahead below chooses values itself.
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const current = value === undefined ? uncontrolled : value;
  const commit = (next: string | null) => {
    if (value === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const typeahead = useTypeahead();

  // Base UI's typeahead forgets what was typed after 750 ms and cannot be configured, so it is
  // replaced by ours (SPEC: 1000 ms). Closed, a match is chosen; open, it is highlighted (focused).
  const onTypeahead = (event: BaseUIEvent<KeyboardEvent<HTMLElement>>) => {
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    // Space belongs to the search only while one is under way; otherwise it opens or chooses.
    if (event.key === " " && !typeahead.active()) return;
    event.preventBaseUIHandler();
    if (event.key === " ") event.preventDefault();
    const labels = items.map((item) => (item.disabled ? null : item.label));
    const selectedIndex = items.findIndex((item) => item.value === current);
    if (open) {
      const options = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);
      const focused = options.indexOf(event.currentTarget.ownerDocument.activeElement as HTMLElement);
      const index = typeahead.next(event.key, labels, focused === -1 ? selectedIndex : focused);
      if (index !== -1) options[index]?.focus();
    } else {
      const index = typeahead.next(event.key, labels, selectedIndex);
      const match = items[index];
      if (match) commit(match.value);
    }
  };

  // Click tolerance. Opening on mousedown can put the popup under the pointer (Base UI aligns the
  // selected item with the trigger). Base UI ignores a release for 400 ms, then a release on an item
  // chooses it and one elsewhere closes the popup. Here a release within 10 px of where the opening
  // press went down does neither, however long the press: it is stopped before Base UI sees it.
  const armClickTolerance = (event: PointerEvent<HTMLButtonElement>) => {
    if (open || disabled || event.pointerType !== "mouse" || event.button !== 0) return;
    const origin = { x: event.clientX, y: event.clientY };
    const view = event.currentTarget.ownerDocument.defaultView ?? window;
    view.addEventListener(
      "mouseup",
      (release) => {
        const onTrigger = release.target instanceof Node && triggerRef.current?.contains(release.target);
        const near =
          Math.abs(release.clientX - origin.x) <= CLICK_TOLERANCE &&
          Math.abs(release.clientY - origin.y) <= CLICK_TOLERANCE;
        if (near && !onTrigger) release.stopPropagation();
      },
      { capture: true, once: true },
    );
  };

  return (
    <div className={["flex flex-col gap-2", className].filter(Boolean).join(" ")}>
      <BaseSelect.Root
        items={items}
        name={name}
        id={id}
        value={current}
        onValueChange={(next) => commit(next)}
        open={open}
        onOpenChange={(next) => {
          typeahead.clear();
          setOpen(next);
        }}
        disabled={disabled}
        required={required}
      >
        {"label" in labelling && labelling.label !== undefined && (
          <BaseSelect.Label className="text-sm font-medium tracking-[0.06em] text-ink">
            {labelling.label}
          </BaseSelect.Label>
        )}
        <BaseSelect.Trigger
          ref={triggerRef}
          // Passed only when set: an explicit undefined would replace the Select.Label association.
          {...(labelling["aria-labelledby"] ? { "aria-labelledby": labelling["aria-labelledby"] } : {})}
          {...(describedBy ? { "aria-describedby": describedBy } : {})}
          {...(invalid ? { "aria-invalid": true } : {})}
          onKeyDown={onTypeahead}
          onPointerDown={armClickTolerance}
          className={[
            "flex min-h-11 w-full min-w-0 items-center justify-between gap-3 border border-field bg-paper px-3",
            "text-left text-[0.9375rem] text-ink transition-colors select-none",
            "hover:border-ink-soft data-popup-open:border-ink",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
            "aria-invalid:border-primary-deep data-disabled:cursor-not-allowed data-disabled:opacity-50",
          ].join(" ")}
        >
          <BaseSelect.Value placeholder={placeholder} className="truncate data-placeholder:text-muted" />
          <BaseSelect.Icon className="flex text-muted">
            <Icon name="chevron-down" size="md" />
          </BaseSelect.Icon>
        </BaseSelect.Trigger>
        <BaseSelect.Portal>
          <BaseSelect.Positioner
            collisionPadding={COLLISION_PADDING}
            sideOffset={4}
            className="z-50 outline-none select-none"
          >
            <BaseSelect.Popup
              onKeyDown={onTypeahead}
              className={[
                "group min-w-[var(--anchor-width)] origin-[var(--transform-origin)] border border-rule bg-paper",
                "text-ink shadow-[0_0.5rem_1.5rem_-0.75rem_rgb(29_27_24/0.35)] outline-none",
                "transition-[scale,opacity] duration-100 ease-out",
                "data-starting-style:scale-98 data-starting-style:opacity-0",
                "data-ending-style:scale-98 data-ending-style:opacity-0",
                "data-[side=none]:min-w-[calc(var(--anchor-width)+1.5rem)]",
                "data-[side=none]:data-starting-style:scale-100 data-[side=none]:data-starting-style:opacity-100",
                "data-[side=none]:data-starting-style:transition-none data-[side=none]:data-ending-style:transition-none",
              ].join(" ")}
            >
              <ScrollArrow direction="up" listRef={listRef} />
              <BaseSelect.List
                ref={listRef}
                className="relative max-h-[var(--available-height)] scroll-py-6 overflow-y-auto py-1"
              >
                {items.map((item) => (
                  <BaseSelect.Item
                    key={item.value}
                    value={item.value}
                    label={item.label}
                    disabled={item.disabled}
                    // While a search is under way a Space is part of it, not a choice.
                    onKeyDown={(event) => {
                      if (event.key === " " && typeahead.active()) event.preventDefault();
                    }}
                    className={[
                      "grid min-h-11 cursor-default grid-cols-[1rem_1fr] items-center gap-2 py-2 pr-5 pl-3",
                      "text-[0.9375rem] outline-none select-none md:min-h-9",
                      "data-highlighted:bg-paper-deep data-highlighted:text-primary data-selected:font-medium",
                      "data-disabled:text-muted data-disabled:opacity-60",
                    ].join(" ")}
                  >
                    <BaseSelect.ItemIndicator className="col-start-1 flex text-primary">
                      <Icon name="check" size="md" />
                    </BaseSelect.ItemIndicator>
                    <BaseSelect.ItemText className="col-start-2">{item.label}</BaseSelect.ItemText>
                  </BaseSelect.Item>
                ))}
              </BaseSelect.List>
              <ScrollArrow direction="down" listRef={listRef} />
            </BaseSelect.Popup>
          </BaseSelect.Positioner>
        </BaseSelect.Portal>
      </BaseSelect.Root>
    </div>
  );
}

// Base UI's scroll arrows move every 40 ms and only on hover; these move every 50 ms while hovered
// or pressed (SPEC §9). Base UI still decides when an arrow shows (only while there is more to see).
function ScrollArrow({
  direction,
  listRef,
}: {
  direction: "up" | "down";
  listRef: RefObject<HTMLDivElement | null>;
}) {
  const Arrow = direction === "up" ? BaseSelect.ScrollUpArrow : BaseSelect.ScrollDownArrow;
  const timer = useRef<number | undefined>(undefined);
  const stop = () => {
    window.clearInterval(timer.current);
    timer.current = undefined;
  };
  useEffect(() => stop, []);
  const start = (event: BaseUIEvent<SyntheticEvent>) => {
    event.preventBaseUIHandler();
    if (timer.current !== undefined) return;
    timer.current = window.setInterval(() => {
      const list = listRef.current;
      if (!list) return stop();
      const before = list.scrollTop;
      const itemHeight = list.querySelector<HTMLElement>('[role="option"]')?.offsetHeight ?? 36;
      list.scrollTop += direction === "up" ? -itemHeight : itemHeight;
      if (list.scrollTop === before) stop();
    }, SCROLL_INTERVAL);
  };
  return (
    <Arrow
      onMouseMove={start}
      onPointerDown={start}
      onMouseLeave={stop}
      className={[
        "left-0 z-[1] flex h-6 w-full cursor-default items-center justify-center bg-paper text-muted",
        "before:absolute before:left-0 before:h-full before:w-full before:content-['']",
        direction === "up"
          ? "top-0 data-[side=none]:before:top-[-100%]"
          : "bottom-0 data-[side=none]:before:bottom-[-100%]",
      ].join(" ")}
    >
      <Icon name={direction === "up" ? "chevron-up" : "chevron-down"} size="sm" />
    </Arrow>
  );
}

// Matching as in the WAI-ARIA listbox pattern: typed characters build a search that starts at the
// current item; repeating one character cycles through the items that start with it. Disabled
// items (null labels) are skipped. The search is forgotten 1000 ms after the last key.
function useTypeahead() {
  const session = useRef({ search: "", timer: 0 });
  useEffect(() => () => window.clearTimeout(session.current.timer), []);
  return useMemo(
    () => ({
      active: () => session.current.search !== "",
      clear() {
        window.clearTimeout(session.current.timer);
        session.current.search = "";
      },
      /** Adds a key to the search; returns the index of the item to move to, or -1. */
      next(key: string, labels: readonly (string | null)[], currentIndex: number): number {
        const state = session.current;
        state.search += key.toLowerCase();
        window.clearTimeout(state.timer);
        state.timer = window.setTimeout(() => (state.search = ""), TYPEAHEAD_RESET);
        const chars = Array.from(state.search);
        const search = chars.every((char) => char === chars[0]) ? chars[0]! : state.search;
        // A single character moves on from the current item; a longer search may stay on it.
        const from = search.length === 1 ? currentIndex + 1 : Math.max(currentIndex, 0);
        for (let offset = 0; offset < labels.length; offset += 1) {
          const index = (from + offset) % labels.length;
          if (labels[index]?.toLowerCase().startsWith(search)) return index === currentIndex ? -1 : index;
        }
        return -1;
      },
    }),
    [],
  );
}
