import { z } from "./zod.ts";
import { digits } from "./query.ts";
import { memberMessages } from "./member-messages.ts";
import { messages } from "./messages.ts";
import { postSpelling, taiwanAddressIssues } from "./taiwan-districts.ts";
import {
  confirmField,
  email,
  flag,
  halfWidth,
  maxLength,
  optionalField,
  optionalPhone,
  password,
  requiredOrInvalid,
  requiredRaw,
  requiredText,
  terms,
  username,
} from "./validation.ts";

/*
 * Members (SPEC §3, §4, §7): the requests of the /members calls and the forms that send them. The
 * web's forms, the web's actions and the API parse the very same schemas.
 */

export const memberLimits = {
  name: 50,
  email: 254,
  account: 50,
  zip: 6,
  city: 10,
  dist: 10,
  addr: 120,
} as const;

/** The client id of SPEC §9; its secret is configuration and never reaches the browser. */
export const memberClientId = 13;

export { memberMessages };

const passwordConfirmation = () => requiredRaw();

/**
 * The nonce a browser keeps for the verification link it asked for (at registration, or from the
 * member page): followed in that browser, the link signs the member in. 重新寄送驗證信 binds its
 * link to no browser (anyone may ask it for any address).
 */
const vouch = z.string().min(16).max(200);

export const registerSchema = z
  .object({
    account: username().check(maxLength(memberLimits.account)),
    password: password(),
    password_confirmation: passwordConfirmation(),
    email: email().check(maxLength(memberLimits.email)),
    name: requiredText().check(maxLength(memberLimits.name)),
    mobile: optionalPhone(),
    terms: terms(),
    /** 1: also subscribe this address to the newsletter (double opt-in, see newsletter.ts). */
    subscribe: flag(),
    /** Sent by the site's server for the registering browser, never typed. */
    vouch: vouch.optional(),
  })
  .check(confirmField("password", "password_confirmation"));
export type RegisterInput = z.input<typeof registerSchema>;

