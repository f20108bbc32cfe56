import type { SocialProvider } from "@shiyi/contracts";
import type { RouterContextProvider } from "react-router";
import { apiContext } from "./context.ts";
import { safeLocalPath } from "./session.server.ts";

export type SocialOption = { provider: SocialProvider; name: string; href: string };

/**
 * The social sign-ins this site offers (GET /members/oauth), each with the address its button leads
 * to: the site's /auth/social/{provider}, which sets the sign-in's nonce and goes on to the API and
 * the provider. A provider without keys in production is not offered, so it gets no button. The
 * login page's `redirect` (a local path) goes along, so the member ends where they wanted to go.
 */
export async function socialOptions(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<SocialOption[]> {
  const { data } = await context
    .get(apiContext)
    .get<{ data: { provider: SocialProvider; name: string }[] }>("/members/oauth");
  const back = safeLocalPath(url.searchParams.get("redirect"));
  const query = back ? `?redirect=${encodeURIComponent(back)}` : "";
  return data.map((option) => ({ ...option, href: `/auth/social/${option.provider}${query}` }));
}
