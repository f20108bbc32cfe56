import { parseWithZod } from "@conform-to/zod/v4";
import { createRoutesStub, useActionData, useLoaderData, useNavigation } from "react-router";
import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { z } from "zod";
import { TextField } from "./fields.tsx";
import { FormMessage, SchemaForm, SubmitButton, useSchemaForm } from "./schema-form.tsx";

const schema = z.object({ amount: z.string({ error: "此項為必填" }) });

/** A form whose action takes a while to answer (as a donation does while it is recorded) and counts its calls. */
function renderForm() {
  const calls: string[] = [];
  function Donate() {
    const reply = useActionData<{ recorded: number }>();
    const { form, fields } = useSchemaForm(schema, { id: "donate" });
    return (
      <SchemaForm form={form}>
        <TextField meta={fields.amount} label="金額" />
        <FormMessage form={form} />
        <SubmitButton>確認捐款</SubmitButton>
        {reply && <p>已記錄 {reply.recorded} 筆</p>}
      </SchemaForm>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/support-us",
      Component: Donate,
      action: async ({ request }) => {
        const submission = parseWithZod(await request.formData(), { schema });
        if (submission.status === "success") calls.push(submission.value.amount);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { recorded: calls.length };
      },
    },
  ]);
  return { calls, rendered: render(<Stub initialEntries={["/support-us"]} />) };
}

test("a second submit before the first is answered is dropped: one press, one donation", async () => {
  const { calls, rendered } = renderForm();
  await rendered;
  await page.getByLabelText("金額").fill("500");
  const form = document.querySelector("form")!;
  // Two submits in the same moment, before React has rendered the first as under way.
  form.requestSubmit();
  form.requestSubmit();
  await expect.element(page.getByText("已記錄 1 筆")).toBeVisible();
  expect(calls).toEqual(["500"]);

  // Once answered, the form may be sent again.
  form.requestSubmit();
  await expect.element(page.getByText("已記錄 2 筆")).toBeVisible();
  expect(calls).toEqual(["500", "500"]);
});

test("once the first submit is answered, a press while the page's data is read again is sent", async () => {
  const calls: string[] = [];
  function Donate() {
    const { form, fields } = useSchemaForm(schema, { id: "donate" });
    const state = useNavigation().state;
    return (
      <SchemaForm form={form}>
        <TextField meta={fields.amount} label="金額" />
        <SubmitButton>確認捐款</SubmitButton>
        {state === "loading" && <p>讀取中</p>}
        <p>已送出 {useLoaderData<{ calls: number }>().calls} 筆</p>
      </SchemaForm>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/support-us",
      Component: Donate,
      // Read again after each submit, slowly, as a page's data is on a busy server.
      loader: async () => {
        if (calls.length > 0) await new Promise((resolve) => setTimeout(resolve, 400));
        return { calls: calls.length };
      },
      action: async ({ request }) => {
        const submission = parseWithZod(await request.formData(), { schema });
        if (submission.status === "success") calls.push(submission.value.amount);
        return null;
      },
    },
  ]);
  await render(<Stub initialEntries={["/support-us"]} />);
  await page.getByLabelText("金額").fill("500");
  const form = document.querySelector("form")!;
  form.requestSubmit();
  // Answered; the page's data is being read again.
  await expect.element(page.getByText("讀取中")).toBeVisible();
  form.requestSubmit();
  await expect.poll(() => calls).toEqual(["500", "500"]);
  await expect.element(page.getByText("已送出 2 筆")).toBeVisible();
});

test("a form the server refuses as a whole (the last copy sold) takes the focus to its message", async () => {
  function Checkout() {
    const reply = useActionData<{ result: Parameters<typeof useSchemaForm>[1]["lastResult"] }>();
    const { form, fields } = useSchemaForm(schema, { id: "checkout", lastResult: reply?.result });
    return (
      <SchemaForm form={form}>
        <TextField meta={fields.amount} label="數量" />
        <FormMessage form={form} />
        <SubmitButton>送出訂單並付款</SubmitButton>
      </SchemaForm>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/cart/checkout",
      Component: Checkout,
      action: async ({ request }) => {
        const submission = parseWithZod(await request.formData(), { schema });
        return { result: submission.reply({ formErrors: ["「茶與餐桌」庫存不足"] }) };
      },
    },
  ]);
  await render(<Stub initialEntries={["/cart/checkout"]} />);
  await page.getByLabelText("數量").fill("1");
  await page.getByRole("button", { name: "送出訂單並付款" }).click();
  const message = page.getByRole("alert").filter({ hasText: "「茶與餐桌」庫存不足" });
  await expect.element(message).toBeVisible();
  await expect.element(message).toHaveFocus();
});
