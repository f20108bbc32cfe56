import type { SocialProvider } from "@shiyi/contracts";
import type { RouterContextProvider } from "react-router";
import { apiContext, siteConfigContext } from "./context.ts";

export type SocialOption = { provider: SocialProvider; name: string; href: string };

/**
 * The social sign-ins this site offers (GET /members/oauth), each with the address its button leads
 * to: a whole-page visit to the API, which goes on to the provider. A provider without keys in
 * production is not offered, so it gets no button.
 */
export async function socialOptions(context: Readonly<RouterContextProvider>): Promise<SocialOption[]> {
  const { data } = await context
    .get(apiContext)
    .get<{ data: { provider: SocialProvider; name: string }[] }>("/members/oauth");
  const base = context.get(siteConfigContext).apiPublicUrl;
  return data.map((option) => ({ ...option, href: `${base}/members/oauth/${option.provider}` }));
}
