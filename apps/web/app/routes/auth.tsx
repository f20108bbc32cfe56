import { memberMessages } from "@shiyi/contracts";
import { Link, redirect } from "react-router";
import { AuthLayout, buttonLink, DangerNotice, textLink } from "../components/auth/auth-layout.tsx";
import { FormSuccess } from "../components/form/schema-form.tsx";
import { pageMeta } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import { getMember, redirectAfterLogin, sessionContext } from "../lib/session.server.ts";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = loaderMeta;

/**
 * The redirect carries no lifetimes, so the cookies take the longest the tokens may have: 900 s for
 * the access token (the contract's bound) and SPEC §9's 30 days for the refresh token. Should a
 * token end sooner, the cookie merely outlives it and the next call refreshes.
 */
const socialTokenLifetimes = { expires_in: 900, refresh_expires_in: 30 * 24 * 60 * 60 };

/** The messages the API sends back with `status=0`; anything else in `msg` is not shown as ours. */
const socialFailures: readonly string[] = [
  memberMessages.socialFailed,
  memberMessages.socialCancelled,
  memberMessages.socialNoEmail,
  memberMessages.socialUnverifiedEmail,
];

/**
 * The social-login return (SPEC §4): `status=1` with the tokens stores them and reloads /auth with
 * only the status, so the tokens leave the address bar and history; then the page greets the member
 * and offers the way on. `status=0` says why it failed; no status goes to the login page.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const page = await socialReturn({ request, context });
  return { ...page, meta: await pageMeta({ url, context }, { title: "社群登入", noindex: true }) };
}

/** What the page says of the sign-in it returns from, or where it sends the browser on. */
async function socialReturn({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  const query = new URL(request.url).searchParams;
  const status = query.get("status");
  if (status === "1") {
    const token = query.get("token");
    const refreshToken = query.get("refresh_token");
    if (token && refreshToken) {
      const session = context.get(sessionContext);
      // Only the browser that began this sign-in takes its tokens (login CSRF, decision 013).
      if (!session.takeSocialNonce(query.get("nonce"))) throw redirect("/auth?status=0");
      session.setTokens({ access_token: token, refresh_token: refreshToken, ...socialTokenLifetimes });
      // Where to go on is read once, here, and kept in the address: the page's data is loaded
      // again after the local cart merges into the member's, and must still say the same.
      const next = redirectAfterLogin({ request, context });
      throw redirect(`/auth?status=1&redirect=${encodeURIComponent(next)}`);
    }
    const member = await getMember(context);
    if (member) {
      return { ok: true as const, name: member.name, next: redirectAfterLogin({ request, context }) };
    }
    return { ok: false as const, message: memberMessages.socialFailed };
  }
  if (status === "0") {
    const message = query.get("msg");
    return {
      ok: false as const,
      message: message && socialFailures.includes(message) ? message : memberMessages.socialFailed,
    };
  }
  throw redirect("/auth/login");
}

export default function SocialReturn({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <AuthLayout
        kicker="Sign in"
        title={loaderData.message === memberMessages.socialCancelled ? "已取消登入" : "登入失敗"}
      >
        {loaderData.message === memberMessages.socialCancelled ? (
          <p className="leading-7">{loaderData.message}</p>
        ) : (
          <DangerNotice title={loaderData.message} />
        )}
        <p className="mt-8 leading-7">
          <Link to="/auth/login" className={textLink}>
            回到會員登入
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout kicker="Sign in" title={memberMessages.loggedIn}>
      <FormSuccess title={`歡迎，${loaderData.name}`} />
      <p className="mt-8">
        <Link to={loaderData.next} className={buttonLink}>
          {loaderData.next === "/member" ? "前往會員中心" : "繼續瀏覽"}
        </Link>
      </p>
    </AuthLayout>
  );
}
