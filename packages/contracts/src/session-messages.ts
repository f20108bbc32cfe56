/**
 * SPEC §4: the dialog shown when a session cannot be refreshed. Apart from the member texts, so
 * that every page's root layout carries only these two.
 */
export const sessionExpired = {
  title: "請重新登入",
  message: "登入時效已過，請重新登入！",
} as const;
