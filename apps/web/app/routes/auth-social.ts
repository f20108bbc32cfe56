import { randomBytes } from "node:crypto";
import { socialProviders, type SocialProvider } from "@shiyi/contracts";
import { redirect } from "react-router";
import type { Route } from "./+types/auth-social";
import { sessionContext } from "../lib/session.server.ts";
import { siteConfigContext } from "../lib/context.ts";

/**
 * A social sign-in begins on the site: a random nonce goes into an httpOnly cookie and along to the
 * API, which hands it back to /auth with the tokens. /auth stores tokens only when the two agree,
 * so a crafted /auth?status=1&token=… link cannot sign a visitor into someone else's account.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const provider = params.provider as SocialProvider;
  if (!(socialProviders as readonly string[]).includes(provider)) throw redirect("/auth/login");
  const nonce = randomBytes(24).toString("base64url");
  context.get(sessionContext).beginSocialSignIn(nonce);
  const base = context.get(siteConfigContext).apiPublicUrl;
  throw redirect(`${base}/members/oauth/${provider}?nonce=${nonce}`);
}
