import { randomBytes } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { registerSchema, type Member } from "@shiyi/contracts";
import { data, Form, Link } from "react-router";
import { PolicyLink } from "../components/form/policy-link.tsx";
import { AuthLayout, textLink } from "../components/auth/auth-layout.tsx";
import { SocialLogin } from "../components/auth/social-login.tsx";
import { CheckboxField, NewPasswordFields, TextField } from "../components/form/fields.tsx";
import {
  FormMessage,
  FormSuccess,
  SchemaForm,
  SubmitButton,
  useSchemaForm,
} from "../components/form/schema-form.tsx";
import { apiFailureReply, invalidReply, parseSubmission } from "../components/form/submission.server.ts";
import { Button } from "../components/ui/button.tsx";
import { apiContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { requireAnonymous, sessionContext } from "../lib/session.server.ts";
import { socialOptions } from "../lib/social.server.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/auth-register";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ url, context }: Route.LoaderArgs) {
  requireAnonymous({ context });
  const meta = await pageMeta({ url, context }, { title: "註冊會員", noindex: true });
  return { social: await socialOptions(context, url), meta };
}

const hideFields = ["password", "password_confirmation"];

/**
 * POST /members/register. The account waits for its e-mail to be verified, so the reply is the
 * page's "check your mail" state, with the address used and a way to send the mail again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseSubmission(request, registerSchema);
  if (submission.status !== "success") return invalidReply(submission, { hideFields });
  // The verification link is bound to this browser: followed here, it signs the member in.
  const vouch = randomBytes(24).toString("base64url");
  try {
    const created = await context
      .get(apiContext)
      .post<{ data: Member; message: string }>("/members/register", { ...submission.value, vouch });
    context.get(sessionContext).beginOwnVerification(vouch);
    return data({ registered: { email: created.data.email, message: created.message } }, { status: 201 });
  } catch (error) {
    return apiFailureReply(submission, error, registerSchema, { hideFields });
  }
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const registered = actionData && "registered" in actionData ? actionData.registered : undefined;
  const reply = actionData && "result" in actionData ? actionData : undefined;
  return (
    <AuthLayout
      kicker="Join us"
      title="註冊會員"
      description={
        registered ? undefined : (
          <p>
            已經是會員了？
            <Link to="/auth/login" className={`${textLink} ml-1`}>
              前往登入
            </Link>
          </p>
        )
      }
      aside={registered ? undefined : <SocialLogin options={loaderData.social} />}
    >
      {registered ? (
        <Registered email={registered.email} message={registered.message} />
      ) : (
        <RegisterForm lastResult={reply?.result} toast={reply?.toast} />
      )}
    </AuthLayout>
  );
}

function RegisterForm({
  lastResult,
  toast,
}: {
  lastResult?: SubmissionResult<string[]>;
  toast?: { type: "danger"; message: string };
}) {
  const { form, fields } = useSchemaForm(registerSchema, { id: "register", lastResult });
  useActionToast(toast);
  return (
    <SchemaForm form={form}>
      <p className="leading-7 text-ink-soft">
        標示<span className="mx-1 text-primary">*</span>的欄位為必填。註冊後，我們會寄一封驗證信到您的信箱。
      </p>
      <div className="mt-8 grid gap-x-6 gap-y-7 sm:grid-cols-2">
        <TextField
          meta={fields.account}
          label="帳號"
          hint="至少 5 個字，英文字母、數字或 $@!%*?&，需含小寫英文"
          autoComplete="username"
          spellCheck={false}
          required
          className="sm:col-span-2"
        />
        <NewPasswordFields password={fields.password} confirmation={fields.password_confirmation} />
        <TextField
          meta={fields.email}
          type="email"
          label="電子郵件"
          autoComplete="email"
          spellCheck={false}
          required
          className="sm:col-span-2"
        />
        <TextField
          meta={fields.name}
          label="姓名"
          hint="訂購與收據上使用的姓名"
          autoComplete="name"
          required
        />
        <TextField
          meta={fields.mobile}
          type="tel"
          label="手機"
          hint="選填，09 開頭的 10 位數字"
          inputMode="numeric"
          autoComplete="tel"
        />
        <CheckboxField
          meta={fields.subscribe}
          className="sm:col-span-2"
          label="訂閱電子報，收到新刊與活動消息"
          hint="我們會另寄一封確認信，點選信中的連結即完成訂閱。"
        />
        <CheckboxField
          meta={fields.terms}
          required
          className="sm:col-span-2"
          label={
            <>
              我已閱讀並同意
              <PolicyLink to="/policy/privacy">隱私權政策</PolicyLink>
              ，同意以所填資料建立會員帳號。
            </>
          }
        />
      </div>
      <div className="mt-8 grid gap-5">
        <FormMessage form={form} toast={toast} />
        <div>
          <SubmitButton wide>註冊</SubmitButton>
        </div>
      </div>
    </SchemaForm>
  );
}

/** The reply to a registration: where the mail went, and the mail again if it does not come. */
function Registered({ email, message }: { email: string; message: string }) {
  return (
    <div className="grid gap-8">
      <FormSuccess title={message}>
        <p>
          收件信箱：<span className="font-medium wrap-anywhere text-ink">{email}</span>
        </p>
      </FormSuccess>
      <section aria-labelledby="resend-title">
        <h2 id="resend-title" className="font-serif text-xl font-bold tracking-[0.12em]">
          沒有收到信？
        </h2>
        <p className="mt-3 leading-7 text-ink-soft">
          信件可能需要幾分鐘才會送達，也請查看垃圾郵件匣。仍然沒有收到，可以再寄一次。
        </p>
        <Form method="post" action="/auth/confirmation" className="mt-5">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={email} />
          <Button type="submit" variant="secondary">
            重新寄送驗證信
          </Button>
        </Form>
      </section>
    </div>
  );
}
