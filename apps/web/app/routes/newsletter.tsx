import { newsletterReplies, subscribeSchema } from "@shiyi/contracts";
import { Link, redirect, useSearchParams } from "react-router";
import { AuthLayout, textLink } from "../components/auth/auth-layout.tsx";
import { TextField } from "../components/form/fields.tsx";
import {
  FormMessage,
  FormSuccess,
  SchemaForm,
  SubmitButton,
  useSchemaForm,
} from "../components/form/schema-form.tsx";
import { apiFailureReply, invalidReply, parseSubmission } from "../components/form/submission.server.ts";
import type { NewsletterReply } from "../components/newsletter/newsletter-form.tsx";
import { apiContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ url, context }: Route.LoaderArgs) {
  return { meta: await pageMeta({ url, context }, { title: "訂閱電子報" }) };
}

/**
 * POST /subscribe (SPEC §7), for the footer's form: in the background with JavaScript, as a plain
 * POST to this page without. The answer is the same whatever the address, so the page only says
 * to look for the confirmation mail. A form the browser itself sent (no JavaScript) is answered
 * with a redirect to `?sent=1` (Post/Redirect/Get), so that a reload does not mail again; a form
 * sent by the scripts (the footer's fetcher, which stays on its page) gets the reply in place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseSubmission(request, subscribeSchema);
  if (submission.status !== "success") return invalidReply(submission);
  let message: string;
  try {
    ({ message } = await context.get(apiContext).post<{ message: string }>("/subscribe", submission.value));
  } catch (error) {
    return apiFailureReply(submission, error, subscribeSchema);
  }
  if (request.headers.get("sec-fetch-mode") === "navigate") return redirect("/newsletter?sent=1");
  return {
    result: submission.reply({ resetForm: true }),
    sent: message,
    toast: { type: "success", message },
  } satisfies NewsletterReply;
}

/** The subscribe form as a page: where the footer's form lands without JavaScript. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  const reply = actionData as NewsletterReply | undefined;
  const [searchParams] = useSearchParams();
  const sent = reply?.sent ?? (searchParams.get("sent") === "1" ? newsletterReplies.pending : undefined);
  const { form, fields } = useSchemaForm(subscribeSchema, { id: "newsletter", lastResult: reply?.result });
  useActionToast(reply?.toast);
  return (
    <AuthLayout
      kicker="Newsletter"
      title="訂閱電子報"
      description="新刊上市、專題與活動消息，不定期寄到您的信箱。訂閱後，我們會寄一封確認信給您。"
    >
      {sent ? (
        <FormSuccess title={sent}>
          <p>
            沒有收到信嗎？請檢查垃圾郵件匣，或
            <Link to="/newsletter" className={`${textLink} mx-1`}>
              重新訂閱
            </Link>
            。
          </p>
        </FormSuccess>
      ) : (
        <SchemaForm form={form} action="/newsletter">
          <input type="hidden" name="source" value="footer" />
          <TextField
            meta={fields.email}
            label="電子郵件"
            type="email"
            autoComplete="email"
            spellCheck={false}
            required
          />
          <div className="mt-8 grid gap-5">
            <FormMessage form={form} toast={reply?.toast} />
            <div>
              <SubmitButton>訂閱</SubmitButton>
            </div>
          </div>
        </SchemaForm>
      )}
    </AuthLayout>
  );
}
