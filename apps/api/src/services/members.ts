import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import {
  memberMessages,
  messages,
  socialProviders,
  type emailChangeSchema,
  type Member,
  type memberDeletionSchema,
  type memberUpdateSchema,
  type registerSchema,
  type TokenPair,
} from "@shiyi/contracts";
import { and, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ApiEnv } from "../app-env.ts";
import type { Database } from "../db/client.ts";
import {
  donations,
  memberIdentities,
  members,
  memberTokens,
  newsletterSubscriptions,
  type StoredAddress,
} from "../db/schema.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { ApiError } from "../lib/errors.ts";
import {
  accountDeletedMail,
  confirmDeletionMail,
  confirmEmailChangeMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordChangedMail,
  passwordResetMail,
  verifyEmailMail,
  welcomeMail,
  type RenderedMail,
} from "../mail/templates/index.ts";
import { keepGiftsOfOldAddress } from "./donations.ts";
import { subscribeAlongside } from "./newsletter.ts";
import { hashToken, newOpaqueToken, revokeMemberSessions, startSession } from "./tokens.ts";

/*
 * Member accounts (SPEC §3, §4, §7): registration with a mailed verification link, login with an
 * account name or e-mail address, password reset by mail, and the member's own profile. Tokens
 * and sessions are tokens.ts's; this module decides who gets one.
 */

export type MemberRow = typeof members.$inferSelect;

/** What the member services use from the request's context. */
export type MemberDeps = Pick<ApiEnv["Variables"], "db" | "auth" | "mailer" | "logger">;

const hour = 60 * 60_000;
/**
 * How long a mailed link works: a day to verify an address (a new one too), an hour to reset the
 * password or delete the account.
 */
export const mailTokenTtlMs = { verify: 24 * hour, reset: hour, delete: hour, email: 24 * hour } as const;
type MailTokenPurpose = keyof typeof mailTokenTtlMs;

const iso = (ms: number) => new Date(ms).toISOString();

