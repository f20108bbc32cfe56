import { loginSchema, memberMessages, type LoginResult } from "@shiyi/contracts";
import { data, Link, redirect, useSearchParams } from "react-router";
import { AuthLayout, buttonLink, textLink } from "../components/auth/auth-layout.tsx";
import { SocialLogin } from "../components/auth/social-login.tsx";
import { TextField } from "../components/form/fields.tsx";
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
import { ApiRequestError } from "../lib/api.server.ts";
import { apiContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { redirectAfterLogin, requireAnonymous, sessionContext } from "../lib/session.server.ts";
import { socialOptions } from "../lib/social.server.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/auth-login";

export const meta: Route.MetaFunction = loaderMeta;

export async function loader({ url, context }: Route.LoaderArgs) {
  requireAnonymous({ context });
  const meta = await pageMeta({ url, context }, { title: "會員登入", noindex: true });
  return { social: await socialOptions(context, url), meta };
}

const hideFields = ["password"];

/** 403: the password was right but the address is not verified yet; the page offers the mail again. */
type LoginReply = FormReply & { notVerified?: boolean; locked?: string };

/**
 * POST /members/login with the account name or the e-mail address. Signed in, the member goes
 * where the guard turned them away (`?redirect`, or its cookie), else to /member. The form posts
 * to this page with its query, so `?redirect` comes along.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseSubmission(request, loginSchema);
  if (submission.status !== "success")
    return data<LoginReply>(invalidReply(submission, { hideFields }).data, 422);
  let result: LoginResult;
  try {
    result = await context.get(apiContext).post<LoginResult>("/members/login", submission.value);
  } catch (error) {
    const reply = apiFailureReply(submission, error, loginSchema, { hideFields });
    const notVerified = error instanceof ApiRequestError && error.status === 403;
    // Too many tries: said for good in the form too, as the toast (SPEC §8: 429) is gone in 3 s.
    const locked = error instanceof ApiRequestError && error.status === 429 ? error.message : undefined;
    return data<LoginReply>({ ...reply.data, notVerified, locked }, reply.init ?? undefined);
  }
  context.get(sessionContext).setTokens(result);
  return redirect(redirectAfterLogin({ request, context }));
}

/** What an earlier step left for this page to say (`?done=`): only these texts, never the query's own. */
const notices = {
  activated: memberMessages.activatedSignIn,
  reset: memberMessages.resetDone,
  "logout-all": memberMessages.loggedOutEverywhere,
  deleted: memberMessages.accountDeleted,
  email: memberMessages.emailChanged,
} as const;

const noticeOf = (done: string | null) =>
  done !== null && Object.hasOwn(notices, done) ? notices[done as keyof typeof notices] : undefined;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const notice = noticeOf(searchParams.get("done"));
  // Sent here by 加入購物車 without JavaScript: a visitor's cart lives in the browser's scripts.
  const forCart = searchParams.get("reason") === "cart";
  const { form, fields } = useSchemaForm(loginSchema, { id: "login", lastResult: actionData?.result });
  useActionToast(actionData?.toast);
  return (
    <AuthLayout
      kicker="Sign in"
      title="會員登入"
      description="登入後可查看訂購與捐款紀錄，購物車也會跟著您的帳號。"
      aside={
        <>
          <SocialLogin options={loaderData.social} />
          <section aria-labelledby="register-invite-title" className="mt-12 border-t border-rule pt-8">
            <h2 id="register-invite-title" className="font-serif text-xl font-bold tracking-[0.12em]">
              還不是會員？
            </h2>
            <p className="mt-3 text-[0.9375rem] leading-7 text-ink-soft">
              註冊後即可訂購雜誌、支持我們，並隨時查看紀錄。
            </p>
            <Link to="/auth/register" className={`${buttonLink} mt-5 w-full`}>
              註冊新帳號
            </Link>
          </section>
        </>
      }
    >
      {notice && (
        <div className="mb-8">
          <FormSuccess title={notice} />
        </div>
      )}
      {forCart && (
        <p role="status" className="mb-8 border-l-4 border-primary bg-paper-deep px-4 py-3 leading-7">
          未啟用 JavaScript
          時，購物車需要登入會員才能使用。登入後會回到剛才的頁面，再按一次「加入購物車」即可。
        </p>
      )}
      <SchemaForm form={form}>
        <div className="grid gap-7">
          <TextField
            meta={fields.account}
            label="帳號或電子郵件"
            autoComplete="username"
            spellCheck={false}
            required
          />
          <div className="grid gap-3">
            <TextField
              meta={fields.password}
              type="password"
              label="密碼"
              autoComplete="current-password"
              required
            />
            <p className="text-right text-sm">
              <Link to="/auth/reset-password" className={textLink}>
                忘記密碼？
              </Link>
            </p>
          </div>
        </div>
        <div className="mt-6 grid gap-5">
          <FormMessage form={form} toast={actionData?.toast} />
          {actionData?.locked && (
            // Its 「忘記密碼」 is the link just above the box.
            <p className="border border-rule px-5 py-4 text-[0.9375rem] leading-7 text-ink-soft">
              {actionData.locked}
            </p>
          )}
          {actionData?.notVerified && (
            // The toast says why the sign-in failed for a few seconds; this box says it for good.
            <p className="border border-rule px-5 py-4 text-[0.9375rem] leading-7 text-ink-soft">
              此帳號的電子郵件尚未驗證。沒有收到驗證信，或連結已過期？
              <Link to="/auth/confirmation" className={`${textLink} ml-1`}>
                重新寄送驗證信
              </Link>
            </p>
          )}
          <div>
            <SubmitButton pending="登入中…" wide>
              登入
            </SubmitButton>
          </div>
        </div>
      </SchemaForm>
    </AuthLayout>
  );
}
