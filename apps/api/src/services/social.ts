import { createHmac } from "node:crypto";
import { memberLimits, memberMessages, type SocialProvider } from "@shiyi/contracts";
import { localOAuthClient } from "@shiyi/oauth-provider";
import {
  CodeChallengeMethod,
  decodeIdToken,
  Facebook,
  Google,
  Line,
  OAuth2Client,
  type OAuth2Tokens,
} from "arctic";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { memberIdentities, members } from "../db/schema.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import type { AuthConfig, LocalOAuthUrls, SocialKeys } from "../env.ts";
import { dropUnvouchedIdentities } from "./members.ts";
import { revokeMemberSessions } from "./tokens.ts";

/*
 * Social sign-in (SPEC §3, §7) through arctic. A provider with keys in the configuration is the
 * real one; without keys, outside production, the local stand-in (@shiyi/oauth-provider) answers
 * in the real one's shape, so the profile-reading code below is the same for both.
 */

/** What the site learns from a provider about the person signing in. */
export type SocialProfile = {
  providerUserId: string;
  email?: string;
  /** True only when the provider says so explicitly. */
  emailVerified: boolean;
  name?: string;
};

export type SocialClient = {
  /** The provider's sign-in page, for the browser. */
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the code the provider sent back and reads who signed in. */
  profile(code: string, codeVerifier: string): Promise<SocialProfile>;
};

const scopes: Record<SocialProvider, string[]> = {
  google: ["openid", "email", "profile"],
  facebook: ["email", "public_profile"],
  line: ["openid", "profile", "email"],
};

const graphMeUrl = "https://graph.facebook.com/me";
const profileTimeoutMs = 10_000;

export const socialCallbackUrl = (config: AuthConfig, provider: SocialProvider) =>
  `${config.apiUrl}/members/oauth/${provider}/callback`;

/** The client for a provider: the real one with keys, else the local stand-in, else none (not offered). */
export function socialClient(config: AuthConfig, provider: SocialProvider): SocialClient | undefined {
  const redirectUri = socialCallbackUrl(config, provider);
  const keys = config.social[provider];
  if (keys) return realClient(provider, keys, redirectUri);
  if (config.localOAuth) return localClient(provider, config.localOAuth, redirectUri);
  return undefined;
}

function realClient(provider: SocialProvider, keys: SocialKeys, redirectUri: string): SocialClient {
  switch (provider) {
    case "google": {
      const google = new Google(keys.clientId, keys.clientSecret, redirectUri);
      return {
        authorizationUrl: (state, verifier) => google.createAuthorizationURL(state, verifier, scopes.google),
        profile: async (code, verifier) =>
          idTokenProfile(await google.validateAuthorizationCode(code, verifier), keys.clientId),
      };
    }
    case "facebook": {
      const facebook = new Facebook(keys.clientId, keys.clientSecret, redirectUri);
      return {
        authorizationUrl: (state) => facebook.createAuthorizationURL(state, scopes.facebook),
        profile: async (code) => {
          const accessToken = (await facebook.validateAuthorizationCode(code)).accessToken();
          // Graph calls signed with the app secret, as apps set to "require app secret" must.
          const proof = createHmac("sha256", keys.clientSecret).update(accessToken).digest("hex");
          return graphProfile(graphMeUrl, accessToken, proof);
        },
      };
    }
    case "line": {
      const line = new Line(keys.clientId, keys.clientSecret, redirectUri);
      return {
        authorizationUrl: (state, verifier) => line.createAuthorizationURL(state, verifier, scopes.line),
        profile: async (code, verifier) =>
          idTokenProfile(await line.validateAuthorizationCode(code, verifier), keys.clientId),
      };
    }
  }
}

/** arctic's generic client against the stand-in's endpoints, with PKCE where the real provider's client sends it. */
function localClient(provider: SocialProvider, urls: LocalOAuthUrls, redirectUri: string): SocialClient {
  const client = new OAuth2Client(localOAuthClient.clientId, localOAuthClient.clientSecret, redirectUri);
  const authorize = `${urls.browserUrl}/${provider}/authorize`;
  const token = `${urls.serverUrl}/${provider}/token`;
  if (provider === "facebook") {
    return {
      authorizationUrl: (state) => client.createAuthorizationURL(authorize, state, scopes.facebook),
      profile: async (code) => {
        const tokens = await client.validateAuthorizationCode(token, code, null);
        return graphProfile(`${urls.serverUrl}/facebook/me`, tokens.accessToken());
      },
    };
  }
  return {
    authorizationUrl: (state, verifier) =>
      client.createAuthorizationURLWithPKCE(
        authorize,
        state,
        CodeChallengeMethod.S256,
        verifier,
        scopes[provider],
      ),
    profile: async (code, verifier) =>
      idTokenProfile(
        await client.validateAuthorizationCode(token, code, verifier),
        localOAuthClient.clientId,
      ),
  };
}

/**
 * Google's and LINE's OpenID Connect claims. The id_token comes straight from the provider's token
 * endpoint over TLS, so its signature need not be checked (OIDC Core §3.1.3.7); its audience is.
 * LINE sends no email_verified claim: its addresses count as unverified.
 */
function idTokenProfile(tokens: OAuth2Tokens, clientId: string): SocialProfile {
  const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(clientId)) throw new Error("id_token was issued to another client");
  if (typeof claims.sub !== "string" || claims.sub === "") throw new Error("id_token has no subject");
  return {
    providerUserId: claims.sub,
    email: nonEmpty(claims.email),
    // Older Google tokens carry the claim as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: nonEmpty(claims.name),
  };
}

