// The judging set of GET /search: zh-TW queries over the demo content (src/db/seed-data) and the
// results they must give. Every expectation follows from the seed files and the search rules:
// text folded (NFKC, lower case, variant characters such as 臺→台, 裏→裡, 着→著); a Chinese term
// matches as a substring within a run of Chinese characters (punctuation breaks a run); terms
// separated by whitespace must all match; fields are title (authors: name), description (authors:
// their title + description) and body (articles: content; magazines: content + table of contents;
// authors: bio); ranking is tier 3 when every term is in the title, else tier 2 when every term is in
// title or description, else tier 1, newest first within a tier. Unpublished items never appear: the
// draft news `draft-winter-menu-preview` (status 0) and the column `scheduled-winter-citrus`
// (published 30 days after the seed runs).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { folderStore } from "@shiyi/media-store";
import { searchTypes, type SearchResult, type SearchType } from "@shiyi/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { seed } from "../src/db/seed.ts";
import { useApi, type ApiClient } from "./api.ts";
import { databaseTargets } from "./databases.ts";

type Case = {
  q: string;
  type?: SearchType;
  /** What the case checks and why the expectation holds, from the seed data. */
  why: string;
  /** The first hit, as `type/path`. */
  first?: string;
  /** The first hits in exactly this order (starting with `first`). */
  order?: string[];
  /** Hits that must be among the first three / five. */
  top3?: string[];
  top5?: string[];
  /** The number of results (meta.total). */
  total?: number;
  /** `query.terms`: the terms after folding. */
  terms?: string[];
  /**
   * The query as typed finds nothing, so it was searched as these words apart (`query.relaxed`);
   * every other case must not be relaxed.
   */
  relaxed?: string[];
  /** No result at all; `words` names the query's words that have results (with their counts). */
  none?: { words?: { q: string; count: number }[] };
};

