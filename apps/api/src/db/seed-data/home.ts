import { html, p } from "./html.ts";
import type { PageSeed } from "./types.ts";

/** Hero slides on the home page; each links to a feature or an issue. */
export const heroes: PageSeed[] = [
  {
    path: "hero-next-generation",
    title: "餐飲業的新世代",
    info_title: "No.48 · The Next Generation",
    sort: 1,
    link: "/magazines/issue-48-next-generation",
    imageAlt: "廚房出餐檯前排列整齊的餐盤",
    description: "《食藝》第48期：廚房人才從哪裡來？八位青年廚師的提案，與缺工時代的經營學。",
    content: html(p("最新一期《食藝》現正發售，單期即可線上訂購。")),
  },
  {
    path: "hero-tea-garden-to-plate",
    title: "茶香入饌：從茶園到餐盤",
    info_title: "From Tea Garden to Plate",
    sort: 2,
    link: "/features/from-tea-garden-to-plate",
    imageAlt: "茶園梯田與遠方山景",
    description: "從茶園的採摘、製茶廠的烘焙，到主廚手中的料理與甜點，追隨一片茶葉的旅程。",
    content: html(p("專題報導：台灣茶如何成為料理、甜點與餐搭的主角。")),
  },
  {
    path: "hero-future-of-rice",
    title: "台灣米食的下一步",
    info_title: "The Future of Taiwanese Rice",
    sort: 3,
    link: "/features/the-future-of-taiwanese-rice",
    imageAlt: "稻田與一碗白飯",
    description: "吃米的人變少了，稻米的世界卻更豐富。我們走訪稻田、碾米廠與餐廳，尋找一碗白飯的未來。",
    content: html(p("專題報導：從品種、友善耕作到餐桌上的新米食。")),
  },
];

/** Other home-page blocks. */
export const homeBlocks: PageSeed[] = [
  {
    path: "editors-note",
    title: "編輯室報告：給年輕廚師的信",
    info_title: "Editor's Note",
    sort: 1,
    description: "總編輯林靜宜寫給每一位正在廚房裡努力的年輕人。",
    content: html(
      p(
        "這一期，我們把目光放在廚房裡的年輕人身上。採訪的過程中，我一再聽到同樣的話：「很累，但是喜歡。」這份喜歡，值得被產業好好珍惜。",
      ),
      p(
        "我們也知道，光靠熱情是走不遠的。合理的工時、清楚的學習路徑、被尊重的工作環境，才能讓喜歡變成一輩子的職業。希望這一期的報導，能讓經營者與年輕廚師都找到一些答案。",
      ),
      p("——《食藝》總編輯 林靜宜"),
    ),
  },
  {
    path: "subscribe",
    title: "訂閱《食藝》",
    info_title: "Subscribe",
    sort: 2,
    link: "/contact",
    description: "一年六期，每兩個月把台灣的餐桌送到你手上；來信或來電由客服辦理，國內免運並加贈本刊帆布袋。",
    content: html(
      p(
        "訂閱《食藝》一年六期，可指定起訂期數，雜誌出刊後直接寄送到府。請透過「聯絡我們」選擇「訂閱與訂單」，或於服務時間來電，由客服為您辦理；想送給朋友，也可選購年度訂閱禮物卡。",
      ),
    ),
  },
];