/**
 * The Graph API's /me. Facebook says nothing of whether the address is verified, so it counts as
 * unverified: it names a new member but never links to an existing one.
 */
async function graphProfile(
  url: string,
  accessToken: string,
  appSecretProof?: string,
): Promise<SocialProfile> {
  const target = new URL(url);
  target.searchParams.set("fields", "id,name,email");
  if (appSecretProof) target.searchParams.set("appsecret_proof", appSecretProof);
  const response = await fetch(target, {
    headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    signal: AbortSignal.timeout(profileTimeoutMs),
  });
  if (!response.ok) throw new Error(`Graph API /me answered ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  if (typeof body.id !== "string" || body.id === "") throw new Error("Graph API /me has no id");
  return {
    providerUserId: body.id,
    email: nonEmpty(body.email),
    emailVerified: false,
    name: nonEmpty(body.name),
  };
}

const nonEmpty = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/** A sign-in the site refuses, with the zh-TW message for the person. */
export class SocialSignInRefused extends Error {
  /**
   * `unverified_email`: the address is a member's, and the provider does not vouch for it;
   * `password_account`: it is the account of a password, which the person has not shown they know.
   */
  readonly reason: "no_email" | "unverified_email" | "password_account";
  constructor(reason: SocialSignInRefused["reason"]) {
    super(reason === "no_email" ? memberMessages.socialNoEmail : memberMessages.socialUnverifiedEmail);
    this.reason = reason;
  }
}

export type SocialSignIn = { memberId: number; outcome: "returning" | "linked" | "created" };

/**
 * The member a provider's person is: the one already linked to that identity; else the member with
 * the same (verified) e-mail, now linked; else a new member. Refused when the e-mail belongs to a
 * member but the provider has not verified it, or when there is no e-mail to make a member with.
 */
export async function signInWithSocial(
  db: Database,
  provider: SocialProvider,
  profile: SocialProfile,
  now = Date.now(),
): Promise<SocialSignIn> {
  try {
    return await resolveMember(db, provider, profile, now);
  } catch (error) {
    // Two callbacks of the same person at once: the loser finds what the winner just made.
    if (uniqueViolation(error) !== undefined) return resolveMember(db, provider, profile, now);
    throw error;
  }
}

async function resolveMember(
  db: Database,
  provider: SocialProvider,
  profile: SocialProfile,
  now: number,
): Promise<SocialSignIn> {
  const [identity] = await db
    .select({ memberId: memberIdentities.member_id, email: memberIdentities.email })
    .from(memberIdentities)
    .where(
      and(
        eq(memberIdentities.provider, provider),
        eq(memberIdentities.provider_user_id, profile.providerUserId),
      ),
    );
  if (identity) {
    if (profile.email && profile.email !== identity.email) {
      await db
        .update(memberIdentities)
        .set({ email: profile.email })
        .where(
          and(
            eq(memberIdentities.provider, provider),
            eq(memberIdentities.provider_user_id, profile.providerUserId),
          ),
        );
    }
    return { memberId: identity.memberId, outcome: "returning" };
  }

  const email = profile.email;
  const nowIso = new Date(now).toISOString();
  const [existing] = email
    ? await db
        .select({
          id: members.id,
          emailVerifiedAt: members.email_verified_at,
          hasPassword: sql<boolean>`${members.password_hash} is not null`,
        })
        .from(members)
        .where(sql`lower(${members.email}) = lower(${email})`)
    : [];
  if (existing) {
    if (!profile.emailVerified) throw new SocialSignInRefused("unverified_email");
    // A confirmed account with a password is joined only by signing in with the password: its
    // password may be someone's who opened the account with this address before its owner
    // confirmed it, and would otherwise go on opening the account the owner now signs into.
    if (existing.emailVerifiedAt && existing.hasPassword) throw new SocialSignInRefused("password_account");
    await db.transaction(async (tx) => {
      await tx.insert(memberIdentities).values({
        member_id: existing.id,
        provider,
        provider_user_id: profile.providerUserId,
        email,
        email_vouched: 1,
      });
      if (!existing.emailVerifiedAt) {
        await dropUnvouchedIdentities(tx, existing.id);
        // Whoever registered this address without confirming it may not be its owner: their
        // password and sessions go, so the provider's verified owner alone holds the account.
        await tx
          .update(members)
          .set({ email_verified_at: nowIso, password_hash: null, updated_at: nowIso })
          .where(eq(members.id, existing.id));
        await revokeMemberSessions(tx, existing.id, { now });
      }
    });
    return { memberId: existing.id, outcome: "linked" };
  }
  if (!email) throw new SocialSignInRefused("no_email");

  const memberId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(members)
      .values({
        account: null,
        email,
        name: (profile.name ?? (email.split("@")[0] || email)).slice(0, memberLimits.name),
        password_hash: null,
        email_verified_at: profile.emailVerified ? nowIso : null,
      })
      .returning({ id: members.id });
    if (!created) throw new Error("member insert returned no row");
    await tx.insert(memberIdentities).values({
      member_id: created.id,
      provider,
      provider_user_id: profile.providerUserId,
      email,
      email_vouched: profile.emailVerified ? 1 : 0,
    });
    return created.id;
  });
  return { memberId, outcome: "created" };
}