const cases: Case[] = [
  // Exact title words.
  {
    q: "稻埕米舍",
    first: "news/a-rice-bar-in-dadaocheng",
    total: 1,
    why: "the name in one news title (大稻埕新開米食酒場「稻埕米舍」…) and nowhere else",
  },
  {
    q: "  稻埕米舍  ",
    first: "news/a-rice-bar-in-dadaocheng",
    total: 1,
    terms: ["稻埕米舍"],
    why: "surrounding spaces are trimmed",
  },
  {
    q: "晨粥",
    first: "news/tainan-breakfast-revival",
    total: 1,
    why: "only in the title (and body) of the Tainan breakfast news",
  },
  {
    q: "山海食堂",
    first: "news/hualien-indigenous-kitchen",
    total: 1,
    why: "only in the Hualien kitchen news",
  },
  {
    q: "鹽埕潮",
    first: "news/kaohsiung-harbor-seafood-counter",
    total: 1,
    why: "only in the Kaohsiung seafood counter news",
  },
  {
    q: "餐廳直送",
    first: "news/yilan-rice-farmers-cooperative",
    total: 1,
    why: "inside 「餐廳直送」 in one title",
  },
  {
    q: "開幕",
    order: [
      "news/kaohsiung-harbor-seafood-counter",
      "news/taichung-vegetable-bistro",
      "news/tainan-breakfast-revival",
      "news/a-rice-bar-in-dadaocheng",
    ],
    total: 4,
    why: "three titles, newest first (10-05, 07-30, 03-19), then the one with it only in its description",
  },
  {
    q: "菜單",
    order: ["columns/a-menu-is-a-manual", "news/kaohsiung-harbor-seafood-counter"],
    top5: ["news/summer-mango-season", "columns/one-less-dish-on-the-menu"],
    why: "newest title with it (2026-10-06); the newer draft 【草稿】冬季菜單前瞻 is unpublished",
  },
  // Magazine issues.
  {
    q: "冬日湯鍋學",
    first: "magazines/issue-42-winter-hotpot",
    total: 1,
    why: "the title of issue 42",
  },
  {
    q: "夏日冰品",
    first: "magazines/issue-46-summer-desserts",
    total: 1,
    why: "in the title of issue 46 (夏日冰品與甜湯)",
  },
  // Ranking: the tier decides before the date.
  {
    q: "主廚",
    order: ["news/issue-47-launch-talk", "news/kitchen-knife-workshop"],
    top5: ["news/year-end-tasting-salon"],
    why: "only two titles have it (09-24, 04-25); the newer 11-12 news has it in its description only",
  },
  {
    q: "承銷商",
    order: [
      "columns/fishing-harbor-at-4am",
      "features/sustainable-seafood-choices",
      "magazines/issue-45-sustainable-seafood",
    ],
    total: 3,
    why: "description of the 07-14 column beats the newer feature (07-22) that has it in its body only",
  },
  {
    q: "業者表示",
    order: [
      "news/restaurant-labor-survey-2026",
      "news/winter-radish-and-mullet-roe",
      "news/typhoon-vegetable-prices",
    ],
    total: 3,
    why: "description of the 02-10 news beats two newer news with it only in their bodies",
  },
  // Words only in a description.
  {
    q: "桂竹筍",
    first: "news/spring-bamboo-shoots",
    total: 1,
    why: "description only (the title says 春筍)",
  },
  {
    q: "鶯歌",
    first: "features/the-journey-of-a-bowl",
    total: 1,
    why: "description of the bowl feature only",
  },
  {
    q: "劉阿婆",
    first: "columns/mountain-pickling",
    total: 1,
    why: "description (and body) of the pickling column only",
  },
  // Words only in a body.
  {
    q: "迪化街",
    first: "news/a-rice-bar-in-dadaocheng",
    total: 1,
    why: "body of the Dadaocheng news only",
  },
  {
    q: "一心二葉",
    first: "features/from-tea-garden-to-plate",
    total: 1,
    why: "body of the tea feature only",
  },
  {
    q: "排骨酥湯",
    first: "magazines/issue-42-winter-hotpot",
    total: 1,
    why: "a table-of-contents title of issue 42 (讀者食譜：阿嬤的排骨酥湯)",
  },
  {
    q: "政治大學",
    first: "authors/lin-ching-yi",
    total: 1,
    why: "the bio of 林靜宜 only",
  },
  {
    q: "凍頂",
    order: [
      "news/year-end-tasting-salon",
      "features/from-tea-garden-to-plate",
      "magazines/issue-47-tea-at-the-table",
    ],
    total: 3,
    why: "bodies only, so newest first: 11-12, 09-16, 09-15",
  },
  // 台 and 臺, and the other variant characters: the demo writes 台, 裡, 峰, 雞, 著, 線, 眾, 啟, 麵.
  {
    q: "臺南",
    order: ["news/tainan-breakfast-revival", "columns/the-banquet-masters"],
    total: 5,
    terms: ["台南"],
    why: "臺 folds to 台: title 台南老屋早餐店…, then the column whose description has 台南",
  },
  {
    q: "臺中",
    first: "news/taichung-vegetable-bistro",
    terms: ["台中"],
    why: "the only title with 台中 (台中蔬食小酒館「青田」開幕…); the rest have it in bodies",
  },
  {
    q: "餐桌上的臺灣史",
    order: ["news/spring-lecture-series", "authors/lin-ching-yi"],
    total: 2,
    why: "the lecture series title 「餐桌上的台灣史」, then the bio of 林靜宜 who hosts it",
  },
  {
    q: "市場裏的節氣",
    order: ["columns/solar-terms-at-the-market", "authors/huang-hsiao-wen"],
    total: 2,
    why: "裏 folds to 裡: the column title 菜市場裡的節氣, then the bio naming the book 《市場裡的節氣》",
  },
  {
    q: "高峯",
    first: "news/summer-mango-season",
    total: 1,
    why: "峯 folds to 峰: title 芒果產季高峰到來…",
  },
  {
    q: "麻油鷄",
    first: "magazines/issue-42-winter-hotpot",
    total: 1,
    why: "鷄 folds to 雞: description of issue 42; the draft news that also has 麻油雞 is unpublished",
  },
  {
    q: "急着漲價",
    first: "columns/before-raising-prices",
    total: 1,
    why: "着 folds to 著: title 食材成本飆漲時，先別急著漲價",
  },
  {
    q: "綫上訂餐",
    first: "news/delivery-platform-fees",
    total: 1,
    why: "綫 folds to 線: description …自有的線上訂餐…",
  },
  {
    q: "聽衆",
    first: "news/spring-lecture-series",
    total: 1,
    why: "衆 folds to 眾: body of the lecture series news",
  },
  {
    q: "啓動",
    first: "news/food-waste-reduction-pilot",
    total: 1,
    why: "啓 folds to 啟: body …今年夏天啟動「剩食減量…",
  },
  {
    q: "麪店",
    order: ["columns/regulars-and-small-restaurants", "news/digital-ordering-small-restaurants"],
    total: 2,
    why: "麪 folds to 麵: bodies (義大利麵店 11-03, 巷口的麵店 06-16), newest first",
  },
  {
    q: "爲什麼",
    first: "authors/huang-hsiao-wen",
    total: 3,
    why: "爲 folds to 為: description of 黃筱雯 (…為什麼這樣吃) beats two columns with it in bodies",
  },
  // Full-width and case: the demo's only Latin letter or digits in searched text are Q (Q彈) and 47.
  {
    q: "４７",
    first: "news/issue-47-launch-talk",
    terms: ["47"],
    why: "full-width digits fold to 47: title 《食藝》第47期「茶與餐桌」新刊分享會…",
  },
  {
    q: "Ｑ",
    first: "features/the-future-of-taiwanese-rice",
    total: 1,
    terms: ["q"],
    why: "full-width Ｑ folds to q: the rice feature's body says 軟黏Q彈",
  },
  {
    q: "q",
    first: "features/the-future-of-taiwanese-rice",
    total: 1,
    why: "lower case finds the upper-case Q of Q彈 (a Latin word of its own next to Chinese)",
  },
  // A single character.
  {
    q: "茶",
    order: [
      "news/year-end-tasting-salon",
      "news/new-season-oolong",
      "news/issue-47-launch-talk",
      "features/from-tea-garden-to-plate",
      "magazines/issue-47-tea-at-the-table",
    ],
    why: "one character matches any text with it: the titles with 茶, newest first",
  },
  {
    q: "筍",
    order: [
      "news/spring-bamboo-shoots",
      "news/taichung-vegetable-bistro",
      "magazines/issue-44-spring-greens",
      "columns/solar-terms-at-the-market",
    ],
    total: 4,
    why: "one title (春筍提早上市…), then three bodies newest first",
  },
  // Two terms: all must match.
  {
    q: "辦桌 總鋪師",
    order: ["columns/the-banquet-masters", "magazines/issue-41-banquet-culture", "authors/huang-hsiao-wen"],
    total: 3,
    terms: ["辦桌", "總鋪師"],
    why: "both in one title; issue 41 has 辦桌 in its title and 總鋪師 in its description; 黃筱雯 by bio",
  },
  {
    q: "辦桌\u3000總鋪師",
    order: ["columns/the-banquet-masters", "magazines/issue-41-banquet-culture", "authors/huang-hsiao-wen"],
    total: 3,
    terms: ["辦桌", "總鋪師"],
    why: "an ideographic space separates terms too (NFKC makes it a space)",
  },
  {
    q: "茶 甜點",
    first: "news/year-end-tasting-salon",
    top5: [
      "news/issue-47-launch-talk",
      "features/from-tea-garden-to-plate",
      "magazines/issue-47-tea-at-the-table",
    ],
    total: 6,
    why: "both only in one title (茶與甜點的對話); the rest have 茶 in the title and 甜點 in the description",
  },
  {
    q: "47 茶",
    first: "news/issue-47-launch-talk",
    total: 2,
    why: "a number and a character, both in one title; then issue 47 itself (第 47 期, a tea issue)",
  },
  // Authors.
  {
    q: "蔡明翰",
    order: ["authors/tsai-ming-han", "news/year-end-tasting-salon", "news/issue-47-launch-talk"],
    total: 14,
    why: "his name is a title only as the author's name; news name him in descriptions; the 8 issues whose tables of contents credit him (contributors are searchable)",
  },
  {
    q: "陳冠廷",
    type: "authors",
    first: "authors/chen-kuan-ting",
    total: 1,
    why: "the author; unfiltered, the knife workshop news (title 主廚陳冠廷示範…) ties with him",
  },
  // A type filter.
  {
    q: "主廚",
    type: "columns",
    order: [
      "columns/tea-pairing-at-the-table",
      "columns/one-less-dish-on-the-menu",
      "columns/the-cost-of-stock",
    ],
    total: 5,
    why: "no column title has it; three descriptions newest first; the unpublished citrus column too",
  },
  // No result.
  {
    q: "晨粥開幕",
    relaxed: ["晨粥", "開幕"],
    first: "news/tainan-breakfast-revival",
    total: 1,
    why: "the title has 「晨粥」開幕: the closing bracket breaks the run, so the query is searched as its two words",
  },
  {
    q: "晨粥 開幕",
    first: "news/tainan-breakfast-revival",
    total: 1,
    terms: ["晨粥", "開幕"],
    why: "as two terms both match that title",
  },
  {
    q: "總鋪師辦桌",
    relaxed: ["總鋪師", "辦桌"],
    first: "columns/the-banquet-masters",
    total: 3,
    why: "never as this sequence (辦桌的總鋪師們), so searched as 總鋪師 and 辦桌 (words no dictionary split keeps whole); both in the banquet column's title",
  },
  {
    q: "冬季柑橘",
    none: {},
    why: "only in the column published 30 days after the seed",
  },
  {
    q: "冬季菜單前瞻",
    relaxed: ["冬季", "菜單"],
    first: "news/winter-radish-and-mullet-roe",
    total: 1,
    why: "as typed only in the unpublished draft news (never listed), so searched as the words the published archive has",
  },
  {
    q: "芒果 總鋪師",
    none: {
      words: [
        { q: "芒果", count: 2 },
        { q: "總鋪師", count: 3 },
      ],
    },
    why: "each word has results (芒果: mango news, issue 46; 總鋪師: column, issue 41, 黃筱雯) but none both",
  },
  {
    q: "壽司",
    none: {},
    why: "nowhere in the demo; suggestions are topics worth reading",
  },
  {
    q: "",
    none: {},
    why: "an empty query answers with suggestions only",
  },
];

