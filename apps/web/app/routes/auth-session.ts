import { data } from "react-router";
import type { Route } from "./+types/auth-session";
import { getMember } from "../lib/session.server.ts";

/**
 * Keep-alive (SPEC §4): a visible tab asks who is signed in, which refreshes the session when its
 * access token has run out, and ends it (login page, 請重新登入) when it cannot be refreshed.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const member = await getMember(context);
  return data(
    { member: member && { name: member.name } },
    { headers: { "cache-control": "private, no-store" } },
  );
}
