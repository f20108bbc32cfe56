import { memberAddressSchema } from "@shiyi/contracts";
import { parseWithZod } from "@conform-to/zod/v4";
import { createRoutesStub, useActionData } from "react-router";
import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { z } from "zod";
import { SchemaForm, SubmitButton, useSchemaForm } from "./schema-form.tsx";
import { TaiwanAddressFields } from "./taiwan-address-fields.tsx";

const schema = z.object({ address: memberAddressSchema });

/** A form with an address, whose action answers with what it was sent. */
async function renderAddressForm(defaultValue?: Record<string, string>) {
  function Profile() {
    const sent = useActionData<{ address: unknown }>();
    const { form, fields } = useSchemaForm(schema, {
      id: "profile",
      defaultValue: { address: defaultValue },
    });
    return (
      <SchemaForm form={form}>
        <TaiwanAddressFields form={form} fields={fields.address.getFieldset()} />
        <SubmitButton>儲存</SubmitButton>
        {sent && <output>{JSON.stringify(sent.address)}</output>}
      </SchemaForm>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/member",
      Component: Profile,
      action: async ({ request }) => {
        const submission = parseWithZod(await request.formData(), { schema });
        return { address: submission.status === "success" ? submission.value.address : submission.error };
      },
    },
  ]);
  await render(<Stub initialEntries={["/member"]} />);
}

const county = () => page.getByRole("combobox", { name: "縣市" });
const district = () => page.getByRole("combobox", { name: "鄉鎮市區" });
const zip = () => page.getByRole("textbox", { name: "郵遞區號" });

async function choose(combobox: ReturnType<typeof county>, option: string) {
  await combobox.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a district is chosen from its 縣市's list, and fills in the postcode", async () => {
  await renderAddressForm();
  // No 縣市 yet: nothing to choose a district from.
  await expect.element(district()).toBeDisabled();
  await choose(county(), "臺中市");
  await expect.element(district()).toBeEnabled();
  await district().click();
  await expect.element(page.getByRole("option", { name: "大安區", exact: true })).toBeVisible();
  await expect.element(page.getByRole("option", { name: "中正區", exact: true })).not.toBeInTheDocument();
  await page.getByRole("option", { name: "大安區", exact: true }).click();
  await expect.element(zip()).toHaveValue("439");

  await page.getByRole("textbox", { name: "詳細地址" }).fill("大安港路 1 號");
  await page.getByRole("button", { name: "儲存" }).click();
  await expect
    .element(page.getByRole("status").or(page.getByText(/"zip"/)))
    .toHaveTextContent('{"zip":"439","city":"臺中市","dist":"大安區","addr":"大安港路 1 號"}');
});

test("another 縣市 clears a district it does not have, and keeps one it has", async () => {
  await renderAddressForm({ zip: "106", city: "臺北市", dist: "大安區", addr: "復興南路一段" });
  await expect.element(district()).toHaveTextContent("大安區");
  await choose(county(), "臺中市");
  // 臺中市 has a 大安區 too, with a postcode of its own.
  await expect.element(district()).toHaveTextContent("大安區");
  await expect.element(zip()).toHaveValue("439");
  await choose(county(), "新北市");
  await expect.element(district()).toHaveTextContent("請選擇鄉鎮市區");
  await expect.element(zip()).toHaveValue("");
});

test("a postcode typed first chooses its 縣市 and district; one its districts share, the 縣市 alone", async () => {
  await renderAddressForm();
  await zip().fill("300");
  // 300 is shared by 新竹市's three districts: it chooses the 縣市, and the district is left to choose.
  await expect.element(county()).toHaveTextContent("新竹市");
  await expect.element(district()).toHaveTextContent("請選擇鄉鎮市區");
  // Chosen by a postcode, the place follows the postcode as it is corrected.
  await zip().fill("10617");
  await expect.element(county()).toHaveTextContent("臺北市");
  await expect.element(district()).toHaveTextContent("大安區");
  // A 5-digit postcode of the district stays as typed when the district is chosen again.
  await choose(district(), "大安區");
  await expect.element(zip()).toHaveValue("10617");
});

test("a postcode never moves a place chosen by hand: the slip is named, and the choice stays", async () => {
  await page.viewport(1024, 800);
  await renderAddressForm();
  await choose(county(), "新北市");
  await choose(district(), "板橋區");
  await expect.element(zip()).toHaveValue("220");
  // One digit off names another real place (100 is 臺北市中正區).
  await zip().fill("100");
  await expect.element(zip()).toHaveAccessibleDescription(/郵遞區號與鄉鎮市區不符/);
  // Side by side, the message under the narrow postcode pushes neither list down.
  const top = (element: Element) => Math.round(element.getBoundingClientRect().top);
  expect(top(county().element())).toBe(top(zip().element()));
  expect(top(district().element())).toBe(top(zip().element()));
  await expect.element(county()).toHaveTextContent("新北市");
  await expect.element(district()).toHaveTextContent("板橋區");
  await zip().fill("220");
  await expect.element(zip()).not.toHaveAccessibleDescription(/不符/);
});

test("with the 縣市 alone chosen, a postcode of it fills in the district and corrects it; another 縣市's moves nothing", async () => {
  await renderAddressForm({ city: "臺中市" });
  await zip().fill("106");
  await expect.element(county()).toHaveTextContent("臺中市");
  await expect.element(district()).toHaveTextContent("請選擇鄉鎮市區");
  await zip().fill("439");
  await expect.element(district()).toHaveTextContent("大安區");

  // The district it filled in follows the postcode as it is corrected; the 縣市 chosen by hand stays.
  await zip().fill("433");
  await expect.element(district()).toHaveTextContent("沙鹿區");
  await zip().fill("106");
  await expect.element(county()).toHaveTextContent("臺中市");
  await expect.element(district()).toHaveTextContent("請選擇鄉鎮市區");
  await zip().fill("439");
  await expect.element(district()).toHaveTextContent("大安區");
  // Chosen by hand, the district stays again.
  await choose(district(), "清水區");
  await zip().fill("433");
  await expect.element(district()).toHaveTextContent("清水區");
});
