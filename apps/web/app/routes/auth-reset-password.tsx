import { emailRequestSchema, memberMessages, resetPasswordSchema } from "@shiyi/contracts";
import { Link, redirect, useSearchParams } from "react-router";
import { AuthLayout, DangerNotice, textLink } from "../components/auth/auth-layout.tsx";
import { EmailRequestForm } from "../components/auth/email-request-form.tsx";
import { NewPasswordFields } from "../components/form/fields.tsx";
import {
  FormMessage,
  FormSuccess,
  SchemaForm,
  SubmitButton,
  useSchemaForm,
} from "../components/form/schema-form.tsx";
import {
  apiFailureReply,
  invalidReply,
  parseSubmission,
  type FormReply,
} from "../components/form/submission.server.ts";
import { mailLinkIsDead, readForm } from "../lib/api.server.ts";
import { apiContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/auth-reset-password";

export const meta: Route.MetaFunction = loaderMeta;

/**
 * Never kept by a cache: the page opened from a mail says whether its link still works, and the
 * link's token is in the address.
 */
export function headers() {
  return { "cache-control": "private, no-store" };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const [meta, linkDead] = await Promise.all([
    pageMeta({ url, context }, { title: "重設密碼", noindex: true }),
    mailLinkIsDead(context.get(apiContext), url, "reset"),
  ]);
  return { meta, linkDead };
}

const hideFields = ["password", "password_confirmation"];

/**
 * Two steps on one page. Without a token: ask for the mail (intent `forgot`, POST
 * /members/forgot-password), then say it is on its way. With the mail's `?token=`: the new
 * password (intent `reset`), then the login page says the password was reset.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const intent = (await readForm(request.clone())).get("intent");
  const api = context.get(apiContext);
  if (intent === "reset") {
    const submission = await parseSubmission(request, resetPasswordSchema);
    if (submission.status !== "success") return invalidReply(submission, { hideFields });
    try {
      await api.post("/members/reset-password", submission.value);
    } catch (error) {
      return apiFailureReply(submission, error, resetPasswordSchema, { hideFields });
    }
    return redirect("/auth/login?done=reset");
  }
  const submission = await parseSubmission(request, emailRequestSchema);
  if (submission.status !== "success") return invalidReply(submission);
  try {
    await api.post("/members/forgot-password", submission.value);
  } catch (error) {
    return apiFailureReply(submission, error, emailRequestSchema);
  }
  return redirect("/auth/reset-password?sent=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  useActionToast(actionData?.toast);

  if (searchParams.get("sent") === "1") {
    return (
      <AuthLayout kicker="Password" title="重設密碼">
        <FormSuccess title={memberMessages.resetSent} />
        <p className="mt-8 leading-7">
          <Link to="/auth/login" className={textLink}>
            回到會員登入
          </Link>
        </p>
      </AuthLayout>
    );
  }
  if (token && !loaderData.linkDead) {
    return (
      <AuthLayout kicker="Password" title="設定新密碼" description="請輸入新的密碼，完成後請以新密碼登入。">
        <NewPasswordForm token={token} reply={actionData} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      kicker="Password"
      title="忘記密碼"
      description="輸入註冊時使用的電子郵件，我們會寄出重設密碼的連結。"
    >
      {token && (
        <div className="mb-8">
          <DangerNotice title={memberMessages.resetInvalid}>
            <p>
              連結只能使用一次，並在寄出 1 小時後失效；較新的連結寄出後，舊的連結也會失效。請在下方重新申請。
            </p>
          </DangerNotice>
        </div>
      )}
      <EmailRequestForm
        id="forgot-password"
        action="/auth/reset-password"
        intent="forgot"
        submitLabel="寄送重設連結"
        reply={actionData}
      >
        <Link to="/auth/login" className={`${textLink} text-sm`}>
          想起密碼了？回到登入
        </Link>
      </EmailRequestForm>
    </AuthLayout>
  );
}

function NewPasswordForm({ token, reply }: { token: string; reply?: FormReply }) {
  const { form, fields } = useSchemaForm(resetPasswordSchema, {
    id: "reset-password",
    lastResult: reply?.result,
  });
  // The token is a hidden field, so its refusal (invalid or expired) is told here, with the way out.
  const tokenError = fields.token.errors?.[0];
  return (
    <SchemaForm form={form}>
      {tokenError && (
        <div className="mb-8">
          <DangerNotice title={tokenError}>
            <p>
              <Link to="/auth/reset-password" className={textLink}>
                重新申請重設密碼
              </Link>
            </p>
          </DangerNotice>
        </div>
      )}
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name={fields.token.name} value={token} />
      <div className="grid gap-7">
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.password_confirmation}
          label="新密碼"
        />
      </div>
      <div className="mt-8 grid gap-5">
        <FormMessage form={form} toast={reply?.toast} />
        <div>
          <SubmitButton>重設密碼</SubmitButton>
        </div>
      </div>
    </SchemaForm>
  );
}
