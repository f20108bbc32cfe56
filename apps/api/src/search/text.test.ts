import { describe, expect, it } from "vitest";
import {
  documentMatch,
  fold,
  foldText,
  highlight,
  htmlText,
  oneLine,
  queryTerms,
  snippet,
  tokenize,
  tsqueryLiteral,
  tsvectorLiteral,
} from "./text.ts";

const marked = (runs: Array<{ text: string; mark: boolean }>) =>
  runs.map((run) => (run.mark ? `[${run.text}]` : run.text)).join("");

describe("fold", () => {
  it("folds full-width forms, case and variant characters", () => {
    expect(foldText("ＡＢＣ１２３　Café")).toBe("abc123 café");
    expect(foldText("臺北的麪店裏")).toBe("台北的麵店裡");
    expect(foldText("ｶﾌｪ")).toBe("カフェ");
  });

  it("maps every folded unit back to its original code point", () => {
    const folded = fold("Ａ臺𠀀b");
    expect(folded.text).toBe("a台𠀀b");
    // 𠀀 is two UTF-16 units in both texts; each points at the whole original character.
    expect(folded.start).toEqual([0, 1, 2, 2, 4]);
    expect(folded.end).toEqual([1, 2, 4, 4, 5]);
  });
});

describe("tokenize", () => {
  it("makes each character of a Han run and its overlapping bigrams tokens", () => {
    expect(tokenize("台北市").map((token) => [token.lexeme, token.position])).toEqual([
      ["台", 0],
      ["台北", 0],
      ["北", 1],
      ["北市", 1],
      ["市", 2],
    ]);
  });

  it("breaks runs at punctuation and keeps Latin words and numbers whole", () => {
    expect(tokenize("台北，iphone15 與 3.5 公升").map((token) => token.lexeme)).toEqual([
      "台",
      "台北",
      "北",
      "iphone15",
      "與",
      "3",
      "5",
      "公",
      "公升",
      "升",
    ]);
  });
});

describe("tsvectorLiteral", () => {
  it("writes each lexeme once with its positions and the field's weight", () => {
    expect(
      tsvectorLiteral([
        { text: "台菜", weight: "A" },
        { text: "老台菜", weight: "C" },
      ]),
    ).toBe("'台':1A,5C '台菜':1A,5C '菜':2A,6C '老':4C '老台':4C");
  });

  it("quotes what PostgreSQL would otherwise read as syntax", () => {
    expect(tsvectorLiteral([{ text: "it's", weight: "A" }])).toBe("'it':1A 's':2A");
  });
});

describe("tsqueryLiteral", () => {
  it("turns a Han term into a phrase of its bigrams", () => {
    expect(tsqueryLiteral(queryTerms("臺北市"))).toBe("('台北' <1> '北市')");
  });

  it("looks for a single character as itself, and for a word of three letters or more as a prefix", () => {
    expect(tsqueryLiteral(queryTerms("茶"))).toBe("'茶'");
    expect(tsqueryLiteral(queryTerms("Latte 15"))).toBe("'latte':* & '15'");
  });

  it("requires every term", () => {
    expect(tsqueryLiteral(queryTerms("台菜  辦桌"))).toBe("'台菜' & '辦桌'");
  });

  it("keeps the distance across a run's closing unigram in mixed terms", () => {
    expect(tsqueryLiteral(queryTerms("台北abc"))).toBe("('台北' <2> 'abc':*)");
  });

  it("has nothing to look for in punctuation, and drops repeated terms", () => {
    expect(tsqueryLiteral(queryTerms("「」！ ..."))).toBeNull();
    expect(queryTerms("台菜 臺菜 「台菜」").map((term) => term.text)).toEqual(["台菜"]);
  });
});

describe("documentMatch", () => {
  it("checks a run of three or more Han characters as text, its bigrams all required in the index", () => {
    expect(documentMatch(queryTerms("臺北市 茶 台菜 abc台北"))).toEqual({
      index: "('台北' & '北市') & '茶' & '台菜' & ('abc':* <1> '台北')",
      texts: ["台北市"],
    });
  });

  it("keeps a phrase for runs broken by punctuation, and has nothing for no terms", () => {
    expect(documentMatch(queryTerms("台北市，高雄市"))?.texts).toEqual([]);
    expect(documentMatch([])).toBeNull();
  });
});

describe("htmlText", () => {
  it("drops tags, decodes entities and keeps paragraphs apart", () => {
    expect(htmlText("<h2>標題</h2><p>一&amp;二&#x4E09;<br>四&nbsp;五</p><script>x()</script>")).toBe(
      "標題\n一&二三\n四 五",
    );
  });
});

describe("highlight and snippet", () => {
  const terms = queryTerms("臺菜");

  it("marks matches of the folded query in the original text", () => {
    expect(marked(highlight("老臺菜與新台菜", terms))).toBe("老[臺菜]與新[台菜]");
  });

  it("marks the pieces of a term matched across a gap", () => {
    expect(marked(highlight("台北 ABC 店", queryTerms("台北abc")))).toBe("[台北] [ABC] 店");
  });

  it("marks a word of letters where the index finds it: from a word's start, a short one whole", () => {
    const subtitle = "A Menu Is a Manual, the Harbor's Latte";
    expect(marked(highlight(subtitle, queryTerms("a'\"*")))).toBe(
      "[A] Menu Is [a] Manual, the Harbor's Latte",
    );
    expect(marked(highlight(subtitle, queryTerms("man")))).toBe("A Menu Is a [Man]ual, the Harbor's Latte");
    expect(marked(highlight(subtitle, queryTerms("ar")))).toBe(subtitle);
    expect(marked(highlight("台北ab 台北abc", queryTerms("台北ab")))).toBe("[台北ab] 台北abc");
    // A number is looked for whole, as the index does; letters outside the BMP are letters too.
    expect(marked(highlight("100 元與 1000 元", queryTerms("100")))).toBe("[100] 元與 1000 元");
    expect(marked(highlight("ab1 ab12", queryTerms("ab1")))).toBe("[ab1] ab12");
    expect(marked(highlight("x𐐨𐐯𐐪 𐐨𐐯", queryTerms("𐐨𐐯")))).toBe("x𐐨𐐯𐐪 [𐐨𐐯]");
  });

  it("cuts a window around the first match, from the sentence it is in", () => {
    const body = `${"前文。".repeat(20)}這是一家台菜餐廳。${"後文".repeat(80)}`;
    const text = marked(snippet([null, body], terms));
    expect(text.startsWith("…這是一家[台菜]餐廳。")).toBe(true);
    expect(text.endsWith("…")).toBe(true);
  });

  it("runs paragraphs on without a space after Chinese, keeping the spaces typed within a line", () => {
    const body = "冬至前後是烏魚季。\n漁船出港\n捕撈，ATM 轉帳\n\n  NT$ 380 一份。\nEnglish line\nnext";
    expect(oneLine(body)).toBe("冬至前後是烏魚季。漁船出港捕撈，ATM 轉帳 NT$ 380 一份。English line next");
    // The snippet starts at the match's sentence, which now follows the 。 directly.
    expect(marked(snippet([body], queryTerms("漁船")))).toBe(
      "…[漁船]出港捕撈，ATM 轉帳 NT$ 380 一份。English line next",
    );
  });

  it("falls back to the opening of the first text when nothing matches", () => {
    expect(marked(snippet(["摘要文字", "內文"], queryTerms("咖啡")))).toBe("摘要文字");
  });
});
