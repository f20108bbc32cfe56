import { z } from "./zod.ts";
import { imageSchema, paginationMetaSchema } from "./api-types.ts";
import { searchCountLimit } from "./constants.ts";
import { messages } from "./messages.ts";

export { searchCountLimit };
import { positiveInt } from "./query.ts";

/** What search covers, in the order the results page lists the kinds. */
export const searchTypes = ["news", "columns", "features", "magazines", "authors"] as const;
export type SearchType = (typeof searchTypes)[number];

/** The kinds' names on the results page (its tabs and the label of each hit). */
export const searchTypeNames: Record<SearchType, string> = {
  news: "新聞",
  columns: "專欄",
  features: "專題",
  magazines: "雜誌",
  authors: "作者",
};

/** Longest query taken; a longer one is an error rather than silently cut. */
export const searchQueryMaxLength = 100;

/** `GET /search?q=…&type=…&page=…&limit=…`; an empty `q` is allowed and answers with suggestions. */
export const searchQuery = z.object({
  q: z
    .string()
    .trim()
    .normalize("NFC")
    .max(searchQueryMaxLength, { error: messages.maxLength(searchQueryMaxLength) })
    .default(""),
  type: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(searchTypes, { error: messages.invalidParams }).optional(),
  ),
  page: positiveInt(1, 1000),
  limit: positiveInt(10, 50),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A run of text, marked when it matched the query; a title or snippet is a list of runs. */
export const highlightSchema = z.array(z.object({ text: z.string(), mark: z.boolean() }));
export type Highlight = z.infer<typeof highlightSchema>;

export const searchHitSchema = z.object({
  type: z.enum(searchTypes),
  id: z.number().int(),
  path: z.string(),
  /** The page on the site, e.g. `/news/<path>` or `/author/<path>`. */
  url: z.string(),
  title: z.string(),
  title_highlight: highlightSchema,
  /** Text around the first match (description, else body), with the matches marked. */
  snippet: highlightSchema,
  image: imageSchema.nullable(),
  date: z.string().nullable(),
  /** A category, an issue number or an author's title. */
  label: z.string().nullable(),
  author: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchCountsSchema = z.object({
  all: z.number().int(),
  news: z.number().int(),
  columns: z.number().int(),
  features: z.number().int(),
  magazines: z.number().int(),
  authors: z.number().int(),
});
export type SearchCounts = z.infer<typeof searchCountsSchema>;

/** A query worth trying, with how many results it has. */
export const searchSuggestionSchema = z.object({ q: z.string(), count: z.number().int() });
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchResultSchema = z.object({
  data: z.array(searchHitSchema),
  meta: paginationMetaSchema,
  /**
   * The query as taken (trimmed) and its terms after folding, as they were matched. `relaxed`: the
   * query as typed found nothing, so the words of it the archive knows were looked for apart
   * (「總鋪師辦桌」 → 總鋪師, 辦桌).
   */
  query: z.object({
    q: z.string(),
    type: z.enum(searchTypes).nullable(),
    terms: z.array(z.string()),
    relaxed: z.boolean(),
  }),
  /** Results per kind, whatever the `type` filter. */
  counts: searchCountsSchema,
  /**
   * True when the query has more than `searchCountLimit` (500) results: counting stopped there, so
   * the counts are lower bounds (show them as 「500+」) and the pages end at the 500th result.
   */
  counts_capped: z.boolean(),
  /**
   * Empty query: topics worth reading. No result: the query's words that do have results, else
   * the same topics. Otherwise empty.
   */
  suggestions: z.array(searchSuggestionSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