/** `account` is the account name or the e-mail address. */
export const loginSchema = z.object({
  account: requiredText().check(maxLength(memberLimits.email)),
  password: requiredRaw().check(maxLength(100)),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Resend the verification mail, or ask for a password-reset mail. */
export const emailRequestSchema = z.object({ email: email().check(maxLength(memberLimits.email)) });

export const activateSchema = z.object({
  token: requiredText().check(maxLength(200)),
  vouch: vouch.optional(),
});

export const ownVerificationSchema = z.object({ vouch });

/**
 * What a mailed link is for: verifying the address, resetting the password, deleting the account,
 * or confirming a new address.
 */
export const mailLinkPurposes = ["verify", "reset", "delete", "email"] as const;

/** POST /members/link-check: whether a mailed link still works, before its page asks for more. */
export const mailLinkCheckSchema = z.object({
  token: requiredText().check(maxLength(200)),
  purpose: z.enum(mailLinkPurposes, { error: messages.invalidParams }),
});

export const resetPasswordSchema = z
  .object({
    token: requiredText().check(maxLength(200)),
    password: password(),
    password_confirmation: passwordConfirmation(),
  })
  .check(confirmField("password", "password_confirmation"));

/** SPEC §7: POST /members/refresh. `client_id` arrives as a number (JSON) or a string (form). */
export const refreshSchema = z.object({
  grant_type: z.literal("refresh_token", { error: "grant_type 必須為 refresh_token" }),
  client_id: digits(
    z.preprocess(
      (value) => (typeof value === "string" ? Number(value) : value),
      z.number({ error: requiredOrInvalid }).int({ error: messages.invalidParams }),
    ),
  ),
  client_secret: requiredRaw().check(maxLength(200)),
  refresh_token: requiredRaw().check(maxLength(200)),
});
export type RefreshInput = z.input<typeof refreshSchema>;

/** Taiwan's postcodes: 3 digits, or 5 or 6 (3+2, 3+3). */
export const taiwanZip = /^\d{3}(?:\d{2,3})?$/;
export const taiwanZipMessage = "請輸入 3、5 或 6 位數的郵遞區號";

export const memberAddressSchema = z
  .object({
    zip: optionalField(z.string().trim().overwrite(halfWidth).regex(taiwanZip, { error: taiwanZipMessage })),
    city: optionalField(z.string().trim().overwrite(postSpelling).check(maxLength(memberLimits.city))),
    dist: optionalField(z.string().trim().overwrite(postSpelling).check(maxLength(memberLimits.dist))),
    addr: optionalField(z.string().trim().check(maxLength(memberLimits.addr))),
  })
  .check((payload) => {
    // All four or none: a 縣市 alone would be filled in at checkout and on a paper receipt as an address.
    const fields = ["zip", "city", "dist", "addr"] as const;
    if (!fields.some((field) => payload.value[field] !== undefined)) return;
    for (const field of fields) {
      if (payload.value[field] === undefined) {
        payload.issues.push({
          code: "custom",
          message: messages.required,
          path: [field],
          input: payload.value,
        });
      }
    }
    // A 縣市 of Taiwan, a 鄉鎮市區 of it, and its postcode.
    for (const { field, message } of taiwanAddressIssues(payload.value))
      payload.issues.push({ code: "custom", message, path: [field], input: payload.value });
  });
export type MemberAddress = z.output<typeof memberAddressSchema>;

/** The profile form of /member. */
export const profileSchema = z.object({
  name: requiredText().check(maxLength(memberLimits.name)),
  mobile: optionalPhone(),
  address: memberAddressSchema.optional(),
});

/** A new password that is the current one changes nothing: said at the new password. */
const newPasswordDiffers = z.refine<{ current_password?: unknown; password?: unknown }>(
  (value) => value.password === undefined || value.password !== value.current_password,
  {
    error: memberMessages.passwordUnchanged,
    path: ["password"],
    when: ({ value, issues }) =>
      typeof value === "object" && value !== null && !issues.some((issue) => issue.path?.[0] === "password"),
  },
);

/** The change-password form of /member: the current password is always needed. */
export const changePasswordSchema = z
  .object({
    current_password: requiredRaw().check(maxLength(100)),
    password: password(),
    password_confirmation: passwordConfirmation(),
  })
  .check(confirmField("password", "password_confirmation"))
  .check(newPasswordDiffers);

/**
 * PATCH /members/{id}: any of the profile fields, and/or a new password. `mobile` and `address`
 * sent as null (or empty) are cleared; left out, they stay. A member who has a password must send
 * it as `current_password` to change it; one who joined through a social provider and has none
 * sets a first one without, once the address is confirmed. Only the API knows which, so it checks
 * that, not this schema.
 */
export const memberUpdateSchema = z
  .object({
    name: requiredText().check(maxLength(memberLimits.name)).optional(),
    mobile: z.union([optionalPhone(), z.null()]).optional(),
    // Not a union with null: a union that fails reports itself, not the field that is wrong.
    address: memberAddressSchema.nullable().optional(),
    current_password: optionalField(requiredRaw().check(maxLength(100))),
    password: optionalField(password()),
    password_confirmation: optionalField(passwordConfirmation()),
  })
  .check(confirmField("password", "password_confirmation"))
  .check(newPasswordDiffers);
export type MemberUpdateInput = z.input<typeof memberUpdateSchema>;

/**
 * Deleting one's own account: the current password. An account without one (signed up with
 * Google, Facebook or LINE) sends nothing, and is mailed a link that confirms it.
 */
export const memberDeletionSchema = z.object({
  password: optionalField(requiredRaw().check(maxLength(100))),
});

/** POST /members/delete: the token of the mailed link that confirms a deletion. */
export const deletionConfirmSchema = z.object({ token: requiredText().check(maxLength(200)) });
export type MemberDeletionInput = z.input<typeof memberDeletionSchema>;

/**
 * POST /members/{id}/email: the new address, and the current password when the account has one.
 * `vouch`, for an address not yet confirmed: the nonce of the browser that asks (see `vouch` above).
 */
export const emailChangeSchema = z.object({
  email: email().check(maxLength(memberLimits.email)),
  current_password: optionalField(requiredRaw().check(maxLength(100))),
  vouch: vouch.optional(),
});
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

/** POST /members/confirm-email: the token of the mailed link that confirms a new address. */
export const emailChangeConfirmSchema = z.object({ token: requiredText().check(maxLength(200)) });

export const socialProviders = ["google", "facebook", "line"] as const;
export type SocialProvider = (typeof socialProviders)[number];
export const socialProviderNames: Record<SocialProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  line: "LINE",
};

export const memberSchema = z.object({
  id: z.number().int(),
  account: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  address: z
    .object({
      zip: z.string().optional(),
      city: z.string().optional(),
      dist: z.string().optional(),
      addr: z.string().optional(),
    })
    .nullable(),
  email_verified: z.boolean(),
  /** A new address asked for and not yet confirmed from its mailbox: it, and when its link lapses. */
  pending_email: z.object({ email: z.string(), expires_at: z.string() }).nullable(),
  has_password: z.boolean(),
  providers: z.array(z.enum(socialProviders)),
  created_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const tokenPairSchema = z.object({
  token_type: z.literal("Bearer"),
  access_token: z.string(),
  /** Seconds the access token is valid (at most 900). */
  expires_in: z.number().int(),
  refresh_token: z.string(),
  /** Seconds the refresh token is valid (30 days). */
  refresh_expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** POST /members/login: the tokens and the member. */
export const loginResultSchema = tokenPairSchema.extend({ data: memberSchema, message: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * POST /members/activate: signed in (as a login) when the link is followed in the browser that
 * asked for it; else the account is active and the member signs in as usual, so that no one can
 * sign another person's browser into their own account with a link of theirs.
 */
export const activationResultSchema = z.union([
  loginResultSchema,
  z.object({ data: memberSchema, message: z.string() }),
]);
export type ActivationResult = z.infer<typeof activationResultSchema>;

export const memberItemSchema = z.object({ data: memberSchema, message: z.string().optional() });
export const messageSchema = z.object({ message: z.string() });
