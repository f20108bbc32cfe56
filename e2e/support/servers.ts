/** Addresses of the servers `playwright.config.ts` starts, shared with the specs. */
export const siteUrl = "http://localhost:3100";
export const splitApiUrl = "http://127.0.0.1:3101/api";
export const splitSiteUrl = "http://localhost:3102";
