import { carriedParameters } from "./page.ts";

export type AuthorizationAnswer = { email: string; name?: string; emailVerified?: boolean } | "deny";

/**
 * Answers the provider's authorization page without a browser: posts the form the page would post
 * (the OAuth parameters of `authorizeUrl`, plus the identity, or 取消) and returns the address the
 * provider sends the browser back to (`redirect_uri?code=…&state=…` or `?error=access_denied&state=…`).
 *
 * The form, for other tools: POST to the authorize URL, form-encoded, the fields `response_type`,
 * `client_id`, `redirect_uri`, `state`, `scope`, `code_challenge`, `code_challenge_method`, `nonce`
 * as in the query, plus `email`, `name`, `email_verified=1` (omit it for an unverified address) and
 * `decision=allow` (or `decision=deny`).
 */
export async function submitAuthorization(
  authorizeUrl: string | URL,
  answer: AuthorizationAnswer,
  fetchImpl: typeof fetch = fetch,
): Promise<URL> {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams();
  for (const name of carriedParameters) {
    const value = url.searchParams.get(name);
    if (value !== null) form.set(name, value);
  }
  if (answer === "deny") {
    form.set("decision", "deny");
  } else {
    form.set("email", answer.email);
    if (answer.name) form.set("name", answer.name);
    if (answer.emailVerified ?? true) form.set("email_verified", "1");
    form.set("decision", "allow");
  }
  const response = await fetchImpl(url, {
    method: "POST",
    body: form,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  const location = response.headers.get("location");
  if (response.status < 300 || response.status > 399 || !location) {
    throw new Error(
      `The authorization page answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
  }
  return new URL(location, url);
}
