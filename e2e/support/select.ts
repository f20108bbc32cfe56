import { expect, type Locator } from "@playwright/test";

/**
 * Chooses `name` in the site's Select (a button and a list box) as a mouse does: opens the list and
 * clicks the option, until the button shows it. The list drops a press that did not begin on the
 * option, which a click can do while the list is still opening on a busy machine; a reader would
 * click again, and so does this. A list that never takes the click still fails, in 15 s.
 */
export async function chooseOption(combobox: Locator, name: string) {
  const page = combobox.page();
  await expect(async () => {
    if ((await combobox.getAttribute("aria-expanded")) !== "true") await combobox.click({ timeout: 2_000 });
    await page.getByRole("option", { name, exact: true }).click({ timeout: 2_000 });
    await expect(combobox).toContainText(name, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
