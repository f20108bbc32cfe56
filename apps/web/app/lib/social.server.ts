import type { SocialProvider } from "@shiyi/contracts";
import type { RouterContextProvider } from "react-router";
import { apiContext } from "./context.ts";

export type SocialOption = { provider: SocialProvider; name: string; href: string };

/**
 * The social sign-ins this site offers (GET /members/oauth), each with the address its button leads
 * to: the site's /auth/social/{provider}, which sets the sign-in's nonce and goes on to the API and
 * the provider. A provider without keys in production is not offered, so it gets no button.
 */
export async function socialOptions(context: Readonly<RouterContextProvider>): Promise<SocialOption[]> {
  const { data } = await context
    .get(apiContext)
    .get<{ data: { provider: SocialProvider; name: string }[] }>("/members/oauth");
  return data.map((option) => ({ ...option, href: `/auth/social/${option.provider}` }));
}
