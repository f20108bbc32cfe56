import { newsletterTokenSchema } from "@shiyi/contracts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useSearchParams } from "react-router";
import { AuthLayout, DangerNotice, textLink } from "../components/auth/auth-layout.tsx";
import { FormSuccess, SubmitButton } from "../components/form/schema-form.tsx";
import { apiFailureReply, invalidReply } from "../components/form/submission.server.ts";
import { apiContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { mailLinkPageHeaders } from "../lib/mail-link-page.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/newsletter-unsubscribe";
import { readForm } from "../lib/api.server.ts";

export const meta: Route.MetaFunction = loaderMeta;

/** Never kept by a cache: the link's token is in the address. */
export const headers = mailLinkPageHeaders;

export async function loader({ url, context }: Route.LoaderArgs) {
  return { meta: await pageMeta({ url, context }, { title: "取消訂閱電子報", noindex: true }) };
}

/**
 * Every newsletter mail links here with `?token=`. Opening the page changes nothing (mail scanners
 * fetch links); its button posts the token. Mail clients' own unsubscribe button (RFC 8058) posts
 * `List-Unsubscribe=One-Click` to the very same address, the token only in the query: that is
 * taken too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form.has("token")) form.set("token", new URL(request.url).searchParams.get("token") ?? "");
  const submission = parseWithZod(form, { schema: newsletterTokenSchema });
  if (submission.status !== "success") return invalidReply(submission);
  let message: string;
  try {
    ({ message } = await context
      .get(apiContext)
      .post<{ message: string }>("/subscribe/unsubscribe", submission.value));
  } catch (error) {
    return apiFailureReply(submission, error, newsletterTokenSchema);
  }
  return data({ unsubscribed: message });
}

export default function NewsletterUnsubscribe({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const unsubscribed = actionData && "unsubscribed" in actionData ? actionData.unsubscribed : undefined;
  const refused = actionData && !unsubscribed;
  useActionToast(actionData && "toast" in actionData ? actionData.toast : undefined);

  if (unsubscribed) {
    return (
      <AuthLayout kicker="Newsletter" title="已取消訂閱">
        <FormSuccess title={unsubscribed}>
          <p>
            改變心意了嗎？隨時可以
            <Link to="/newsletter" className={`${textLink} mx-1`}>
              重新訂閱
            </Link>
            。
          </p>
        </FormSuccess>
      </AuthLayout>
    );
  }

  if (token && !refused) {
    return (
      <AuthLayout
        kicker="Newsletter"
        title="取消訂閱電子報"
        description="按下「取消訂閱」，您將不再收到食藝誌電子報。"
      >
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <SubmitButton pending="處理中…">取消訂閱</SubmitButton>
        </Form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout kicker="Newsletter" title="無法取消訂閱">
      <DangerNotice title="取消訂閱連結無效">
        <p>
          請確認連結是否完整，或透過
          <Link to="/contact" className={`${textLink} mx-1`}>
            聯絡我們
          </Link>
          告訴我們要取消訂閱的電子郵件。
        </p>
      </DangerNotice>
    </AuthLayout>
  );
}
