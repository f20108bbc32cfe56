import { describe, expect, it } from "vitest";
import { phrasedRuns, phrasedRunsHtml } from "./phrased-runs.ts";
import { phrasedHtml, phrases } from "./phrases.ts";

/** Where the pieces of `text` meet, as offsets. */
function breaksOf(text: string) {
  const pieces = phrases(text);
  if (!pieces) throw new Error("no word segmenter");
  expect(pieces.join("")).toBe(text);
  const offsets: number[] = [];
  let at = 0;
  for (const piece of pieces.slice(0, -1)) offsets.push((at += piece.length));
  return offsets;
}

/** Whether `text` may break inside the first `word` it contains. */
function splits(text: string, word: string) {
  const start = text.indexOf(word);
  if (start < 0) throw new Error(`${word} is not in ${text}`);
  return breaksOf(text).some((offset) => offset > start && offset < start + word.length);
}

describe("phrases", () => {
  const headlines = [
    ["冬季蘿蔔與烏魚子進入產季，年菜備料提早起跑", ["冬季", "蘿蔔", "烏魚子", "產季", "年菜", "起跑"]],
    ["茶農：今年春茶產量回穩，價格持平", ["茶農", "春茶", "回穩", "持平"]],
    ["十二家餐廳參與剩食減量試行計畫，三個月後檢討", ["餐廳", "剩食", "減量", "計畫", "三個月"]],
    ["《食藝》第47期：永續海鮮的下一步", ["食藝", "第47期", "永續", "海鮮"]],
    ["找不到相關頁面！請點擊其他連結瀏覽", ["找不到", "頁面", "點擊", "瀏覽"]],
  ] as const;

  it.each(headlines)("never breaks inside a word: %s", (text, words) => {
    expect(breaksOf(text).length).toBeGreaterThan(2);
    for (const word of words) expect(splits(text, word), word).toBe(false);
  });

  it("keeps an opening bracket with what follows and closing punctuation with what precedes", () => {
    for (const text of [
      "小酒館『青田』開幕，主打台灣在地食材",
      "《食藝》第47期「茶與餐桌」新刊分享會，與茶農對談",
    ]) {
      for (const piece of phrases(text) ?? []) {
        expect(piece, text).not.toMatch(/^[》」』，：]/u);
        expect(piece, text).not.toMatch(/[《「『]$/u);
      }
    }
  });

  it("keeps a date whole", () => {
    expect(splits("2026年12月25日起，台北年貨大街開放", "2026年12月25日")).toBe(false);
  });

  it("leaves Latin text to the browser's own rules", () => {
    expect(phrases("No.48 · The Next Generation")).toEqual(["No.48 · The Next Generation"]);
  });
});

describe("phrasedHtml", () => {
  it("joins the pieces with <wbr> and escapes the text", () => {
    const html = phrasedHtml("餐廳<b>&開幕") ?? "";
    expect(html.replaceAll("<wbr>", "")).toBe("餐廳&lt;b&gt;&amp;開幕");
    expect(phrasedHtml("餐廳開幕")).toBe("餐廳<wbr>開幕");
    expect(phrasedHtml("<script>")).toBe("&lt;script&gt;");
  });

  it("keeps each short clause of a headline whole, to break after its punctuation", () => {
    const html = phrasedHtml("茶香入饌：從茶園到餐盤") ?? "";
    expect(html).toBe("茶香入饌：<wbr>從茶園到餐盤");
    expect(html.replace(/<[^>]+>/g, "")).toBe("茶香入饌：從茶園到餐盤");
    // A clause too long for a line still breaks between its words.
    const long = phrasedHtml("海味：永續海鮮與餐廳的選擇和責任") ?? "";
    expect(long).toMatch(/^海味：<wbr>永續<wbr>/);
    // Punctuation that ends the headline ends no clause; running text has none.
    expect(phrasedHtml("誰來煮飯？")).toBe("誰來<wbr>煮飯？");
    expect(phrasedHtml("茶香入饌：從茶園到餐盤", { clauses: false })).toMatch(/從<wbr>茶園/);
  });
});

describe("phrased runs (a search's marked words in a headline)", () => {
  it("breaks where the whole headline may, never at a mark's edge inside a word", () => {
    const runs = [
      { text: "一只碗的旅程：", mark: false },
      { text: "台", mark: true },
      { text: "灣餐桌上的器物", mark: false },
    ];
    const cut = phrasedRuns(runs)!;
    expect(cut.map(({ pieces }) => pieces.join(""))).toEqual(runs.map((run) => run.text));
    // 台灣 is one word: no break before the mark, none after it.
    expect(cut[1]!.breakBefore).toBe(true);
    expect(cut[1]!.pieces).toEqual(["台"]);
    expect(cut[2]!.breakBefore).toBe(false);
    expect(cut[2]!.pieces[0]).toMatch(/^灣/);
    // The same places as the headline unmarked.
    const offsets: number[] = [];
    let at = 0;
    for (const { pieces, breakBefore } of cut) {
      if (breakBefore) offsets.push(at);
      for (const piece of pieces.slice(0, -1)) offsets.push((at += piece.length));
      at += pieces.at(-1)!.length;
    }
    expect(offsets).toEqual(breaksOf(runs.map((run) => run.text).join("")));
  });

  it("keeps a marked word whole and breakable at its edges when it is a word of its own", () => {
    const cut = phrasedRuns([
      { text: "冬季", mark: false },
      { text: "蘿蔔", mark: true },
      { text: "與烏魚子", mark: false },
    ])!;
    expect(cut[1]).toMatchObject({ pieces: ["蘿蔔"], breakBefore: true });
    expect(cut[2]!.breakBefore).toBe(true);
  });

  it("is written as HTML: the marks, the breaks between words, and the text escaped", () => {
    expect(
      phrasedRunsHtml([
        { text: "冬季<b>", mark: false },
        { text: "蘿蔔", mark: true },
        { text: "與烏魚子", mark: false },
      ]),
    ).toBe('冬季<wbr>&lt;b&gt;<wbr><mark class="bg-primary/20 text-inherit">蘿蔔</mark><wbr>與<wbr>烏魚子');
  });
});
