import { createHmac, timingSafeEqual } from "node:crypto";
import { newsletterReplies, type SubscribeRequest } from "@shiyi/contracts";
import { and, eq, gt, sql } from "drizzle-orm";
import type { ApiEnv } from "../app-env.ts";
import type { Database } from "../db/client.ts";
import { newsletterSubscriptions } from "../db/schema.ts";
import { ApiError } from "../lib/errors.ts";
import { newsletterConfirmMail } from "../mail/templates/index.ts";
import { hashToken, newOpaqueToken } from "./tokens.ts";

/*
 * The newsletter (SPEC §7 POST /subscribe) with double opt-in. Asking to subscribe stores a pending
 * subscription and mails a confirmation link (its token kept only as a SHA-256, valid 7 days);
 * following it makes the subscription active. Whatever the address, the caller answers the same,
 * so the answer never tells who subscribes.
 *
 * Unsubscribe links are signed (HMAC of the subscription's id under a key derived from JWT_SECRET)
 * rather than stored: every newsletter mail, whenever and by whatever sends it, can carry one that
 * keeps working, as one-click unsubscribe (RFC 8058) expects. Rotating JWT_SECRET voids them.
 */

export type NewsletterDeps = Pick<ApiEnv["Variables"], "db" | "auth" | "mailer" | "logger">;
type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

const day = 24 * 60 * 60_000;
/** How long a confirmation link works. */
export const confirmTokenTtlMs = 7 * day;

const iso = (ms: number) => new Date(ms).toISOString();

/** The site's pages that newsletter links open (GET shows a button; the button posts). */
export function newsletterLinks(siteUrl: string) {
  return {
    confirm: (token: string) => `${siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`,
    unsubscribe: (token: string) => `${siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
  };
}

const signature = (secret: string, id: number) =>
  createHmac("sha256", secret).update(`newsletter-unsubscribe:${id}`).digest("base64url");

/** The unsubscribe token of a subscription: its id and a signature, `12.abc…`. */
export const unsubscribeToken = (secret: string, id: number) => `${id}.${signature(secret, id)}`;

/** The subscription id an unsubscribe token names, when its signature is right. */
function unsubscribeTokenId(secret: string, token: string): number | undefined {
  const match = /^(\d{1,10})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

/**
 * The extra headers of every newsletter mail: where to unsubscribe, and that a POST there does it
 * in one click (RFC 2369, RFC 8058), so mail clients can offer their own button.
 */
export const unsubscribeHeaders = (unsubscribeUrl: string) => ({
  "List-Unsubscribe": `<${unsubscribeUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/**
 * Sends the confirmation link without holding up the answer (as member mail does): the answer
 * takes as long whether or not a mail goes out. A failure is logged; the reader can ask again.
 */
function sendConfirmMail(deps: NewsletterDeps, row: SubscriptionRow, token: string) {
  const { siteUrl, jwtSecret } = deps.auth;
  const links = newsletterLinks(siteUrl);
  const unsubscribeUrl = links.unsubscribe(unsubscribeToken(jwtSecret, row.id));
  const mail = newsletterConfirmMail({
    siteUrl,
    name: row.name ?? undefined,
    confirmUrl: links.confirm(token),
    unsubscribeUrl,
    validDays: confirmTokenTtlMs / day,
  });
  void deps.mailer
    .send({ to: row.email, ...mail, headers: unsubscribeHeaders(unsubscribeUrl) })
    .catch((error: unknown) => {
      deps.logger.warn({ err: error, subscriptionId: row.id }, "newsletter confirmation not sent");
    });
}

/**
 * Starts the double opt-in for an address: a new pending subscription, or a fresh link for one
 * still pending or unsubscribed, each with a confirmation mail. An active subscription stays as
 * it is and gets no mail.
 */
export async function requestSubscription(
  deps: NewsletterDeps,
  request: SubscribeRequest,
  now = Date.now(),
): Promise<void> {
  const { db } = deps;
  const token = newOpaqueToken();
  const pending = {
    status: "pending" as const,
    confirm_token_hash: hashToken(token),
    confirm_expires_at: iso(now + confirmTokenTtlMs),
    updated_at: iso(now),
  };
  const [created] = await db
    .insert(newsletterSubscriptions)
    .values({
      email: request.email,
      name: request.name ?? null,
      source: request.source ?? null,
      ...pending,
      created_at: iso(now),
    })
    .onConflictDoNothing()
    .returning();
  if (created) return sendConfirmMail(deps, created, token);

  // The address is known: anything but an active subscription starts over with a fresh link.
  const [renewed] = await db
    .update(newsletterSubscriptions)
    .set({
      ...pending,
      ...(request.name ? { name: request.name } : {}),
      ...(request.source ? { source: request.source } : {}),
    })
    .where(
      and(
        sql`lower(${newsletterSubscriptions.email}) = lower(${request.email})`,
        sql`${newsletterSubscriptions.status} <> 'active'`,
      ),
    )
    .returning();
  if (renewed) sendConfirmMail(deps, renewed, token);
}

/**
 * Follows a confirmation link: the pending subscription becomes active. The link may be followed
 * again while it is valid (a second tab, a reload) and changes nothing more; after an unsubscribe
 * it no longer works, so an old mail cannot subscribe the reader again.
 */
export async function confirmSubscription(db: Database, token: string, now = Date.now()): Promise<void> {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(
      and(
        eq(newsletterSubscriptions.confirm_token_hash, hashToken(token)),
        gt(newsletterSubscriptions.confirm_expires_at, iso(now)),
      ),
    );
  if (!row || row.status === "unsubscribed") {
    throw new ApiError(422, newsletterReplies.confirmInvalid, { token: [newsletterReplies.confirmInvalid] });
  }
  if (row.status === "active") return;
  await db
    .update(newsletterSubscriptions)
    .set({ status: "active", confirmed_at: iso(now), unsubscribed_at: null, updated_at: iso(now) })
    .where(and(eq(newsletterSubscriptions.id, row.id), eq(newsletterSubscriptions.status, "pending")));
}

/** Follows an unsubscribe link: no more newsletters, and pending confirmation links stop working. */
export async function unsubscribe(
  deps: Pick<NewsletterDeps, "db" | "auth">,
  token: string,
  now = Date.now(),
) {
  const id = unsubscribeTokenId(deps.auth.jwtSecret, token);
  const invalid = () =>
    new ApiError(422, newsletterReplies.unsubscribeInvalid, {
      token: [newsletterReplies.unsubscribeInvalid],
    });
  if (id === undefined) throw invalid();
  const [row] = await deps.db
    .select({ status: newsletterSubscriptions.status })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id));
  if (!row) throw invalid();
  if (row.status === "unsubscribed") return;
  await deps.db
    .update(newsletterSubscriptions)
    .set({
      status: "unsubscribed",
      unsubscribed_at: iso(now),
      confirm_token_hash: null,
      confirm_expires_at: null,
      updated_at: iso(now),
    })
    .where(eq(newsletterSubscriptions.id, id));
}

/**
 * The registration form's and the checkout's 訂閱電子報 box: the same double opt-in, started after
 * what the person came to do has succeeded, so a failure here is logged and never undoes it.
 */
export async function subscribeAlongside(deps: NewsletterDeps, request: SubscribeRequest): Promise<void> {
  try {
    await requestSubscription(deps, request);
  } catch (error) {
    deps.logger.error({ err: error, source: request.source }, "newsletter subscription not started");
  }
}
