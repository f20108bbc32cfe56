import { createContext } from "react-router";
import type { ApiClient } from "./api.server.ts";

/** Handed to every loader by the server (see server/app.ts); never imported as a singleton. */
export const apiContext = createContext<ApiClient>();

export type SiteConfig = {
  publicUrl: string;
  /** The API's address as browsers reach it: social sign-in starts there. */
  apiPublicUrl: string;
};
export const siteConfigContext = createContext<SiteConfig>();
