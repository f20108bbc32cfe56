import { newsletterTokenSchema } from "@shiyi/contracts";
import { data, Form, Link, useSearchParams } from "react-router";
import { AuthLayout, DangerNotice, textLink } from "../components/auth/auth-layout.tsx";
import { FormSuccess, SubmitButton } from "../components/form/schema-form.tsx";
import { apiFailureReply, invalidReply, parseSubmission } from "../components/form/submission.server.ts";
import { apiContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { mailLinkPageHeaders } from "../lib/mail-link-page.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = loaderMeta;

/** Never kept by a cache: the link's token is in the address. */
export const headers = mailLinkPageHeaders;

export async function loader({ url, context }: Route.LoaderArgs) {
  return { meta: await pageMeta({ url, context }, { title: "確認訂閱電子報", noindex: true }) };
}

/**
 * The confirmation mail's link opens this page with `?token=`. Opening it changes nothing (mail
 * scanners fetch links); the 確認訂閱 button posts the token to POST /subscribe/confirm.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseSubmission(request, newsletterTokenSchema);
  if (submission.status !== "success") return invalidReply(submission);
  let message: string;
  try {
    ({ message } = await context
      .get(apiContext)
      .post<{ message: string }>("/subscribe/confirm", submission.value));
  } catch (error) {
    return apiFailureReply(submission, error, newsletterTokenSchema);
  }
  return data({ confirmed: message });
}

export default function NewsletterConfirm({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const confirmed = actionData && "confirmed" in actionData ? actionData.confirmed : undefined;
  const refused = actionData && !confirmed;
  useActionToast(actionData && "toast" in actionData ? actionData.toast : undefined);

  if (confirmed) {
    return (
      <AuthLayout kicker="Newsletter" title="訂閱完成">
        <FormSuccess title={confirmed}>
          <p>新刊上市、專題與活動消息，將不定期寄到您的信箱；每封電子報都附有取消訂閱的連結。</p>
        </FormSuccess>
        <p className="mt-8 leading-7">
          <Link to="/" className={textLink}>
            回首頁
          </Link>
        </p>
      </AuthLayout>
    );
  }

  if (token && !refused) {
    return (
      <AuthLayout kicker="Newsletter" title="確認訂閱電子報" description="按下「確認訂閱」，完成電子報訂閱。">
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <SubmitButton pending="確認中…">確認訂閱</SubmitButton>
        </Form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout kicker="Newsletter" title="無法確認訂閱">
      <DangerNotice title="確認連結無效或已過期">
        <p>
          連結可能不完整、已過期，或您已取消訂閱。請
          <Link to="/newsletter" className={`${textLink} mx-1`}>
            重新訂閱
          </Link>
          ，我們會再寄一封確認信給您。
        </p>
      </DangerNotice>
    </AuthLayout>
  );
}
