import { emailRequestSchema } from "@shiyi/contracts";
import type { ReactNode } from "react";
import { TextField } from "../form/fields.tsx";
import { FormMessage, SchemaForm, SubmitButton, useSchemaForm } from "../form/schema-form.tsx";
import type { FormReply } from "../form/submission.server.ts";

/**
 * The one-field form that asks for a mail: the verification mail again (/auth/confirmation) or a
 * password-reset link (/auth/reset-password). `intent` tells the page's action which it is.
 */
export function EmailRequestForm({
  id,
  action,
  intent,
  submitLabel,
  reply,
  children,
}: {
  id: string;
  action: string;
  intent: string;
  submitLabel: string;
  reply?: Partial<FormReply>;
  /** Shown beside the submit button. */
  children?: ReactNode;
}) {
  const { form, fields } = useSchemaForm(emailRequestSchema, { id, lastResult: reply?.result });
  return (
    <SchemaForm form={form} action={action}>
      <input type="hidden" name="intent" value={intent} />
      <TextField
        meta={fields.email}
        type="email"
        label="電子郵件"
        autoComplete="email"
        spellCheck={false}
        required
      />
      <div className="mt-8 grid gap-5">
        <FormMessage form={form} toast={reply?.toast} />
        <div className="flex flex-wrap items-center gap-x-6 gap-y-4">
          <SubmitButton>{submitLabel}</SubmitButton>
          {children}
        </div>
      </div>
    </SchemaForm>
  );
}