/** Never in any result. */
const unpublished = ["news/draft-winter-menu-preview", "columns/scheduled-winter-citrus"];

const key = (hit: { type: string; path: string }) => `${hit.type}/${hit.path}`;

const label = (c: Case) =>
  `${JSON.stringify(c.q)}${c.type ? ` [type=${c.type}]` : ""} → ` +
  `${c.none ? "no result" : (c.first ?? c.order?.[0])}: ${c.why}`;

function searchUrl(q: string, type?: SearchType) {
  return `/search?q=${encodeURIComponent(q)}${type ? `&type=${type}` : ""}`;
}

async function search(api: ApiClient, q: string, type?: SearchType) {
  const response = await api.get<SearchResult>(searchUrl(q, type));
  expect(response.status, `GET ${searchUrl(q, type)}`).toBe(200);
  return response.body;
}

describe.each(databaseTargets())("search relevance on $name", (target) => {
  let mediaDir: string | undefined;
  const api = useApi(target, async (db) => {
    mediaDir = await mkdtemp(path.join(tmpdir(), "shiyi-search-"));
    await seed(db, { media: folderStore(mediaDir) });
  });
  afterAll(async () => {
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it.each(cases.map((c) => [label(c), c] as const))("%s", async (_, c) => {
    const name = `q=${JSON.stringify(c.q)}${c.type ? ` type=${c.type}` : ""}`;
    const body = await search(api, c.q, c.type);
    const keys = body.data.map(key);
    const got = `${name} got [${keys.join(", ")}] (total ${body.meta.total})`;

    // What holds for every answer.
    expect(body.query.q, name).toBe(c.q.trim());
    expect(body.query.type, name).toBe(c.type ?? null);
    expect(body.meta.total, `${name}: meta.total is counts of the selected kind`).toBe(
      c.type ? body.counts[c.type] : body.counts.all,
    );
    expect(
      searchTypes.reduce((sum, type) => sum + body.counts[type], 0),
      `${name}: counts of the kinds add up to counts.all`,
    ).toBe(body.counts.all);
    for (const hit of body.data) expect(searchTypes, `${name}: hit type`).toContain(hit.type);
    if (c.type) for (const hit of body.data) expect(hit.type, `${name}: filtered by type`).toBe(c.type);
    for (const hidden of unpublished)
      expect(keys, `${name}: unpublished ${hidden} listed`).not.toContain(hidden);
    if (c.terms) expect(body.query.terms, `${name}: folded terms`).toEqual(c.terms);
    expect(body.query.relaxed, `${name}: relaxed`).toBe(Boolean(c.relaxed));
    if (c.relaxed) expect(body.query.terms, `${name}: the words searched apart`).toEqual(c.relaxed);

    if (c.none) {
      expect(body.meta.total, got).toBe(0);
      expect(body.counts.all, got).toBe(0);
      expect(body.data, got).toEqual([]);
      expect(Array.isArray(body.suggestions), `${name}: suggestions is an array`).toBe(true);
      expect(body.suggestions.length, `${name}: suggestions`).toBeGreaterThan(0);
      for (const suggestion of body.suggestions)
        expect(suggestion.count, `${name}: suggestion ${suggestion.q} has results`).toBeGreaterThan(0);
      if (c.none.words)
        expect(body.suggestions, `${name}: suggests the words that have results`).toEqual(
          expect.arrayContaining(c.none.words),
        );
      return;
    }

    expect(body.suggestions, `${name}: suggestions only without results`).toEqual([]);
    const first = c.first ?? c.order?.[0];
    if (first) expect(keys[0], `${got}: first hit`).toBe(first);
    if (c.order) expect(keys.slice(0, c.order.length), `${got}: order`).toEqual(c.order);
    for (const wanted of c.top3 ?? []) expect(keys.slice(0, 3), `${got}: top 3`).toContain(wanted);
    for (const wanted of c.top5 ?? []) expect(keys.slice(0, 5), `${got}: top 5`).toContain(wanted);
    if (c.total !== undefined) expect(body.meta.total, `${got}: total`).toBe(c.total);
  });

  it("suggests queries whose counts are what searching them gives", async () => {
    for (const q of ["", "壽司", "芒果 總鋪師"]) {
      const { suggestions } = await search(api, q);
      expect(suggestions.length, `q=${JSON.stringify(q)}: suggestions`).toBeGreaterThan(0);
      for (const suggestion of suggestions) {
        const result = await search(api, suggestion.q);
        expect(result.meta.total, `q=${JSON.stringify(q)}: suggestion ${suggestion.q}`).toBe(
          suggestion.count,
        );
      }
    }
  });
});