/** The site's pages that mailed links open (SPEC §2). */
export function memberMailLinks(siteUrl: string) {
  return {
    verify: (token: string) => `${siteUrl}/auth/confirmation?token=${encodeURIComponent(token)}`,
    reset: (token: string) => `${siteUrl}/auth/reset-password?token=${encodeURIComponent(token)}`,
    deletion: (token: string) => `${siteUrl}/auth/delete-account?token=${encodeURIComponent(token)}`,
    emailChange: (token: string) => `${siteUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`,
    contact: `${siteUrl}/contact`,
    member: `${siteUrl}/member`,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading members

export async function findMemberById(db: Database, id: number): Promise<MemberRow | undefined> {
  const [member] = await db.select().from(members).where(eq(members.id, id));
  return member;
}

/** The member with this e-mail address, without regard to case. */
export async function findMemberByEmail(db: Database, email: string): Promise<MemberRow | undefined> {
  const [member] = await db
    .select()
    .from(members)
    .where(sql`lower(${members.email}) = lower(${email})`);
  return member;
}

/** The member whose account name or e-mail address this is, without regard to case. */
export async function findMemberByLogin(db: Database, identifier: string): Promise<MemberRow | undefined> {
  const [member] = await db
    .select()
    .from(members)
    .where(
      or(
        sql`lower(${members.account}) = lower(${identifier})`,
        sql`lower(${members.email}) = lower(${identifier})`,
      ),
    )
    // An account name cannot contain a dot, so it never equals an address; should it, the name wins.
    .orderBy(sql`lower(${members.account}) = lower(${identifier}) desc nulls last`)
    .limit(1);
  return member;
}

/** The address as members see it: only the parts filled in, or null when none is. */
function addressJson(address: StoredAddress | null): Member["address"] {
  const parts = Object.entries(address ?? {}).filter(
    (entry): entry is [keyof StoredAddress, string] => typeof entry[1] === "string" && entry[1] !== "",
  );
  return parts.length > 0 ? Object.fromEntries(parts) : null;
}

/** A member as the API answers it (memberSchema): never the password hash, only whether there is one. */
export async function memberJson(db: Database, member: MemberRow): Promise<Member> {
  const [identities, [pending]] = await Promise.all([
    db
      .selectDistinct({ provider: memberIdentities.provider })
      .from(memberIdentities)
      .where(eq(memberIdentities.member_id, member.id)),
    // The newest link (issuing one voids the one before), while it still works.
    db
      .select({ email: memberTokens.email, expires_at: memberTokens.expires_at })
      .from(memberTokens)
      .where(
        and(
          eq(memberTokens.member_id, member.id),
          eq(memberTokens.purpose, "email"),
          isNull(memberTokens.used_at),
          gt(memberTokens.expires_at, iso(Date.now())),
        ),
      )
      .orderBy(desc(memberTokens.created_at), desc(memberTokens.id))
      .limit(1),
  ]);
  const linked = new Set(identities.map((identity) => identity.provider));
  return {
    id: member.id,
    account: member.account,
    email: member.email,
    name: member.name,
    mobile: member.mobile,
    address: addressJson(member.address),
    email_verified: member.email_verified_at !== null,
    pending_email: pending?.email ? { email: pending.email, expires_at: pending.expires_at } : null,
    has_password: member.password_hash !== null,
    providers: socialProviders.filter((provider) => linked.has(provider)),
    created_at: member.created_at,
  };
}

// ---------------------------------------------------------------------------------------------
// Passwords

/** Argon2id (the library's default algorithm) at OWASP's recommended cost: 19 MiB, 2 passes, 1 lane. */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, argon2Options);

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches the hash. Without a hash (no such account, or one that signs in
 * through a social provider only) a dummy hash is checked all the same, so the answer takes as
 * long and its timing does not tell which accounts exist.
 */
export async function checkPassword(passwordHash: string | null | undefined, password: string) {
  if (passwordHash) return verify(passwordHash, password);
  dummyHash ??= hashPassword(randomBytes(16).toString("base64url"));
  await verify(await dummyHash, password);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Mailed links

/** The first key of the advisory lock on one member's mailed links (the second is the member's id). */
const mailLinkLock = 0x6d61696c; // "mail"

/** The member's unused mailed links stop working: those of one kind, or (no kind) all of them. */
async function dropMailedLinks(db: Pick<Database, "delete">, memberId: number, purpose?: MailTokenPurpose) {
  await db
    .delete(memberTokens)
    .where(
      and(
        eq(memberTokens.member_id, memberId),
        purpose === undefined ? undefined : eq(memberTokens.purpose, purpose),
        isNull(memberTokens.used_at),
      ),
    );
}

/**
 * A new link for the member; earlier unused links of the same kind stop working. The old links go
 * and the new one is kept under a lock of the member's links (a transaction-scoped advisory lock,
 * which nothing else takes: locking the member's row would wait in the other order from using a
 * link, which locks the link and then the member), so that of two requests at once (two tabs
 * asking for a new address, say) only the later link stays live.
 */
export async function issueMailToken(
  db: Database,
  memberId: number,
  purpose: MailTokenPurpose,
  now: number,
  link: {
    /** For a verification link asked for by the signed-in member: the nonce its browser keeps. */
    vouch?: string;
    /** For a link that confirms a new address: that address. */
    email?: string;
  } = {},
) {
  const token = newOpaqueToken();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${mailLinkLock}, ${memberId})`);
    await dropMailedLinks(tx, memberId, purpose);
    await tx.insert(memberTokens).values({
      member_id: memberId,
      purpose,
      token_hash: hashToken(token),
      vouch_hash: link.vouch === undefined ? null : hashToken(link.vouch),
      email: link.email ?? null,
      expires_at: iso(now + mailTokenTtlMs[purpose]),
    });
  });
  return token;
}

/** The mailed link of `token`, for `purpose`, unused and unexpired at `now`. */
const liveToken = (token: string, purpose: MailTokenPurpose, now: number) =>
  and(
    eq(memberTokens.token_hash, hashToken(token)),
    eq(memberTokens.purpose, purpose),
    isNull(memberTokens.used_at),
    gt(memberTokens.expires_at, iso(now)),
  );

/**
 * Uses up a mailed link: the statement that checks it is unused and unexpired also marks it used,
 * so of two simultaneous requests only one gets the member. `undefined` for any unusable token.
 */
async function useMailToken(db: Database, token: string, purpose: MailTokenPurpose, now: number) {
  const [row] = await db
    .update(memberTokens)
    .set({ used_at: iso(now) })
    .where(liveToken(token, purpose, now))
    .returning({
      memberId: memberTokens.member_id,
      vouchHash: memberTokens.vouch_hash,
      email: memberTokens.email,
    });
  return row;
}

/**
 * A mailed link that still works (unused, unexpired), without using it up: its page then asks for
 * a new password, or offers 啟用帳號, only when that can succeed. `email`: the new address a
 * link of purpose `email` confirms, for its page to name.
 */
export async function liveMailToken(
  db: Database,
  token: string,
  purpose: MailTokenPurpose,
  now = Date.now(),
): Promise<{ email: string | null } | undefined> {
  const [row] = await db
    .select({ email: memberTokens.email })
    .from(memberTokens)
    .where(liveToken(token, purpose, now))
    .limit(1);
  return row;
}

/**
 * Sends a member mail without holding up the answer: what it reports is already stored, a slow
 * mail server must not push the call past the web's 5 s timeout (SPEC §9), and the answer takes
 * as long whether or not a mail goes out, so its timing does not tell which addresses have an
 * account. A failure is logged (the mailer logs the SMTP error too); the member can ask again.
 */
function sendMail(
  { mailer, logger }: MemberDeps,
  member: MemberRow,
  kind: string,
  mail: RenderedMail,
  to = member.email,
) {
  void mailer.send({ to, ...mail }).catch((error: unknown) => {
    logger.warn({ err: error, memberId: member.id, mail: kind }, "member mail not sent");
  });
}

function sendVerifyMail(deps: MemberDeps, member: MemberRow, token: string) {
  const { siteUrl } = deps.auth;
  sendMail(
    deps,
    member,
    "verify-email",
    verifyEmailMail({
      siteUrl,
      name: member.name,
      verifyUrl: memberMailLinks(siteUrl).verify(token),
      validHours: mailTokenTtlMs.verify / hour,
    }),
  );
}

function sendPasswordChangedMail(deps: MemberDeps, member: MemberRow, now: number) {
  const { siteUrl } = deps.auth;
  sendMail(
    deps,
    member,
    "password-changed",
    passwordChangedMail({
      siteUrl,
      name: member.name,
      changedAt: new Date(now),
      contactUrl: memberMailLinks(siteUrl).contact,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Registration and verification

export type Registration = z.output<typeof registerSchema>;

/** Which of the account name and the address other members already have, as 422 field errors. */
async function takenFields(db: Database, account: string, email: string) {
  const rows = await db
    .select({ account: members.account, email: members.email })
    .from(members)
    .where(
      or(sql`lower(${members.account}) = lower(${account})`, sql`lower(${members.email}) = lower(${email})`),
    );
  const errors: Record<string, string[]> = {};
  if (rows.some((row) => row.account?.toLowerCase() === account.toLowerCase())) {
    errors.account = [memberMessages.accountTaken];
  }
  if (rows.some((row) => row.email.toLowerCase() === email.toLowerCase())) {
    errors.email = [memberMessages.emailTaken];
  }
  return errors;
}

const takenError = (errors: Record<string, string[]>) =>
  new ApiError(422, Object.values(errors)[0]?.[0] ?? messages.invalidParams, errors);

/** Creates an unverified member and mails the verification link (and, if asked, the newsletter's). */
export async function registerMember(deps: MemberDeps, input: Registration): Promise<MemberRow> {
  const { db } = deps;
  const taken = await takenFields(db, input.account, input.email);
  if (Object.keys(taken).length > 0) throw takenError(taken);

  const passwordHash = await hashPassword(input.password);
  const now = Date.now();
  let created: { member: MemberRow; token: string };
  try {
    created = await db.transaction(async (tx) => {
      const [member] = await tx
        .insert(members)
        .values({
          account: input.account,
          email: input.email,
          name: input.name,
          mobile: input.mobile ?? null,
          password_hash: passwordHash,
        })
        .returning();
      return {
        member: member!,
        token: await issueMailToken(tx, member!.id, "verify", now, { vouch: input.vouch }),
      };
    });
  } catch (error) {
    const index = uniqueViolation(error);
    if (index === undefined) throw error;
    // Someone took the name or the address between the check above and this insert.
    const raced = await takenFields(db, input.account, input.email);
    if (Object.keys(raced).length > 0) throw takenError(raced);
    throw takenError(
      index === "members_email_lower"
        ? { email: [memberMessages.emailTaken] }
        : { account: [memberMessages.accountTaken] },
    );
  }
  sendVerifyMail(deps, created.member, created.token);
  if (input.subscribe === 1) {
    await subscribeAlongside(deps, { email: input.email, name: input.name, source: "register" });
  }
  return created.member;
}

/**
 * An account made while checking out (SPEC §3 order draft `register`): no account name, the
 * checkout's name, mobile and address, and the usual verification mail. An address already taken
 * answers 422 on `customer.email`, so the buyer knows to log in first.
 */
export async function registerCheckoutMember(
  deps: MemberDeps,
  input: { email: string; name: string; mobile?: string; password: string; address: StoredAddress | null },
  emailTaken: string,
): Promise<MemberRow> {
  const { db } = deps;
  const taken = () => new ApiError(422, emailTaken, { "customer.email": [emailTaken] });
  if (await findMemberByEmail(db, input.email)) throw taken();
  const passwordHash = await hashPassword(input.password);
  let created: { member: MemberRow; token: string };
  try {
    created = await db.transaction(async (tx) => {
      const [member] = await tx
        .insert(members)
        .values({
          email: input.email,
          name: input.name,
          mobile: input.mobile ?? null,
          address: input.address,
          password_hash: passwordHash,
        })
        .returning();
      return { member: member!, token: await issueMailToken(tx, member!.id, "verify", Date.now()) };
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw taken();
    throw error;
  }
  sendVerifyMail(deps, created.member, created.token);
  return created.member;
}

/**
 * Mails a new verification link when the address belongs to a member who has not verified it;
 * otherwise does nothing, and the caller answers the same either way. Anyone may ask this for any
 * address, so the link is bound to no browser: followed anywhere, it confirms the address and
 * signs nobody in (`activateMember`). Bound to the asker's browser, it would sign the mailbox's
 * owner into an account someone else opened with their address, whose password that someone knows,
 * and keep that someone's social sign-ins.
 */
export async function resendVerification(deps: MemberDeps, email: string): Promise<void> {
  const member = await findMemberByEmail(deps.db, email);
  if (!member || member.email_verified_at) return;
  const token = await issueMailToken(deps.db, member.id, "verify", Date.now());
  sendVerifyMail(deps, member, token);
}

const activationInvalid = () =>
  new ApiError(422, memberMessages.activationInvalid, { token: [memberMessages.activationInvalid] });

/**
 * When an address is first confirmed (its link followed, a reset through it, or a provider that
 * vouches for it), the social sign-ins a provider made without vouching for it (LINE, Facebook)
 * go: whoever used them may have typed someone else's address, and must not keep a way into the
 * account its owner now holds.
 */
export async function dropUnvouchedIdentities(db: Database, memberId: number) {
  await db
    .delete(memberIdentities)
    .where(and(eq(memberIdentities.member_id, memberId), eq(memberIdentities.email_vouched, 0)));
}

/** The member's social sign-ins, the address now proven theirs. */
async function vouchIdentities(db: Database, memberId: number) {
  await db
    .update(memberIdentities)
    .set({ email_vouched: 1 })
    .where(and(eq(memberIdentities.member_id, memberId), eq(memberIdentities.email_vouched, 0)));
}

/**
 * The verification mail asked for by the signed-in member (from the member page), bound to the
 * nonce that member's browser keeps: followed in that browser, it keeps the member's social
 * sign-ins (`activateMember`). Nothing is sent for an address already confirmed.
 */
/** Sends the member their own verification link; false when the address is verified already. */
export async function requestOwnVerification(
  deps: MemberDeps,
  memberId: number,
  vouch: string,
): Promise<boolean> {
  const member = await findMemberById(deps.db, memberId);
  if (!member) throw new ApiError(401, memberMessages.unauthenticated);
  if (member.email_verified_at) return false;
  const token = await issueMailToken(deps.db, member.id, "verify", Date.now(), { vouch });
  sendVerifyMail(deps, member, token);
  return true;
}

/**
 * Confirms the address of the link's member: the link came to their mailbox, which is proof
 * enough. Followed in the browser that asked for it (at registration, or signed in), it also signs
 * them in (`tokens`). The welcome mail goes out the first time the address is confirmed.
 *
 * Confirmed elsewhere, the mailbox's owner may not be whoever opened the account: a LINE or
 * Facebook sign-in that never proved the address, or that changed a never-confirmed address to
 * someone else's. The sign-ins that did not vouch for the address go, and so does every session,
 * so that the owner alone holds the account from then on (as when a provider that vouches for the
 * address joins it, or a reset link is used).
 */
export async function activateMember(
  deps: MemberDeps,
  token: string,
  options: { userAgent?: string; vouch?: string } = {},
): Promise<{ member: MemberRow; tokens: TokenPair | null }> {
  const { db } = deps;
  const now = Date.now();
  // One transaction: the address is never confirmed, nor the link spent, while the sign-ins and
  // sessions of whoever opened the account stay.
  const { member, verified, vouched } = await db.transaction(async (tx) => {
    const used = await useMailToken(tx, token, "verify", now);
    if (used === undefined) throw activationInvalid();
    const { memberId, vouchHash } = used;
    // The link is followed in the browser that asked for it (its nonce matches).
    const vouched =
      vouchHash !== null && options.vouch !== undefined && vouchHash === hashToken(options.vouch);
    const [verified] = await tx
      .update(members)
      .set({ email_verified_at: iso(now), updated_at: iso(now) })
      .where(and(eq(members.id, memberId), isNull(members.email_verified_at)))
      .returning();
    if (verified) {
      // Asked for by the member signed in through a social account, and followed in that same
      // browser: the one who holds the social account holds the mailbox, and keeps it.
      if (vouched) await vouchIdentities(tx, memberId);
      else {
        await dropUnvouchedIdentities(tx, memberId);
        await revokeMemberSessions(tx, memberId, { now });
      }
    }
    // Other verification links would each sign someone in again; the address is confirmed now.
    await dropMailedLinks(tx, memberId, "verify");
    const member = verified ?? (await findMemberById(tx, memberId));
    if (!member) throw activationInvalid();
    return { member, verified, vouched };
  });
  if (verified)
    sendMail(deps, member, "welcome", welcomeMail({ siteUrl: deps.auth.siteUrl, name: member.name }));
  // Signed in only in the browser that asked for the link: anyone's link, followed elsewhere,
  // would otherwise sign that browser into its sender's account (login CSRF).
  const tokens = vouched
    ? await startSession(db, deps.auth, member.id, { userAgent: options.userAgent, now })
    : null;
  return { member, tokens };
}

// ---------------------------------------------------------------------------------------------
// Login

export type Authentication =
  | { ok: true; member: MemberRow }
  /** `failed`: wrong password, no such account, or no password at all; `unverified`: right password, address not confirmed. */
  | { ok: false; reason: "failed" | "unverified" };

/** Checks an account name or e-mail address and a password. */
/** `member`: the account the identifier names (`findMemberByLogin`), if any. */
export async function authenticate(member: MemberRow | undefined, password: string): Promise<Authentication> {
  const matches = await checkPassword(member?.password_hash, password);
  if (!member || !matches) return { ok: false, reason: "failed" };
  // Only someone who knows the password learns that the address is not yet confirmed.
  if (!member.email_verified_at) return { ok: false, reason: "unverified" };
  return { ok: true, member };
}

// ---------------------------------------------------------------------------------------------
// Password reset

/**
 * Mails a password-reset link when the address belongs to a member (one who joined through a
 * social provider sets a first password this way); otherwise does nothing, and the caller answers
 * the same either way.
 */
export async function requestPasswordReset(deps: MemberDeps, email: string): Promise<void> {
  const member = await findMemberByEmail(deps.db, email);
  if (!member) return;
  const token = await issueMailToken(deps.db, member.id, "reset", Date.now());
  const { siteUrl } = deps.auth;
  sendMail(
    deps,
    member,
    "password-reset",
    passwordResetMail({
      siteUrl,
      name: member.name,
      resetUrl: memberMailLinks(siteUrl).reset(token),
      validHours: mailTokenTtlMs.reset / hour,
    }),
  );
}

/**
 * Sets a new password through a reset link. The link came to the member's mailbox, so the address
 * counts as confirmed too. Every session ends: whoever knew the old password is signed out. When
 * this first confirms the address, the sign-ins of providers that did not vouch for it go
 * (`dropUnvouchedIdentities`).
 */
export async function resetPassword(deps: MemberDeps, token: string, password: string): Promise<MemberRow> {
  const { db } = deps;
  const passwordHash = await hashPassword(password);
  const now = Date.now();
  const member = await db.transaction(async (tx) => {
    const memberId = (await useMailToken(tx, token, "reset", now))?.memberId;
    if (memberId === undefined) return undefined;
    const [before] = await tx
      .select({ verifiedAt: members.email_verified_at })
      .from(members)
      .where(eq(members.id, memberId))
      .for("update");
    if (before && before.verifiedAt === null) await dropUnvouchedIdentities(tx, memberId);
    const [updated] = await tx
      .update(members)
      .set({
        password_hash: passwordHash,
        email_verified_at: sql`coalesce(${members.email_verified_at}, ${iso(now)}::timestamptz)`,
        updated_at: iso(now),
      })
      .where(eq(members.id, memberId))
      .returning();
    await revokeMemberSessions(tx, memberId, { now });
    await dropPendingEmailChange(tx, memberId);
    return updated;
  });
  if (!member) {
    throw new ApiError(422, memberMessages.resetInvalid, { token: [memberMessages.resetInvalid] });
  }
  sendPasswordChangedMail(deps, member, now);
  return member;
}

// ---------------------------------------------------------------------------------------------
// The member's own profile

export type MemberUpdate = z.output<typeof memberUpdateSchema>;

/** An address to store: only the parts filled in, or null when none is. */
function storedAddress(address: MemberUpdate["address"]): StoredAddress | null {
  return addressJson(address ?? null);
}

/**
 * Updates the signed-in member's profile and/or password. A member who has a password must give
 * it to set another; one who has none (joined through a social provider) sets a first one freely
 * once the address is confirmed. Before that, the session may be someone's who typed another
 * person's address at a LINE or Facebook sign-in: a password of theirs would outlast the owner's
 * confirming of it. A new password ends the member's other sessions, not the one that changed it.
 */
export async function updateMember(
  deps: MemberDeps,
  current: { id: number; sessionId: string },
  input: MemberUpdate,
): Promise<{ member: MemberRow; passwordChanged: boolean }> {
  const { db } = deps;
  const member = await findMemberById(db, current.id);
  if (!member) throw new ApiError(401, memberMessages.unauthenticated);

  const changes: Partial<typeof members.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  // Sent empty or null clears; left out leaves as is (an empty field parses to a present undefined).
  if ("mobile" in input) changes.mobile = input.mobile ?? null;
  if ("address" in input) changes.address = storedAddress(input.address);
  if (input.password !== undefined) {
    if (!member.password_hash && !member.email_verified_at) {
      throw new ApiError(403, memberMessages.verifyBeforePassword, {
        password: [memberMessages.verifyBeforePassword],
      });
    }
    if (member.password_hash) {
      if (input.current_password === undefined) {
        throw new ApiError(422, messages.required, { current_password: [messages.required] });
      }
      if (!(await checkPassword(member.password_hash, input.current_password))) {
        throw new ApiError(422, memberMessages.currentPasswordWrong, {
          current_password: [memberMessages.currentPasswordWrong],
        });
      }
    }
    changes.password_hash = await hashPassword(input.password);
  }
  if (Object.keys(changes).length === 0) return { member, passwordChanged: false };

  const now = Date.now();
  const [updated] = await db
    .update(members)
    .set({ ...changes, updated_at: iso(now) })
    .where(eq(members.id, member.id))
    .returning();
  const passwordChanged = changes.password_hash !== undefined;
  if (passwordChanged) {
    await revokeMemberSessions(db, member.id, { except: current.sessionId, now });
    await dropPendingEmailChange(db, member.id);
    sendPasswordChangedMail(deps, updated!, now);
  }
  return { member: updated!, passwordChanged };
}

// ---------------------------------------------------------------------------------------------
// Changing one's address

export type EmailChange = z.output<typeof emailChangeSchema>;

/** The current password, when the account has one: what confirms a change to it. */
async function confirmCurrentPassword(member: MemberRow, password: string | undefined) {
  if (!member.password_hash) return;
  if (password === undefined) {
    throw new ApiError(422, messages.required, { current_password: [messages.required] });
  }
  if (!(await checkPassword(member.password_hash, password))) {
    throw new ApiError(422, memberMessages.currentPasswordWrong, {
      current_password: [memberMessages.currentPasswordWrong],
    });
  }
}

const emailTakenError = (field: string) =>
  new ApiError(422, memberMessages.emailTaken, { [field]: [memberMessages.emailTaken] });

/**
 * A new address waiting for its mailbox stops waiting when the account is secured (a password reset
 * or change, 登出所有裝置): it may have been asked for from a session taken over.
 */
export const dropPendingEmailChange = (db: Pick<Database, "delete">, memberId: number) =>
  dropMailedLinks(db, memberId, "email");

/**
 * The signed-in member asks to use another address (confirmed by the current password, when the
 * account has one). A confirmed address moves only once the new mailbox confirms it: a link valid
 * a day goes there ("mailed"; confirmEmailChange), and until then the account signs in and is
 * written to at the old one. An address never confirmed (mistyped at a social sign-up, say) is
 * simply corrected, and the verification link goes to the new one ("corrected").
 */
export async function requestEmailChange(
  deps: MemberDeps,
  memberId: number,
  input: EmailChange,
): Promise<{ outcome: "mailed" | "corrected"; member: MemberRow }> {
  const { db } = deps;
  const member = await findMemberById(db, memberId);
  if (!member) throw new ApiError(401, memberMessages.unauthenticated);
  if (input.email.toLowerCase() === member.email.toLowerCase()) {
    throw new ApiError(422, memberMessages.emailUnchanged, { email: [memberMessages.emailUnchanged] });
  }
  await confirmCurrentPassword(member, input.current_password);
  // Registration tells whether an address has an account already; so may this.
  const holder = await findMemberByEmail(db, input.email);
  if (holder && holder.id !== member.id) throw emailTakenError("email");
  const now = Date.now();

  if (member.email_verified_at) {
    const token = await issueMailToken(db, member.id, "email", now, { email: input.email });
    sendMail(
      deps,
      member,
      "confirm-email-change",
      confirmEmailChangeMail({
        siteUrl: deps.auth.siteUrl,
        name: member.name,
        confirmUrl: memberMailLinks(deps.auth.siteUrl).emailChange(token),
        validHours: mailTokenTtlMs.email / hour,
      }),
      input.email,
    );
    // The account's own mailbox hears of it too, while it can still be called off.
    sendMail(
      deps,
      member,
      "email-change-requested",
      emailChangeRequestedMail({
        siteUrl: deps.auth.siteUrl,
        name: member.name,
        newEmail: input.email,
        memberUrl: memberMailLinks(deps.auth.siteUrl).member,
      }),
    );
    return { outcome: "mailed", member };
  }

  let corrected: { member: MemberRow; token: string };
  try {
    corrected = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(members)
        .set({ email: input.email, updated_at: iso(now) })
        .where(eq(members.id, member.id))
        .returning();
      // Links mailed to the mistyped address (a reset would confirm it) stop working.
      await dropMailedLinks(tx, member.id);
      const token = await issueMailToken(tx, member.id, "verify", now, { vouch: input.vouch });
      return { member: updated!, token };
    });
  } catch (error) {
    // Someone joined with the address between the check above and this update.
    if (uniqueViolation(error) === "members_email_lower") throw emailTakenError("email");
    throw error;
  }
  sendVerifyMail(deps, corrected.member, corrected.token);
  return { outcome: "corrected", member: corrected.member };
}

/**
 * Moves the account to the address whose mailed link `token` is: the link works once, within the
 * day. The old address is told, and the links mailed to it stop working. The member's sessions
 * stay: the change was asked for from one, and confirmed from the new mailbox.
 */
export async function confirmEmailChange(deps: MemberDeps, token: string): Promise<MemberRow> {
  const invalid = () =>
    new ApiError(422, memberMessages.emailChangeLinkInvalid, {
      token: [memberMessages.emailChangeLinkInvalid],
    });
  const now = Date.now();
  let moved: { before: MemberRow; after: MemberRow };
  try {
    moved = await deps.db.transaction(async (tx) => {
      const used = await useMailToken(tx, token, "email", now);
      const before = used?.email ? await findMemberById(tx, used.memberId) : undefined;
      if (!used?.email || !before) throw invalid();
      const [after] = await tx
        .update(members)
        .set({ email: used.email, email_verified_at: iso(now), updated_at: iso(now) })
        .where(eq(members.id, before.id))
        .returning();
      // The old address's links (a reset would still open the account) stop working.
      await dropMailedLinks(tx, before.id);
      // What the member had by the old address (paid guest gifts, their yearly receipt) stays theirs.
      if (before.email_verified_at) await keepGiftsOfOldAddress(tx, before.id, before.email, used.email);
      return { before, after: after! };
    });
  } catch (error) {
    // Another account took the address after the link was mailed; the link stays unused.
    if (uniqueViolation(error) === "members_email_lower") throw emailTakenError("token");
    throw error;
  }
  await moveNewsletter(deps, moved.before.email, moved.after.email, now);
  const { siteUrl } = deps.auth;
  sendMail(
    deps,
    moved.before,
    "email-changed",
    emailChangedMail({
      siteUrl,
      name: moved.after.name,
      newEmail: moved.after.email,
      changedAt: new Date(now),
      contactUrl: memberMailLinks(siteUrl).contact,
    }),
  );
  return moved.after;
}

/**
 * The newsletter the old address receives follows the account to the new one, which its owner has
 * just confirmed; unless the new address has a subscription of its own (asked for, or declined),
 * which stays as it is, and so does the old one.
 */
async function moveNewsletter(deps: MemberDeps, from: string, to: string, now: number) {
  try {
    await deps.db
      .update(newsletterSubscriptions)
      .set({ email: to, updated_at: iso(now) })
      .where(
        and(
          sql`lower(${newsletterSubscriptions.email}) = lower(${from})`,
          eq(newsletterSubscriptions.status, "active"),
          sql`not exists (select 1 from ${newsletterSubscriptions} as other where lower(other.email) = lower(${to}))`,
        ),
      );
  } catch (error) {
    // The new address subscribed in the same moment: its own subscription stands, as above.
    if (uniqueViolation(error) !== "newsletter_subscriptions_email_lower") throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Deleting one's own account

export type MemberDeletion = z.output<typeof memberDeletionSchema>;

/**
 * Deletes the member's account at their request (個人資料保護法 §11): the member row, and with it
 * (by foreign key) their sign-in links, mailed tokens, sessions with their refresh tokens, and cart.
 * Orders and gifts are records the law keeps (商業會計法, 所得稅法): they stay, linked to no account,
 * and an order's mailed link still opens it. Asked for with the current password ("deleted"); an
 * account without one is mailed a link that confirms it instead ("mailed"; confirmMemberDeletion).
 * A periodic gift that runs, or waits for its first payment, refuses it: the card would be charged
 * with no account left to cancel the gift from.
 */
export async function deleteMember(
  deps: MemberDeps,
  memberId: number,
  input: MemberDeletion,
): Promise<"deleted" | "mailed"> {
  const { db } = deps;
  const member = await findMemberById(db, memberId);
  if (!member) throw new ApiError(401, memberMessages.unauthenticated);
  if (!member.password_hash) {
    // No password to ask for: the account's mailbox confirms instead, by a link valid an hour.
    await assertNoRunningGift(db, member.id);
    const token = await issueMailToken(db, member.id, "delete", Date.now());
    sendMail(
      deps,
      member,
      "confirm-deletion",
      confirmDeletionMail({
        siteUrl: deps.auth.siteUrl,
        name: member.name,
        confirmUrl: memberMailLinks(deps.auth.siteUrl).deletion(token),
        validHours: mailTokenTtlMs.delete / hour,
      }),
    );
    return "mailed";
  }
  if (input.password === undefined)
    throw new ApiError(422, messages.required, { password: [messages.required] });
  if (!(await checkPassword(member.password_hash, input.password)))
    throw new ApiError(422, memberMessages.currentPasswordWrong, {
      password: [memberMessages.currentPasswordWrong],
    });
  await removeMember(deps, member);
  return "deleted";
}

/**
 * Deletes the account whose mailed confirmation link `token` is (an account without a password);
 * the member's id. The link works once, within the hour; a periodic gift started meanwhile still
 * refuses, and leaves the link usable once it is cancelled.
 */
export async function confirmMemberDeletion(deps: MemberDeps, token: string): Promise<number> {
  const [row] = await deps.db
    .select({ memberId: memberTokens.member_id })
    .from(memberTokens)
    .where(liveToken(token, "delete", Date.now()))
    .limit(1);
  const member = row && (await findMemberById(deps.db, row.memberId));
  if (!member) {
    throw new ApiError(422, memberMessages.deletionLinkInvalid, {
      token: [memberMessages.deletionLinkInvalid],
    });
  }
  await removeMember(deps, member);
  return member.id;
}

/** A periodic gift that runs or waits for its first payment: the card would be charged with no account left. */
async function assertNoRunningGift(db: Pick<Database, "select">, memberId: number, lock = false) {
  const query = db
    .select({ id: donations.id })
    .from(donations)
    .where(
      and(
        eq(donations.member_id, memberId),
        inArray(donations.frequency, ["monthly", "yearly"]),
        inArray(donations.status, ["active", "pending"]),
      ),
    );
  const running = lock ? await query.for("update") : await query;
  if (running.length > 0) throw new ApiError(409, memberMessages.deletionBlockedByGift);
}

/** The deletion itself, in one transaction with the gift check; then the notice. */
async function removeMember(deps: MemberDeps, member: MemberRow) {
  await deps.db.transaction(async (tx) => {
    await assertNoRunningGift(tx, member.id, true);
    await tx.delete(members).where(eq(members.id, member.id));
  });
  sendMail(
    deps,
    member,
    "account-deleted",
    accountDeletedMail({
      siteUrl: deps.auth.siteUrl,
      name: member.name,
      deletedAt: new Date(),
      contactUrl: memberMailLinks(deps.auth.siteUrl).contact,
    }),
  );
}
