import { redirect } from "react-router";
import type { Route } from "./+types/auth-logout";
import { ApiRequestError } from "../lib/api.server.ts";
import { apiContext } from "../lib/context.ts";
import { sessionContext } from "../lib/session.server.ts";

/** Signing out ends the session at the API and drops the cookies; a session already gone is fine. */
export async function action({ context }: Route.ActionArgs) {
  const session = context.get(sessionContext);
  if (session.accessToken) {
    try {
      await context.get(apiContext).post("/members/logout");
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
    }
  }
  session.signOut();
  return redirect("/");
}

/** Signing out is a POST; a GET (a typed address) only goes home. */
export function loader() {
  return redirect("/");
}
