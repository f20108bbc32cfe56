import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { siteUrl } from "./servers.ts";

/** A member made for one test: unique names, so tests never share rows. */
export type TestMember = { account: string; email: string; password: string; name: string };

/** An address of the documentation range per caller, so the API's per-address rate limits never collide. */
export const testAddress = () =>
  `198.51.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

export function newMember(): TestMember {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    account: `reader${id}`,
    email: `reader${id}@example.test`,
    password: "Shiyi2026ok",
    name: "林小滿",
  };
}

type Caught = { id: string; subject: string; text: string; to: { address: string }[] };

/** The newest mail to `to` whose subject contains `subject`, waiting for it to arrive. */
export async function waitForMail(request: APIRequestContext, to: string, subject: string): Promise<Caught> {
  let found: Caught | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `${siteUrl}/_mail/api/messages?to=${encodeURIComponent(to)}&subject=${encodeURIComponent(subject)}`,
        );
        found = ((await response.json()) as { data: Caught[] }).data[0];
        return found !== undefined;
      },
      { message: `a mail to ${to} about ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that leads to `path` on the site. */
export function linkIn(mail: Caught, path: string): string {
  const link = mail.text.match(new RegExp(`https?://[^\\s]+${path.replace(/\//g, "\\/")}[^\\s]*`))?.[0];
  expect(link, `a link to ${path} in “${mail.subject}”`).toBeTruthy();
  return link!;
}

type Tokens = { access_token: string; refresh_token: string };

/** Registers and activates a member through the API and the mail catcher, as the site's forms do. */
export async function createMember(request: APIRequestContext): Promise<TestMember> {
  const member = newMember();
  const headers = { accept: "application/json", "x-forwarded-for": testAddress() };
  const registered = await request.post(`${siteUrl}/api/members/register`, {
    headers,
    data: { ...member, password_confirmation: member.password, terms: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail(request, member.email, "驗證");
  const token = new URL(linkIn(mail, "/auth/confirmation")).searchParams.get("token");
  const activated = await request.post(`${siteUrl}/api/members/activate`, { headers, data: { token } });
  expect(activated.status(), await activated.text()).toBe(200);
  return member;
}

/** Signs in through the API and hands the browser the session cookies the site would have set. */
export async function signIn(request: APIRequestContext, context: BrowserContext, member: TestMember) {
  const response = await request.post(`${siteUrl}/api/members/login`, {
    headers: { accept: "application/json", "x-forwarded-for": testAddress() },
    data: { account: member.account, password: member.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const tokens = (await response.json()) as Tokens;
  await context.addCookies([
    { name: "shiyi_at", value: tokens.access_token, url: siteUrl, httpOnly: true, sameSite: "Lax" },
    { name: "shiyi_rt", value: tokens.refresh_token, url: siteUrl, httpOnly: true, sameSite: "Lax" },
  ]);
  return tokens;
}

/** The value of one of the browser's cookies for the site. */
export async function cookieValue(context: BrowserContext, name: string) {
  return (await context.cookies(siteUrl)).find((cookie) => cookie.name === name)?.value;
}
