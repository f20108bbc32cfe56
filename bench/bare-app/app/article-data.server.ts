import { readFileSync } from "node:fs";

/**
 * The data behind the site's article page: the JSON file named by BARE_DATA_FILE (bench/run.ts
 * writes the API's answers for the article and the site settings there). Read and parsed once, as
 * the site's read cache hands out one parsed value.
 */
const file = process.env.BARE_DATA_FILE;
export const articleData = (file ? JSON.parse(readFileSync(file, "utf8")) : {}) as {
  article?: { title?: string };
};
