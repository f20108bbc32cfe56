import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { actionFailure, ApiRequestError, readForm } from "../../lib/api.server.ts";

/**
 * What a form's action answers when the form comes back: `useSchemaForm`'s `lastResult`, and for
 * an API refusal the danger toast of SPEC §8 (shown as a toast once the page runs JavaScript, and
 * as the form's message without it).
 */
export type FormReply = { result: SubmissionResult<string[]>; toast?: { type: "danger"; message: string } };

type AnySubmission = Submission<Record<string, unknown>, string[], unknown>;

/** Fields whose typed value must not be sent back in the page (passwords). */
type ReplyOptions = { hideFields?: string[] };

/** The posted form parsed by the schema the browser used: the same rules and messages. */
export async function parseSubmission<Schema extends z.ZodObject>(request: Request, schema: Schema) {
  return parseWithZod(await readForm(request), { schema });
}

/** The schema refused the form: the page again, with the errors and everything typed (422). */
export function invalidReply(submission: AnySubmission, { hideFields }: ReplyOptions = {}) {
  return data<FormReply>({ result: submission.reply({ hideFields }) }, { status: 422 });
}

/**
 * The API refused a form the schema passed. The failures SPEC §8 shows as a danger message
 * (400/403/405/422/429) come back as the form's reply, with the API's status: its field errors on
 * the fields of the same name (nested ones by their dotted path), in the schema's order; its message as the form's error when no field
 * error has a field to go to (a rate limit, say). Everything else is the error page
 * (`actionFailure` throws it).
 */
export function apiFailureReply(
  submission: AnySubmission,
  error: unknown,
  schema: z.ZodObject,
  { hideFields }: ReplyOptions = {},
) {
  const failure = actionFailure(error);
  const { toast, fieldErrors } = failure.data;
  // A nested field's errors come keyed by its dotted path ("customer.email"), which is also its
  // name in the form: they belong to the form when the path starts with one of its fields.
  const names = Object.keys(schema.shape);
  const rank = (key: string) => names.indexOf(key.split(".")[0] ?? key);
  const onFields = Object.fromEntries(
    Object.entries(fieldErrors)
      .filter(([key, messages]) => rank(key) >= 0 && messages.length > 0)
      .sort(([a], [b]) => rank(a) - rank(b)),
  );
  const elsewhere = Object.entries(fieldErrors)
    .filter(([key]) => rank(key) < 0)
    .flatMap(([, messages]) => messages);
  const formErrors = Object.keys(onFields).length > 0 ? elsewhere : [toast.message];
  return data<FormReply>(
    { result: submission.reply({ formErrors, fieldErrors: onFields, hideFields }), toast },
    { status: failure.init?.status ?? 400 },
  );
}

/**
 * The API refused the form for the state of things (409: stock ran out, a monthly gift still
 * running): said on the page as a refusal of the form is, which keeps everything typed, rather than
 * the error page SPEC §8 gives other statuses. Said there only, not in a toast as well: it names
 * what to do next (the item to take out of the cart, the gift to cancel first), so it stays beside
 * the button and takes the focus, where a toast would be gone in seconds. Anything else is
 * `apiFailureReply`'s.
 */
export function conflictOrFailureReply(
  submission: AnySubmission,
  error: unknown,
  schema: z.ZodObject,
  options: ReplyOptions = {},
) {
  if (!(error instanceof ApiRequestError && error.status === 409)) {
    return apiFailureReply(submission, error, schema, options);
  }
  return data<FormReply>(
    { result: submission.reply({ formErrors: [error.message], hideFields: options.hideFields }) },
    { status: 409 },
  );
}
