/**
 * React picks its development or production build from NODE_ENV when first loaded; this module is
 * imported before anything else so that an unset NODE_ENV means production.
 */
process.env.NODE_ENV ??= "production";
