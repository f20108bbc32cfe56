/** Site settings rows (key → JSON value), merged over the defaults by the settings service. */

const address = "10684 台北市大安區復興南路一段 219 巷 18 號 3 樓";

const page = (title: string, info_title: string, description: string) => ({ title, info_title, description });

export const settings: Record<string, unknown> = {
  name: "食藝誌",
  company: "食藝文化出版有限公司",
  title: "食藝誌｜餐飲產業與飲食文化雜誌",
  description:
    "《食藝》是關於台灣餐飲產業與飲食文化的雜誌：產業新聞、主廚與研究者專欄、長篇專題報導，以及每兩個月出版的紙本刊物。",
  tel: "02-2345-6789",
  fax: "02-2345-6790",
  email: "service@shiyi.example",
  address,
  opening_days: "週一至週五",
  days_off: "週六、週日及國定假日",
  hours: "09:00~17:30",
  map: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
  facebook: "https://www.facebook.com/shiyimagazine.tw",
  messenger: "https://m.me/shiyimagazine.tw",
  instagram: "https://www.instagram.com/shiyimagazine.tw/",
  line: "https://line.me/R/ti/p/@shiyimagazine",
  lineSocial: "https://page.line.me/shiyimagazine",
  pages: {
    features: page(
      "專題企劃",
      "Featured",
      "深入台灣餐桌與產業現場的長篇專題：產地與風土、職人與技藝、餐桌文化。",
    ),
    news: page("最新消息", "News", "餐飲產業動態、餐廳開幕、講座活動與產地消息，每週更新。"),
    magazines: page(
      "雜誌",
      "Magazines",
      "每兩個月出版的《食藝》紙本雜誌，單期線上購買，一年六期訂閱請洽客服。",
    ),
    ebooks: page(
      "電子書",
      "Ebooks",
      "《食藝》也在 Readmoo、Pubu、Google Play 圖書與 HyRead 等數位平台發行電子版。",
    ),
    columns: page("專欄", "Columns", "主廚札記、飲食田野與經營之道：主廚、研究者與顧問的飲食專欄。"),
    about: page("關於我們", "About", "關於《食藝》雜誌、食藝文化出版有限公司與食藝文化基金會。"),
    donate: page(
      "支持我們",
      "Support Us",
      "您的捐款將支持食藝文化基金會的飲食文化研究、青年廚師獎助與小農市集。",
    ),
    contact: page("聯絡我們", "Contact", "編輯部、廣告合作與訂閱客服，週一至週五 09:00~17:30 為您服務。"),
    policy: page("條款與政策", "Policy", "購物須知、退換貨政策、隱私權政策與服務條款。"),
  },
};
