import { parseOrderTokens, setCookie, withOrderToken, type OrderTokens } from "./checkout.server.ts";
import { parseCookies } from "./session.server.ts";

/*
 * What the donation pages keep between requests: a guest's keys to the gifts they made (the API's
 * `access_token` of POST /donations), in an httpOnly cookie the browser's scripts never read, as
 * the shop keeps a guest's orders (checkout.server.ts).
 */

export const donationCookie = "shiyi_donations";

/** A gift's number, as the API checks it. */
export const donationNumberPattern = /^\d{6,20}$/;

const tokensSeconds = 30 * 24 * 60 * 60;

export function readDonationTokens(request: Request): OrderTokens {
  return parseOrderTokens(
    parseCookies(request.headers.get("cookie")).get(donationCookie),
    donationNumberPattern,
  );
}

/** The headers that let a guest read and pay gift `number` (the API's `x-donation-token`). */
export function donationAccessHeaders(request: Request, number: string): Record<string, string> {
  const token = readDonationTokens(request).find(([kept]) => kept === number)?.[1];
  return token ? { "x-donation-token": token } : {};
}

/** The guest's keys with gift `number`'s added (the newest ten are kept). */
export function donationTokensSetCookie(
  request: Request,
  number: string,
  token: string,
  { secure }: { secure: boolean },
) {
  const tokens = withOrderToken(readDonationTokens(request), number, token);
  return setCookie(donationCookie, JSON.stringify(tokens), { maxAge: tokensSeconds, secure });
}

/** The `number` query of a donation page, when it is one. */
export function donationNumberOf(request: Request) {
  const number = new URL(request.url).searchParams.get("number") ?? "";
  return donationNumberPattern.test(number) ? number : null;
}

/**
 * The form's amount: what was typed, else the preset chosen. With JavaScript a preset fills the
 * amount field itself; without it, a preset is only a radio button (`preset`) beside the field.
 */
export function withPresetAmount(formData: FormData): FormData {
  const typed = formData.get("amount");
  const preset = formData.get("preset");
  if ((typeof typed === "string" && typed.trim() !== "") || typeof preset !== "string") return formData;
  const merged = new FormData();
  for (const [name, value] of formData) if (name !== "amount") merged.append(name, value);
  merged.set("amount", preset);
  return merged;
}
