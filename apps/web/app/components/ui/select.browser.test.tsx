import { Component } from "react";
import type { ReactNode } from "react";
import { describe, expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { Select } from "./select";

const teas = [
  { value: "green", label: "Green 綠茶" },
  { value: "oolong", label: "Oolong 烏龍" },
  { value: "black", label: "Black 紅茶" },
  { value: "gaba", label: "Gaba 佳葉龍" },
  { value: "white", label: "White 白茶", disabled: true },
];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Select", () => {
  test("is named by its visible label and shows the placeholder until something is chosen", async () => {
    const screen = await render(<Select label="茶種" items={teas} />);
    await expect.element(screen.getByText("茶種")).toBeVisible();
    await expect.element(screen.getByRole("combobox", { name: "茶種" })).toHaveTextContent("請選擇");
  });

  test("can be named by a label elsewhere on the page, and describes its error", async () => {
    const screen = await render(
      <>
        <h2 id="tea-heading">想喝的茶</h2>
        <Select aria-labelledby="tea-heading" items={teas} invalid aria-describedby="tea-error" />
        <p id="tea-error">此項為必填</p>
      </>,
    );
    const trigger = screen.getByRole("combobox", { name: "想喝的茶" });
    await expect.element(trigger).toBeInvalid();
    await expect.element(trigger).toHaveAccessibleDescription("此項為必填");
  });

  test("opens by click, chooses an item by click, and closes", async () => {
    const onValueChange = vi.fn();
    const screen = await render(<Select label="茶種" items={teas} onValueChange={onValueChange} />);
    const trigger = screen.getByRole("combobox", { name: "茶種" });
    await trigger.click();
    await expect.element(page.getByRole("listbox")).toBeVisible();
    await page.getByRole("option", { name: "Black 紅茶" }).click();
    await expect.element(page.getByRole("listbox")).not.toBeInTheDocument();
    await expect.element(trigger).toHaveTextContent("Black 紅茶");
    expect(onValueChange).toHaveBeenCalledWith("black");
  });

  test("opens from the keyboard and chooses with the arrow keys and Enter", async () => {
    const screen = await render(<Select label="茶種" items={teas} defaultValue="green" />);
    const trigger = screen.getByRole("combobox", { name: "茶種" });
    await userEvent.tab();
    await expect.element(trigger).toHaveFocus();

    await userEvent.keyboard("{ArrowDown}");
    await expect.element(page.getByRole("option", { name: "Green 綠茶" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    await expect.element(page.getByRole("option", { name: "Black 紅茶" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect.element(page.getByRole("listbox")).not.toBeInTheDocument();
    await expect.element(trigger).toHaveTextContent("Black 紅茶");
    await expect.element(trigger).toHaveFocus();

    await userEvent.keyboard("{Enter}");
    await expect.element(page.getByRole("option", { name: "Black 紅茶" })).toHaveFocus();
    await userEvent.keyboard("{ArrowUp}{Enter}");
    await expect.element(trigger).toHaveTextContent("Oolong 烏龍");

    await userEvent.keyboard(" ");
    await expect.element(page.getByRole("listbox")).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await expect.element(page.getByRole("listbox")).not.toBeInTheDocument();
    await expect.element(trigger).toHaveTextContent("Oolong 烏龍");
  });

  test("typeahead on the closed trigger chooses the next match; a repeated letter cycles", async () => {
    const screen = await render(<Select label="茶種" items={teas} />);
    const trigger = screen.getByRole("combobox", { name: "茶種" });
    await userEvent.tab();
    await userEvent.keyboard("g");
    await expect.element(trigger).toHaveTextContent("Green 綠茶");
    await userEvent.keyboard("g");
    await expect.element(trigger).toHaveTextContent("Gaba 佳葉龍");
    await userEvent.keyboard("g");
    await expect.element(trigger).toHaveTextContent("Green 綠茶");
    await expect.element(page.getByRole("listbox")).not.toBeInTheDocument();
  });

  test("typeahead matches the whole typed prefix", async () => {
    const screen = await render(<Select label="茶種" items={teas} />);
    await userEvent.tab();
    await userEvent.keyboard("ga");
    await expect.element(screen.getByRole("combobox", { name: "茶種" })).toHaveTextContent("Gaba 佳葉龍");
  });

  test("typeahead skips disabled items", async () => {
    const screen = await render(<Select label="茶種" items={teas} />);
    await userEvent.tab();
    await userEvent.keyboard("w");
    await expect.element(screen.getByRole("combobox", { name: "茶種" })).toHaveTextContent("請選擇");
  });

  test("typeahead in the open list highlights the match, and Enter chooses it", async () => {
    const screen = await render(<Select label="茶種" items={teas} defaultValue="green" />);
    const trigger = screen.getByRole("combobox", { name: "茶種" });
    await userEvent.tab();
    await userEvent.keyboard("{Enter}");
    await userEvent.keyboard("bl");
    await expect.element(page.getByRole("option", { name: "Black 紅茶" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect.element(trigger).toHaveTextContent("Black 紅茶");
  });

  test("a Space typed inside a search is part of it, instead of opening or choosing", async () => {
    const names = [
      { value: "green", label: "Green 綠茶" },
      { value: "green-tea-latte", label: "Green tea latte 抹茶拿鐵" },
      { value: "black", label: "Black 紅茶" },
    ];
    const screen = await render(<Select label="飲品" items={names} defaultValue="black" />);
    const trigger = screen.getByRole("combobox", { name: "飲品" });
    await userEvent.tab();
    await userEvent.keyboard("green t");
    await expect.element(trigger).toHaveTextContent("Green tea latte 抹茶拿鐵");
    await expect.element(page.getByRole("listbox")).not.toBeInTheDocument();

    await userEvent.keyboard("{ArrowDown}");
    await userEvent.keyboard("green ");
    await expect.element(page.getByRole("option", { name: "Green 綠茶" })).toHaveFocus();
    await expect.element(page.getByRole("listbox")).toBeVisible();
    await expect.element(trigger).toHaveTextContent("Green tea latte 抹茶拿鐵");
  });

  test("typeahead keeps typed letters together for 1000 ms, then starts a new search", async () => {
    const screen = await render(<Select label="茶種" items={teas} />);
    const trigger = screen.getByRole("combobox", { name: "茶種" });
    await userEvent.tab();
    // Keystrokes are not timed by the test runner, so the 1000 ms window is stepped exactly.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await userEvent.keyboard("g");
      await expect.element(trigger).toHaveTextContent("Green 綠茶");
      vi.advanceTimersByTime(999);
      // Still one search: "ga" finds Gaba (after Base UI's 750 ms, "a" alone would find nothing).
      await userEvent.keyboard("a");
      await expect.element(trigger).toHaveTextContent("Gaba 佳葉龍");
      vi.advanceTimersByTime(1000);
      // A new search: "g" moves on from Gaba to Green (a kept "gag" would match nothing).
      await userEvent.keyboard("g");
      await expect.element(trigger).toHaveTextContent("Green 綠茶");
    } finally {
      vi.useRealTimers();
    }
  });

  test("posts its value with a plain form through a named hidden input", async () => {
    const screen = await render(
      <form aria-label="訂購">
        <Select label="茶種" name="tea" items={teas} defaultValue="oolong" />
      </form>,
    );
    const form = screen.getByRole("form", { name: "訂購" }).element() as HTMLFormElement;
    expect(new FormData(form).get("tea")).toBe("oolong");
    await screen.getByRole("combobox", { name: "茶種" }).click();
    await page.getByRole("option", { name: "Gaba 佳葉龍" }).click();
    await expect.poll(() => new FormData(form).get("tea")).toBe("gaba");
  });

  test("follows a controlled value", async () => {
    const screen = await render(<Select label="茶種" items={teas} value="black" />);
    const trigger = screen.getByRole("combobox", { name: "茶種" });
    await expect.element(trigger).toHaveTextContent("Black 紅茶");
    await screen.rerender(<Select label="茶種" items={teas} value="gaba" />);
    await expect.element(trigger).toHaveTextContent("Gaba 佳葉龍");
  });

  test("does nothing while disabled", async () => {
    const screen = await render(<Select label="茶種" items={teas} disabled />);
    const trigger = screen.getByRole("combobox", { name: "茶種" });
    await trigger.click({ force: true });
    await expect.element(page.getByRole("listbox")).not.toBeInTheDocument();
    await expect.element(trigger).toHaveTextContent("請選擇");
  });

  test("an item with an empty-string value is a programming error", async () => {
    // React reports the error it hands to the boundary through console.error.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const screen = await render(
      <Boundary>
        <Select label="茶種" name="tea" items={[{ value: "", label: "不限" }, ...teas]} />
      </Boundary>,
    );
    await expect
      .element(screen.getByRole("alert"))
      .toMatchTextContent(/^Select "tea": the item "不限" has an empty-string value\./);
  });

  test("a release within 10 px of the opening press neither chooses nor closes", async () => {
    const screen = await render(<Select label="茶種" items={teas} defaultValue="green" />);
    const trigger = screen.getByRole("combobox", { name: "茶種" });
    const box = trigger.element().getBoundingClientRect();
    const press = { x: box.left + 40, y: box.bottom - 3 };

    await userEvent.pointer({ coords: press, keys: "[MouseLeft>]" });
    await expect.element(page.getByRole("listbox")).toBeVisible();
    // Hold past Base UI's own 400 ms guard, after which it would choose or close on release.
    await wait(500);
    await userEvent.pointer({ coords: { x: press.x + 6, y: press.y + 9 } });
    await userEvent.pointer("[/MouseLeft]");
    await wait(100);
    await expect.element(page.getByRole("listbox")).toBeVisible();
    await expect.element(trigger).toHaveTextContent("Green 綠茶");

    // A release further away is a choice as usual.
    await page.getByRole("option", { name: "Black 紅茶" }).click();
    await expect.element(trigger).toHaveTextContent("Black 紅茶");
  });

  test("a press that is dragged further than 10 px chooses where it is released", async () => {
    const screen = await render(<Select label="茶種" items={teas} defaultValue="green" />);
    const trigger = screen.getByRole("combobox", { name: "茶種" });
    const box = trigger.element().getBoundingClientRect();
    await userEvent.pointer({ coords: { x: box.left + 40, y: box.bottom - 3 }, keys: "[MouseLeft>]" });
    const option = page.getByRole("option", { name: "Black 紅茶" });
    await expect.element(option).toBeVisible();
    await wait(500);
    const target = option.element().getBoundingClientRect();
    await userEvent.pointer({ coords: { x: target.left + 40, y: target.top + target.height / 2 } });
    await userEvent.pointer("[/MouseLeft]");
    await expect.element(page.getByRole("listbox")).not.toBeInTheDocument();
    await expect.element(trigger).toHaveTextContent("Black 紅茶");
  });

  test("the scroll arrows move the list one item every 50 ms while hovered, and stop when left", async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({
      value: `v${index}`,
      label: `產地 ${index + 1}`,
    }));
    const screen = await render(<Select label="產地" items={many} />);
    await screen.getByRole("combobox", { name: "產地" }).click();
    const list = page.getByRole("listbox").element() as HTMLElement;
    // The arrows are decorative (aria-hidden) pointer aids, so they are found by Base UI's attribute.
    const downArrow = page.elementLocator(
      await vi.waitUntil(() => document.querySelector<HTMLElement>('[data-direction="down"]')),
    );

    const step = (page.getByRole("option", { name: "產地 1", exact: true }).element() as HTMLElement)
      .offsetHeight;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    try {
      // While the runner moves the pointer it steps fake time in 50 ms ticks, so the list may
      // already have moved; what follows is counted from a tick.
      await userEvent.hover(downArrow);
      const start = list.scrollTop;
      vi.advanceTimersByTime(49);
      expect(list.scrollTop).toBe(start);
      vi.advanceTimersByTime(1);
      expect(list.scrollTop).toBe(start + step);
      vi.advanceTimersByTime(200);
      expect(list.scrollTop).toBe(start + 5 * step);

      await userEvent.unhover(downArrow);
      const stoppedAt = list.scrollTop;
      vi.advanceTimersByTime(500);
      expect(list.scrollTop).toBe(stoppedAt);
    } finally {
      vi.useRealTimers();
    }
  });
});

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}
