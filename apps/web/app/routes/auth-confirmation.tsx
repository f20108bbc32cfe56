import { randomBytes } from "node:crypto";
import { activateSchema, emailRequestSchema, memberMessages, type ActivationResult } from "@shiyi/contracts";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { AuthLayout, DangerNotice, textLink } from "../components/auth/auth-layout.tsx";
import { EmailRequestForm } from "../components/auth/email-request-form.tsx";
import { FormSuccess, SubmitButton } from "../components/form/schema-form.tsx";
import { apiFailureReply, invalidReply, parseSubmission } from "../components/form/submission.server.ts";
import { mailLinkIsDead, readForm } from "../lib/api.server.ts";
import { apiContext } from "../lib/context.ts";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { getMember, sessionContext } from "../lib/session.server.ts";
import { useActionToast } from "../lib/use-action-toast.ts";
import type { Route } from "./+types/auth-confirmation";

export const meta: Route.MetaFunction = loaderMeta;

/**
 * Never kept by a cache: the page opened from a mail says whether its link still works, and the
 * link's token is in the address.
 */
export function headers() {
  return { "cache-control": "private, no-store" };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const [meta, linkDead, member] = await Promise.all([
    pageMeta({ url, context }, { title: "電子郵件驗證", noindex: true }),
    mailLinkIsDead(context.get(apiContext), url, "verify"),
    getMember(context).catch(() => null),
  ]);
  // Signed in with a verified address: whatever the link says, there is nothing left to activate.
  // A link followed in the browser that asked for it signs the member in; elsewhere only activates.
  const signsIn = context.get(sessionContext).hasVerifyNonce();
  return { meta, linkDead, verified: member?.email_verified === true, signsIn };
}

/**
 * The verification mail's link opens this page with `?token=`. Opening it changes nothing (mail
 * scanners fetch links); the 啟用帳號 button posts the token (intent `activate`). In the browser
 * that asked for the link the member is signed in and welcomed on /member; elsewhere the account is
 * active and the login page says so. Without a token, or when the link is refused, the page sends
 * the mail again (intent `resend`, also posted by the registration page); that link signs no one in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const intent = (await readForm(request.clone())).get("intent");
  const api = context.get(apiContext);
  if (intent === "activate") {
    const submission = await parseSubmission(request, activateSchema);
    if (submission.status !== "success") return data({ intent, ...invalidReply(submission).data }, 422);
    let result: ActivationResult;
    // A link asked for from this browser signs the member in here (and keeps the social sign-ins
    // of a member who asked for it signed in); any other link only activates the account.
    const vouch = context.get(sessionContext).takeVerifyNonce();
    try {
      result = await api.post<ActivationResult>("/members/activate", { ...submission.value, vouch });
    } catch (error) {
      const reply = apiFailureReply(submission, error, activateSchema);
      return data({ intent, ...reply.data }, reply.init ?? undefined);
    }
    if (!("access_token" in result)) return redirect("/auth/login?done=activated");
    context.get(sessionContext).setTokens(result);
    return redirect("/member?welcome=1");
  }
  const submission = await parseSubmission(request, emailRequestSchema);
  if (submission.status !== "success")
    return data({ intent: "resend", ...invalidReply(submission).data }, 422);
  // The member signed in here asks for their own address's mail: bound to this browser, as the
  // member page's 寄送驗證信 is, so that followed here it keeps their social sign-in.
  const member = await getMember(context).catch(() => null);
  if (
    member &&
    !member.email_verified &&
    member.email.toLowerCase() === submission.value.email.toLowerCase()
  ) {
    const vouch = randomBytes(24).toString("base64url");
    try {
      await api.post("/members/me/verification", { vouch });
    } catch (error) {
      const reply = apiFailureReply(submission, error, emailRequestSchema);
      return data({ intent: "resend", ...reply.data }, reply.init ?? undefined);
    }
    context.get(sessionContext).beginOwnVerification(vouch);
    return redirect("/auth/confirmation?sent=1");
  }
  try {
    await api.post("/members/verification", submission.value);
  } catch (error) {
    const reply = apiFailureReply(submission, error, emailRequestSchema);
    return data({ intent: "resend", ...reply.data }, reply.init ?? undefined);
  }
  // The new link (anyone may ask for one, for any address) signs no browser in, and voids the one
  // registration bound to this browser: the activation page promises no sign-in here now.
  context.get(sessionContext).takeVerifyNonce();
  return redirect("/auth/confirmation?sent=1");
}

export default function Confirmation({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const sent = searchParams.get("sent") === "1";
  const activation = actionData?.intent === "activate" ? actionData : undefined;
  const resend = actionData?.intent === "resend" ? actionData : undefined;
  useActionToast(actionData?.toast);

  if (sent) {
    return (
      <Done
        title="驗證信已寄出"
        said={memberMessages.verificationSent}
        detail="請在信中點擊連結，啟用您的帳號。"
        next={{ to: "/auth/login", label: "回到會員登入" }}
      />
    );
  }

  const refused = activation !== undefined || (token !== null && loaderData.linkDead);
  if (loaderData.verified && (refused || token === null)) {
    return (
      <Done
        title="帳號已啟用"
        said="您的帳號已經啟用，並已登入"
        detail="不需要再驗證電子郵件。"
        next={{ to: "/member", label: "前往會員中心" }}
      />
    );
  }
  if (token && !refused) {
    return (
      <AuthLayout
        kicker="Verification"
        title="啟用帳號"
        description={
          loaderData.signsIn
            ? "按下「啟用帳號」完成電子郵件驗證；啟用後會直接為您登入。"
            : "按下「啟用帳號」完成電子郵件驗證；啟用後請以您的帳號登入。"
        }
      >
        <Form method="post">
          <input type="hidden" name="intent" value="activate" />
          <input type="hidden" name="token" value={token} />
          <SubmitButton pending="啟用中…">啟用帳號</SubmitButton>
        </Form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      kicker="Verification"
      title="重新寄送驗證信"
      description="輸入註冊時使用的電子郵件，我們會寄出新的驗證信。"
    >
      {refused && (
        <div className="mb-8">
          <DangerNotice title="無法啟用帳號">
            <p>
              驗證連結可能已經用過或已過期，可以在下方重新寄送驗證信。帳號已經啟用了嗎？
              <Link to="/auth/login" className={`${textLink} ml-1`}>
                前往登入
              </Link>
            </p>
          </DangerNotice>
        </div>
      )}
      <EmailRequestForm
        id="resend-verification"
        action="/auth/confirmation"
        intent="resend"
        submitLabel="重新寄送驗證信"
        reply={resend}
      />
    </AuthLayout>
  );
}

/** The page when there is nothing left to do here: what happened, and where to go next. */
function Done({
  title,
  said,
  detail,
  next,
}: {
  title: string;
  said: string;
  detail: string;
  next: { to: string; label: string };
}) {
  return (
    <AuthLayout kicker="Verification" title={title}>
      <FormSuccess title={said}>
        <p>{detail}</p>
      </FormSuccess>
      <p className="mt-8 leading-7">
        <Link to={next.to} className={textLink}>
          {next.label}
        </Link>
      </p>
    </AuthLayout>
  );
}
