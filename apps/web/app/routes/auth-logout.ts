import { data, redirect } from "react-router";
import type { Route } from "./+types/auth-logout";
import { ApiRequestError } from "../lib/api.server.ts";
import { checkoutCookiesCleared } from "../lib/checkout.server.ts";
import { apiContext, siteConfigContext } from "../lib/context.ts";
import { sessionContext } from "../lib/session.server.ts";

/**
 * Signing out ends the session at the API and drops the cookies; a session already gone is fine.
 * Only this site's pages may ask (as React Router checks its pages' forms): another site's form
 * posting here, the browser naming that site as its Origin, signs nobody out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const origin = request.headers.get("origin");
  const own = [new URL(request.url).origin, new URL(context.get(siteConfigContext).publicUrl).origin];
  if (origin !== null && !own.includes(origin)) {
    throw data("此頁面不支援這個操作", { status: 403 });
  }
  const session = context.get(sessionContext);
  if (session.accessToken) {
    try {
      await context.get(apiContext).post("/members/logout");
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
    }
  }
  session.signOut({ announce: true });
  const secure = context.get(siteConfigContext).publicUrl.startsWith("https:");
  return redirect("/", { headers: checkoutCookiesCleared({ secure }) });
}

/** Signing out is a POST; a GET (a typed address) only goes home. */
export function loader() {
  return redirect("/");
}
