import { afterEach, describe, expect, it } from "vitest";
import { focusErrorTarget } from "./focus-first-error.ts";

/** A form as SchemaForm renders it: a field naming its error text, the form's message, a button. */
function renderForm(formMessage: string) {
  const form = document.createElement("form");
  form.innerHTML = `
    <input name="name" aria-describedby="contact-name-hint contact-name-error" />
    <p id="contact-name-error"></p>
    <input name="email" aria-describedby="contact-email-error" />
    <p id="contact-email-error"></p>
    <div id="contact-error" role="alert" tabindex="-1">${formMessage}</div>
    <button type="submit">送出留言</button>`;
  document.body.append(form);
  form.querySelector("button")!.focus();
  return form;
}

afterEach(() => document.body.replaceChildren());

describe("focusErrorTarget", () => {
  it("goes to the control that names the error text", () => {
    const form = renderForm("");
    focusErrorTarget(form, ["contact-email-error"]);
    expect(document.activeElement).toBe(form.querySelector("[name=email]"));
  });

  it("goes to the first field in error as the page shows them, whatever the errors' order", () => {
    const form = renderForm("");
    focusErrorTarget(form, ["contact-email-error", "contact-name-error"]);
    expect(document.activeElement).toBe(form.querySelector("[name=name]"));
  });

  it("goes to the form's message when it says something", () => {
    const form = renderForm("送出次數過多，請稍後再試");
    focusErrorTarget(form, ["contact-error"]);
    expect(document.activeElement).toBe(form.querySelector("#contact-error"));
  });

  it("leaves the focus on the send button when the form's message is empty (a toast says it)", () => {
    const form = renderForm("");
    focusErrorTarget(form, ["contact-error"]);
    expect(document.activeElement).toBe(form.querySelector("button"));
  });
});
