/*
 * Plain values shared by the API and the site, without Zod: modules that run in every page of the
 * site (the local cart in the root layout) import them from `@shiyi/contracts/constants`, so the
 * schemas stay out of reading pages' JavaScript.
 */

export const productTypes = ["magazine", "merch"] as const;
export type ProductType = (typeof productTypes)[number];

export const cartLimits = {
  /** One line's quantity as a request may send it; the item's stock and max_quantity bound it further. */
  quantity: 999,
  /** Options of one line (size, colour…), and the length of each. */
  skuOptions: 10,
  skuLength: 100,
  /** Lines of one bulk add (local lines merged at login). */
  bulkItems: 100,
} as const;

/**
 * Search stops counting here (decision 018): past it the counts are lower bounds and the pages end.
 */
export const searchCountLimit = 500;
