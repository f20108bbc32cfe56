import { randomBytes } from "node:crypto";
import { socialProviders, type SocialProvider } from "@shiyi/contracts";
import { redirect } from "react-router";
import type { Route } from "./+types/auth-social";
import { safeLocalPath, sessionContext } from "../lib/session.server.ts";
import { siteConfigContext } from "../lib/context.ts";
import { socialOptions } from "../lib/social.server.ts";

/**
 * A social sign-in begins on the site: a random nonce goes into an httpOnly cookie and along to the
 * API, which hands it back to /auth with the tokens. /auth stores tokens only when the two agree,
 * so a crafted /auth?status=1&token=… link cannot sign a visitor into someone else's account.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const provider = params.provider as SocialProvider;
  // Where the login page was asked to lead back to: /auth reads it from the cookie on return.
  const back = safeLocalPath(url.searchParams.get("redirect"));
  // A provider the site does not offer (no keys in production), or does not know, goes back to the
  // login page, whose buttons are the ones offered, rather than to the API's refusal.
  const login = back ? `/auth/login?redirect=${encodeURIComponent(back)}` : "/auth/login";
  if (!(socialProviders as readonly string[]).includes(provider)) throw redirect(login);
  const offered = await socialOptions(context, url);
  if (!offered.some((option) => option.provider === provider)) throw redirect(login);
  const nonce = randomBytes(24).toString("base64url");
  const session = context.get(sessionContext);
  session.beginSocialSignIn(nonce);
  if (back) session.rememberRedirect(back);
  const base = context.get(siteConfigContext).apiPublicUrl;
  throw redirect(`${base}/members/oauth/${provider}?nonce=${nonce}`);
}
