import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { maxId, type TokenPair } from "@shiyi/contracts";
import type { Database } from "../db/client.ts";
import { memberSessions, refreshTokens } from "../db/schema.ts";
import type { AuthConfig } from "../env.ts";

/*
 * Member tokens (SPEC §3, §4; RFC 9700):
 * - the access token is a JWT of at most 15 minutes naming the member and the session it belongs to;
 * - the refresh token is opaque, kept only as its SHA-256, valid 30 days and replaced on every use;
 * - presenting a refresh token that was already used revokes its whole session (the token family),
 *   unless it comes back within a few seconds of its use: that is two tabs (or two servers)
 *   refreshing at once with the same cookie, not a thief, and both get a fresh token.
 */

export const refreshTokenTtlSeconds = 30 * 24 * 60 * 60;
/** How long a just-used refresh token may be presented again by a concurrent request. */
export const refreshReuseGraceSeconds = 30;
const issuer = "shiyi";
const audience = "shiyi-members";

export type AccessClaims = { memberId: number; sessionId: string };

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newOpaqueToken = () => randomBytes(32).toString("base64url");

const secretKey = (config: AuthConfig) => new TextEncoder().encode(config.jwtSecret);

export async function signAccessToken(config: AuthConfig, claims: AccessClaims, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.memberId))
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.accessTokenTtlSeconds)
    .sign(secretKey(config));
}

/**
 * The claims of a valid access token whose session is still open; `undefined` for anything else
 * (missing, malformed, expired, signed with another key, or its session revoked).
 */
export async function verifyAccessToken(
  db: Database,
  config: AuthConfig,
  token: string,
): Promise<AccessClaims | undefined> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, secretKey(config), { issuer, audience, algorithms: ["HS256"] }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
  const memberId = Number(payload.sub);
  const sessionId = payload.sid;
  // Signed by us, but checked all the same: a member id past the integer column would fail the query.
  const knownId = Number.isInteger(memberId) && memberId > 0 && memberId <= maxId;
  if (!knownId || typeof sessionId !== "string") return undefined;
  const [session] = await db
    .select({ id: memberSessions.id })
    .from(memberSessions)
    .where(
      and(
        eq(memberSessions.id, sessionId),
        eq(memberSessions.member_id, memberId),
        isNull(memberSessions.revoked_at),
      ),
    );
  return session ? { memberId, sessionId } : undefined;
}

async function insertRefreshToken(db: Database, sessionId: string, now: number) {
  const token = newOpaqueToken();
  await db.insert(refreshTokens).values({
    session_id: sessionId,
    token_hash: hashToken(token),
    expires_at: new Date(now + refreshTokenTtlSeconds * 1000).toISOString(),
  });
  return token;
}

async function tokenPair(config: AuthConfig, claims: AccessClaims, refreshToken: string, now: number) {
  return {
    token_type: "Bearer",
    access_token: await signAccessToken(config, claims, now),
    expires_in: config.accessTokenTtlSeconds,
    refresh_token: refreshToken,
    refresh_expires_in: refreshTokenTtlSeconds,
  } satisfies TokenPair;
}

/** Opens a session (a new token family) for a member who has just proved who they are. */
export async function startSession(
  db: Database,
  config: AuthConfig,
  memberId: number,
  options: { userAgent?: string; now?: number } = {},
): Promise<TokenPair> {
  const now = options.now ?? Date.now();
  const sessionId = randomUUID();
  await db.insert(memberSessions).values({
    id: sessionId,
    member_id: memberId,
    user_agent: options.userAgent?.slice(0, 300) ?? null,
  });
  const refreshToken = await insertRefreshToken(db, sessionId, now);
  return tokenPair(config, { memberId, sessionId }, refreshToken, now);
}

export type RotateResult =
  | { ok: true; tokens: TokenPair; memberId: number }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" };

/**
 * Exchanges a refresh token for a new pair. The presented token is marked used in the same
 * statement that checks it was unused, so of two simultaneous requests exactly one rotates first;
 * the other finds it just used and, within the grace period, gets a pair of its own.
 */
export async function rotateRefreshToken(
  db: Database,
  config: AuthConfig,
  presented: string,
  now = Date.now(),
): Promise<RotateResult> {
  const hash = hashToken(presented);
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.session_id,
      expiresAt: refreshTokens.expires_at,
      usedAt: refreshTokens.used_at,
      memberId: memberSessions.member_id,
      revokedAt: memberSessions.revoked_at,
    })
    .from(refreshTokens)
    .innerJoin(memberSessions, eq(memberSessions.id, refreshTokens.session_id))
    .where(eq(refreshTokens.token_hash, hash));
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revokedAt) return { ok: false, reason: "revoked" };
  if (Date.parse(row.expiresAt) <= now) return { ok: false, reason: "expired" };

  const nowIso = new Date(now).toISOString();
  const claimed = await db
    .update(refreshTokens)
    .set({ used_at: nowIso })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.used_at)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    const [used] = await db
      .select({ usedAt: refreshTokens.used_at })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, row.id));
    const usedAt = used?.usedAt ? Date.parse(used.usedAt) : 0;
    if (now - usedAt > refreshReuseGraceSeconds * 1000) {
      await revokeSession(db, row.sessionId, now);
      return { ok: false, reason: "reused" };
    }
  }
  await db.update(memberSessions).set({ last_used_at: nowIso }).where(eq(memberSessions.id, row.sessionId));
  const refreshToken = await insertRefreshToken(db, row.sessionId, now);
  return {
    ok: true,
    memberId: row.memberId,
    tokens: await tokenPair(config, { memberId: row.memberId, sessionId: row.sessionId }, refreshToken, now),
  };
}

/** Ends one session: its refresh tokens stop working, and so do its access tokens. */
export async function revokeSession(db: Database, sessionId: string, now = Date.now()) {
  await db
    .update(memberSessions)
    .set({ revoked_at: new Date(now).toISOString() })
    .where(and(eq(memberSessions.id, sessionId), isNull(memberSessions.revoked_at)));
}

/** Ends every session of a member (sign out of all devices, a password reset), or all but one. */
export async function revokeMemberSessions(
  db: Database,
  memberId: number,
  options: { except?: string; now?: number } = {},
) {
  await db
    .update(memberSessions)
    .set({ revoked_at: new Date(options.now ?? Date.now()).toISOString() })
    .where(
      and(
        eq(memberSessions.member_id, memberId),
        isNull(memberSessions.revoked_at),
        options.except ? sql`${memberSessions.id} <> ${options.except}` : undefined,
      ),
    );
}
