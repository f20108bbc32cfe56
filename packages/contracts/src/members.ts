import { z } from "zod";
import {
  confirmField,
  email,
  maxLength,
  optionalField,
  optionalPhone,
  password,
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

/** The zh-TW texts of the member calls and pages. `unauthenticated` is SPEC §4's exact API message. */
export const memberMessages = {
  unauthenticated: "Unauthenticated.",
  forbidden: "您沒有權限存取此資料",
  accountTaken: "此帳號已被使用",
  emailTaken: "此電子郵件已被註冊",
  loginFailed: "帳號或密碼錯誤",
  notVerified: "帳號尚未完成電子郵件驗證，請至信箱點擊驗證連結，或重新寄送驗證信",
  registered: "註冊成功！驗證信已寄至您的信箱，請點擊信中的連結啟用帳號",
  verificationSent: "若此電子郵件已註冊且尚未驗證，驗證信將寄至您的信箱",
  activated: "帳號已啟用，歡迎加入！",
  activationInvalid: "驗證連結無效或已過期，請重新寄送驗證信",
  resetSent: "若此電子郵件已註冊，重設密碼的連結將寄至您的信箱，連結一小時內有效",
  resetDone: "密碼已重設，請以新密碼登入",
  resetInvalid: "重設密碼連結無效或已過期，請重新申請",
  currentPasswordWrong: "目前的密碼不正確",
  profileUpdated: "會員資料已更新",
  passwordChanged: "密碼已更新",
  loggedIn: "登入成功",
  loggedOut: "您已登出",
  loggedOutEverywhere: "已登出所有裝置",
  refreshInvalid: "登入時效已過，請重新登入！",
  invalidClient: "用戶端驗證失敗",
  socialFailed: "社群登入失敗，請稍後再試",
  socialNoEmail: "無法從社群帳號取得電子郵件，請改用帳號密碼註冊",
  socialUnverifiedEmail: "此電子郵件已有會員使用，請先以帳號密碼登入",
  /** SPEC §4: the dialog shown when a session cannot be refreshed. */
  sessionExpiredTitle: "請重新登入",
  sessionExpiredMessage: "登入時效已過，請重新登入！",
} as const;

const passwordConfirmation = () => requiredRaw();

export const registerSchema = z
  .object({
    account: username().check(maxLength(memberLimits.account)),
    password: password(),
    password_confirmation: passwordConfirmation(),
    email: email().check(maxLength(memberLimits.email)),
    name: requiredText().check(maxLength(memberLimits.name)),
    mobile: optionalPhone(),
    terms: terms(),
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

export const activateSchema = z.object({ token: requiredText().check(maxLength(200)) });

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
  client_id: z.coerce.number().int(),
  client_secret: z.string().min(1).max(200),
  refresh_token: z.string().min(1).max(200),
});
export type RefreshInput = z.input<typeof refreshSchema>;

export const memberAddressSchema = z.object({
  zip: optionalField(
    z
      .string()
      .trim()
      .regex(/^\d{3,6}$/, { error: "請輸入 3 至 6 位數的郵遞區號" }),
  ),
  city: optionalField(z.string().trim().check(maxLength(memberLimits.city))),
  dist: optionalField(z.string().trim().check(maxLength(memberLimits.dist))),
  addr: optionalField(z.string().trim().check(maxLength(memberLimits.addr))),
});
export type MemberAddress = z.output<typeof memberAddressSchema>;

/** The profile form of /member. */
export const profileSchema = z.object({
  name: requiredText().check(maxLength(memberLimits.name)),
  mobile: optionalPhone(),
  address: memberAddressSchema.optional(),
});

/** The change-password form of /member: the current password is always needed. */
export const changePasswordSchema = z
  .object({
    current_password: requiredRaw().check(maxLength(100)),
    password: password(),
    password_confirmation: passwordConfirmation(),
  })
  .check(confirmField("password", "password_confirmation"));

/**
 * PATCH /members/{id}: any of the profile fields, and/or a new password. `mobile` and `address`
 * sent as null (or empty) are cleared; left out, they stay. A member who has a password must send
 * it as `current_password` to change it; one who joined through a social provider and has none
 * sets a first one without. Only the API knows which, so it checks that, not this schema.
 */
export const memberUpdateSchema = z
  .object({
    name: requiredText().check(maxLength(memberLimits.name)).optional(),
    mobile: z.union([optionalPhone(), z.null()]).optional(),
    address: z.union([memberAddressSchema, z.null()]).optional(),
    current_password: optionalField(requiredRaw().check(maxLength(100))),
    password: optionalField(password()),
    password_confirmation: optionalField(passwordConfirmation()),
  })
  .check(confirmField("password", "password_confirmation"));
export type MemberUpdateInput = z.input<typeof memberUpdateSchema>;

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

export const memberItemSchema = z.object({ data: memberSchema, message: z.string().optional() });
export const messageSchema = z.object({ message: z.string() });
