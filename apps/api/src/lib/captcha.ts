/*
 * The captcha check behind checkout, donations and contact: Google reCAPTCHA's siteverify in
 * production (RECAPTCHA_SECRET); locally, where Google is out of reach, a stand-in behind the same
 * interface that accepts one fixed token, which the site fills in when no site key is configured.
 */

export type CaptchaVerifier = {
  /** Whether `token` (the form's g_recaptcha_response) proves a person; `ip` as the API saw it. */
  verify(token: string | undefined, ip?: string): Promise<boolean>;
  readonly kind: "recaptcha" | "local";
};

/** The one token the local verifier accepts (never in production, where RECAPTCHA_SECRET is required). */
export const localCaptchaToken = "local-pass";

export const localCaptchaVerifier: CaptchaVerifier = {
  kind: "local",
  verify: (token) => Promise.resolve(token === localCaptchaToken),
};

const siteverifyUrl = "https://www.google.com/recaptcha/api/siteverify";

type SiteverifyAnswer = { success?: boolean; score?: number; "error-codes"?: string[] };

/**
 * reCAPTCHA v2 or v3: a v3 answer carries a score, which must reach `minScore`. A failed call to
 * Google counts as a failed check (the person may try again), never as a pass.
 */
export const recaptchaVerifier = ({
  secret,
  minScore,
  fetch: send = (input, init) => fetch(input, init),
  url = siteverifyUrl,
}: {
  secret: string;
  minScore: number;
  fetch?: typeof fetch;
  url?: string;
}): CaptchaVerifier => ({
  kind: "recaptcha",
  async verify(token, ip) {
    if (!token) return false;
    const body = new URLSearchParams({ secret, response: token });
    if (ip) body.set("remoteip", ip);
    try {
      const response = await send(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) return false;
      const answer = (await response.json()) as SiteverifyAnswer;
      return answer.success === true && (answer.score === undefined || answer.score >= minScore);
    } catch {
      return false;
    }
  },
});
