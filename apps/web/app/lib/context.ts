import { createContext } from "react-router";
import type { ApiClient } from "./api.server.ts";

/** Handed to every loader by the server (see server/app.ts); never imported as a singleton. */
export const apiContext = createContext<ApiClient>();

export type SiteConfig = {
  publicUrl: string;
  /** The API's address as browsers reach it: social sign-in starts there. */
  apiPublicUrl: string;
  /**
   * reCAPTCHA's site key. Unset, the API checks forms with its local stand-in (never in
   * production), which accepts one fixed token: `localCaptchaToken`.
   */
  captchaSiteKey?: string;
};

/**
 * Where the server's render logs a failure: the server's JSON log, with the request's id (set by
 * server/app.ts). Absent, as in tests, the console.
 */
export type ErrorLog = (error: unknown, message: string) => void;
export const errorLogContext = createContext<ErrorLog>((error) => console.error(error));

/** The one token the API's local captcha stand-in accepts (apps/api/src/lib/captcha.ts). */
export const localCaptchaToken = "local-pass";
export const siteConfigContext = createContext<SiteConfig>();
