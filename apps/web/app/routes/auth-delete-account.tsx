import { memberMessages } from "@shiyi/contracts/member-messages";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthLayout, DangerNotice, DeadMailLinkPage, textLink } from "../components/auth/auth-layout.tsx";
import { Button } from "../components/ui/button.tsx";
import { actionFailure, readForm } from "../lib/api.server.ts";
import { mailLinkPage, mailLinkPageHeaders } from "../lib/mail-link-page.server.ts";
import { checkoutCookiesCleared } from "../lib/checkout.server.ts";
import { apiContext, siteConfigContext } from "../lib/context.ts";
import { getMember, sessionContext } from "../lib/session.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/auth-delete-account";

export const meta: Route.MetaFunction = loaderMeta;

export const headers = mailLinkPageHeaders;

export const loader = ({ url, context }: Route.LoaderArgs) =>
  mailLinkPage({ url, context }, "delete", "刪除帳號");

/**
 * The mailed link of an account without a password (decision 012): opening it deletes nothing; the
 * button does (POST /members/delete). A browser signed in to that account is signed out with it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await readForm(request)).get("token") ?? "");
  // Who this browser is signed in as, asked before the deletion ends that session.
  const signedIn = await getMember(context);
  let deleted: { data: { id: number } };
  try {
    deleted = await context.get(apiContext).post<{ data: { id: number } }>("/members/delete", { token });
  } catch (error) {
    const failure = actionFailure(error);
    return data({ toast: failure.data.toast }, failure.init ?? undefined);
  }
  // The deleted account's own browser is signed out, without the 請重新登入 its dead session would bring.
  if (signedIn?.id === deleted.data.id) context.get(sessionContext).signOut();
  const secure = context.get(siteConfigContext).publicUrl.startsWith("https:");
  return redirect("/auth/login?done=deleted", { headers: checkoutCookiesCleared({ secure }) });
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  if (loaderData.linkDead)
    return (
      <DeadMailLinkPage
        title="刪除帳號"
        message={memberMessages.deletionLinkInvalid}
        validFor="1 小時"
        back="/member#delete-account"
      />
    );
  return (
    <AuthLayout kicker="Account" title="確認刪除帳號">
      <div className="grid gap-4 leading-8 text-ink-soft">
        <p>
          按下「刪除帳號」後，您的帳號、常用地址、購物車及社群登入的連結都會刪除，所有裝置上的登入也會結束，且無法復原。
        </p>
        <p>
          訂單、發票與捐款收據的紀錄依法須保存，將不再與帳號連結：訂單確認信中的連結仍可查看訂單，捐款紀錄或收據副本請與我們聯絡；電子報訂閱不受影響。
        </p>
      </div>
      {actionData?.toast && (
        <div className="mt-8">
          <DangerNotice title={actionData.toast.message} />
        </div>
      )}
      <Form method="post" className="mt-10 flex flex-wrap items-center gap-x-8 gap-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" variant="danger" size="lg" aria-disabled={busy || undefined}>
          {busy ? "刪除中…" : "刪除帳號"}
        </Button>
        <Link to="/member" className={textLink}>
          不刪除，回到會員中心
        </Link>
      </Form>
    </AuthLayout>
  );
}
