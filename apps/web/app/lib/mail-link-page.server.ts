import { checkMailLink } from "./api.server.ts";
import { apiContext } from "./context.ts";
import { pageMeta, type PageMetaArgs } from "./seo.server.ts";

/**
 * The loader of a page a mailed link opens, whose button then does what the mail asked (delete the
 * account, move it to a new address): its metadata (never indexed), the link's token, and whether
 * the link still works, and the new address a link of purpose `email` confirms. An address without a
 * token has no link that could.
 */
export async function mailLinkPage(args: PageMetaArgs, purpose: "delete" | "email", title: string) {
  const token = args.url.searchParams.get("token") ?? "";
  const [meta, link] = await Promise.all([
    pageMeta(args, { title, noindex: true }),
    token ? checkMailLink(args.context.get(apiContext), args.url, purpose) : { dead: true },
  ]);
  return { meta, token, linkDead: link.dead, email: "email" in link ? link.email : undefined };
}

/** Never kept by a cache: the link's token is in the address, and the page says whether it works. */
export const mailLinkPageHeaders = () => ({ "cache-control": "private, no-store" });
