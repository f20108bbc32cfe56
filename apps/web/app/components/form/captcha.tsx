import { RecaptchaField } from "./recaptcha-field.tsx";
import { ErrorGlyph } from "./schema-form.tsx";

/**
 * The form's g_recaptcha_response: reCAPTCHA's token when the site has a key, else the local
 * stand-in's fixed token (development and tests), as the route's loader says.
 */
export function CaptchaInput({
  token,
  siteKey,
  action,
}: {
  token: string | null;
  siteKey: string | null;
  action: string;
}) {
  if (siteKey) return <RecaptchaField siteKey={siteKey} action={action} />;
  return token ? <input type="hidden" name="g_recaptcha_response" value={token} /> : null;
}

/** The captcha's error has no field to sit under: said above the button, focusable. */
export function CaptchaError({ form }: { form: { id: string; allErrors: Record<string, string[]> } }) {
  const messages = form.allErrors.g_recaptcha_response;
  if (!messages?.length) return null;
  return (
    <p
      id={`${form.id}-g_recaptcha_response-error`}
      tabIndex={-1}
      className="flex items-start gap-2 border-l-4 border-primary bg-paper-deep px-4 py-3 text-[0.9375rem] leading-7 text-primary-deep outline-none"
    >
      <ErrorGlyph className="mt-1.5 shrink-0" />
      {messages.join("、")}
    </p>
  );
}
