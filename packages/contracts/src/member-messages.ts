import { loggedOut, sessionExpired } from "./session-messages.ts";

/*
 * Without Zod, so that pages which only need these texts do not load the schemas: import them from
 * `@shiyi/contracts/member-messages` there. The root layout's 請重新登入 dialog takes its two texts
 * from `@shiyi/contracts/session-messages`, so that every page does not carry all of these.
 */

/** The zh-TW texts of the member calls and pages. `unauthenticated` is SPEC §4's exact API message. */
export const memberMessages = {
  unauthenticated: "Unauthenticated.",
  forbidden: "您沒有權限存取此資料",
  accountTaken: "此帳號已被使用",
  emailTaken: "此電子郵件已被註冊",
  loginFailed: "帳號或密碼錯誤",
  /** Too many wrong passwords: the sign-in waits `seconds`, whatever is typed meanwhile. */
  loginLocked: (seconds: number) =>
    `登入失敗次數過多，請於 ${seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分鐘`}後再試，或使用「忘記密碼」重新設定密碼`,
  notVerified: "帳號尚未完成電子郵件驗證，請至信箱點擊驗證連結，或重新寄送驗證信",
  registered: "註冊成功！驗證信已寄至您的信箱，請點擊信中的連結啟用帳號",
  verificationSent: "若此電子郵件已註冊且尚未驗證，驗證信將寄至您的信箱",
  ownVerificationSent: "驗證信已寄出，請至信箱點擊連結完成驗證",
  alreadyVerified: "您的電子郵件已完成驗證，不需要再寄送驗證信",
  activated: "帳號已啟用，歡迎加入！",
  activatedSignIn: "帳號已啟用，請登入",
  activationInvalid: "驗證連結無效或已過期，請重新寄送驗證信",
  resetSent: "若此電子郵件已註冊，重設密碼的連結將寄至您的信箱，連結一小時內有效",
  resetDone: "密碼已重設，請以新密碼登入",
  resetInvalid: "重設密碼連結無效或已過期，請重新申請",
  currentPasswordWrong: "目前的密碼不正確",
  passwordUnchanged: "新密碼不可與目前的密碼相同",
  profileUpdated: "會員資料已更新",
  passwordChanged: "密碼已更新",
  verifyBeforePassword: "請先驗證電子郵件，再設定密碼",
  loggedIn: "登入成功",
  loggedOut,
  loggedOutEverywhere: "已登出所有裝置",
  accountDeleted: "您的帳號已刪除，感謝您曾經的支持",
  deletionMailed: "確認信已寄至您的電子郵件，請在一小時內點擊信中的連結完成刪除",
  deletionLinkInvalid: "刪除帳號的確認連結無效或已過期，請回到會員中心重新申請",
  deletionBlockedByGift:
    "您有進行中或尚未完成付款的定期捐款：進行中的請先取消；尚未付款的會在三天後失效，之後即可刪除帳號",
  emailUnchanged: "這是您目前使用的電子郵件",
  emailChangeMailed: "確認信已寄至新的電子郵件，請在 24 小時內開啟信中的連結並確認變更",
  emailCorrected: "電子郵件已更新，驗證信已寄至新的電子郵件",
  emailChanged: "電子郵件已變更，之後請以新的電子郵件登入",
  emailChangeLinkInvalid: "變更電子郵件的確認連結無效或已過期，請回到會員中心重新申請",
  refreshInvalid: "登入時效已過，請重新登入！",
  invalidClient: "用戶端驗證失敗",
  socialFailed: "社群登入失敗，請稍後再試",
  socialCancelled: "您已取消社群登入，可改用其他方式登入",
  socialNoEmail: "無法從社群帳號取得電子郵件，請改用帳號密碼註冊",
  socialUnverifiedEmail: "此電子郵件已有會員使用，請先以帳號密碼登入",
  /** SPEC §4: the dialog shown when a session cannot be refreshed. */
  sessionExpiredTitle: sessionExpired.title,
  sessionExpiredMessage: sessionExpired.message,
} as const;
