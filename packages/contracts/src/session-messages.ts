/*
 * Apart from the member texts, so that every page's root layout carries only these.
 */

/** SPEC §4: the dialog shown when a session cannot be refreshed. */
export const sessionExpired = {
  title: "請重新登入",
  message: "登入時效已過，請重新登入！",
} as const;

/** Said by the page the logout button leads to. */
export const loggedOut = "您已登出";
