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

/** The one token the API's local captcha stand-in accepts (apps/api/src/lib/captcha.ts). */
export const localCaptchaToken = "local-pass";
export const siteConfigContext = createContext<SiteConfig>();
