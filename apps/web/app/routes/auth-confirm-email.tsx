import type { Member } from "@shiyi/contracts";
import { memberMessages } from "@shiyi/contracts/member-messages";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthLayout, DangerNotice, DeadMailLinkPage, textLink } from "../components/auth/auth-layout.tsx";
import { Button } from "../components/ui/button.tsx";
import { actionFailure, readForm } from "../lib/api.server.ts";
import { mailLinkPage, mailLinkPageHeaders } from "../lib/mail-link-page.server.ts";
import { apiContext } from "../lib/context.ts";
import { getMember, sessionContext } from "../lib/session.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/auth-confirm-email";

export const meta: Route.MetaFunction = loaderMeta;

export const headers = mailLinkPageHeaders;

export const loader = ({ url, context }: Route.LoaderArgs) =>
  mailLinkPage({ url, context }, "email", "確認新的電子郵件");

/**
 * The link mailed to a member's new address: opening it changes nothing (a mail scanner may open
 * it); the button does (POST /members/confirm-email). Signed in to that account, the member goes
 * back to the member page, which shows the new address; otherwise to the login page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await readForm(request)).get("token") ?? "");
  let changed: { data: Member };
  try {
    changed = await context.get(apiContext).post<{ data: Member }>("/members/confirm-email", { token });
  } catch (error) {
    const failure = actionFailure(error);
    return data({ toast: failure.data.toast }, failure.init ?? undefined);
  }
  const signedIn = await getMember(context);
  if (signedIn?.id !== changed.data.id) return redirect("/auth/login?done=email");
  context.get(sessionContext).updateMember(changed.data);
  return redirect("/member?done=email");
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  if (loaderData.linkDead)
    return (
      <DeadMailLinkPage
        title="變更電子郵件"
        message={memberMessages.emailChangeLinkInvalid}
        validFor="24 小時"
        back="/member#email"
      />
    );
  return (
    <AuthLayout kicker="Account" title="確認新的電子郵件">
      <div className="grid gap-4 leading-8 text-ink-soft">
        <p>
          按下「確認變更」後，您的會員帳號將改用
          {loaderData.email ? (
            <strong className="ml-1 font-medium wrap-anywhere text-ink">{loaderData.email}</strong>
          ) : (
            "收到這封信的電子郵件"
          )}
          ：之後請以它登入，新的訂單與捐款通知也會寄到這裡。
        </p>
        <p>原本的電子郵件會收到一封變更通知，寄到那裡但尚未使用的連結（例如重設密碼）將一併失效。</p>
      </div>
      {actionData?.toast && (
        <div className="mt-8">
          <DangerNotice title={actionData.toast.message} />
        </div>
      )}
      <Form method="post" className="mt-10 flex flex-wrap items-center gap-x-8 gap-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" size="lg" aria-disabled={busy || undefined}>
          {busy ? "變更中…" : "確認變更"}
        </Button>
        <Link to="/" className={textLink}>
          不變更，回到首頁
        </Link>
      </Form>
    </AuthLayout>
  );
}
