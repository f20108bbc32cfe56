import { socialProviders } from "@shiyi/contracts";
import { createLocalOAuthProvider } from "@shiyi/oauth-provider";
import type { AuthConfig } from "./env.ts";
import { socialCallbackUrl } from "./services/social.ts";

/**
 * The local OAuth provider standing in for Google, Facebook and LINE where they have no keys, to be
 * mounted at /_oauth beside the API; `undefined` when none is needed (always in production). It
 * knows the API's callbacks, and answers this machine only.
 */
export function localOAuthProvider(auth: AuthConfig) {
  if (!auth.localOAuth) return undefined;
  return createLocalOAuthProvider({
    redirectUris: socialProviders.map((provider) => socialCallbackUrl(auth, provider)),
  });
}
