/** SEO overrides per route; every entry shares the site's share image. */

export type SeoSeed = { path: string; title: string; info_title: string; description: string };

export const seo: SeoSeed[] = [
  {
    path: "/",
    title: "食藝誌",
    info_title: "餐飲產業與飲食文化雜誌",
    description:
      "《食藝》記錄台灣餐飲產業與飲食文化：產業新聞、主廚與研究者專欄、長篇專題，以及每兩個月出版的紙本雜誌與電子書。",
  },
  {
    path: "/news",
    title: "最新消息",
    info_title: "News",
    description: "餐飲產業動態、餐廳開幕、講座活動與食材產地的最新消息。",
  },
  {
    path: "/columns",
    title: "專欄",
    info_title: "Columns",
    description: "主廚札記、飲食田野與經營之道：來自廚房、市場與經營現場的觀點。",
  },
  {
    path: "/features",
    title: "專題企劃",
    info_title: "Featured",
    description: "從稻米、茶、海鮮到餐飲人才，深入台灣餐桌與產業現場的長篇專題報導。",
  },
  {
    path: "/magazines",
    title: "雜誌",
    info_title: "Magazines",
    description: "《食藝》紙本雜誌各期內容、目錄與購買資訊，並提供一年六期的訂閱方案。",
  },
  {
    path: "/about",
    title: "關於我們",
    info_title: "About",
    description: "關於《食藝》雜誌、食藝文化出版有限公司與食藝文化基金會的故事。",
  },
  {
    path: "/ebooks",
    title: "電子書",
    info_title: "Ebooks",
    description: "《食藝》電子版於 Readmoo、Pubu、Google Play 圖書與 HyRead 等平台發行。",
  },
  {
    path: "/author",
    title: "作者群",
    info_title: "Authors",
    description: "《食藝》的編輯、記者、主廚與研究者。",
  },
  {
    path: "/support-us",
    title: "支持我們",
    info_title: "Support Us",
    description: "捐款支持食藝文化基金會的飲食文化研究、青年廚師獎助計畫與小農市集。",
  },
];
