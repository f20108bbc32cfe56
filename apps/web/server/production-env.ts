/**
 * React picks its development or production build from NODE_ENV when first loaded; this module is
 * imported before anything else so that an unset NODE_ENV means production.
 *
 * `receivedEnv` keeps the environment as the process received it, for the configuration: an unset
 * NODE_ENV runs React's production build but is still a local run (mail caught at /_mail), while an
 * explicit NODE_ENV=production marks a deployment, which must configure SMTP_URL.
 */
export const receivedEnv: NodeJS.ProcessEnv = { ...process.env };
process.env.NODE_ENV ??= "production";
