import type { PageKey, PageText, Settings } from "@shiyi/contracts";
import type { Database } from "../db/client.ts";
import { siteSettings } from "../db/schema.ts";

const page = (title: string, info_title: string, description: string): PageText => ({
  title,
  info_title,
  description,
});

/** What the site shows when the database holds no override (SPEC §3, §9). */
export const defaultSettings: Settings = {
  name: "食藝誌",
  company: "食藝文化出版有限公司",
  title: "食藝誌｜餐飲產業與飲食文化雜誌",
  description: "記錄台灣餐飲產業與飲食文化的雜誌：新聞、專欄、專題、作者與每一期的紙本刊物。",
  pages: {
    features: page("專題企劃", "Featured", "深入台灣餐桌與產業現場的長篇專題。"),
    news: page("最新消息", "News", "餐飲產業動態、開幕、講座與產地消息。"),
    magazines: page("雜誌", "Magazines", "每一期《食藝》紙本雜誌與訂閱。"),
    ebooks: page("電子書", "Ebooks", "《食藝》也在數位平台發行電子版。"),
    columns: page("專欄", "Columns", "主廚、研究者與經營者的飲食專欄。"),
    about: page("關於我們", "About", "關於《食藝》雜誌與食藝文化基金會。"),
    donate: page("支持我們", "Support Us", "支持獨立的飲食文化報導。"),
    contact: page("聯絡我們", "Contact", "與編輯部、廣告與訂閱服務聯絡。"),
    policy: page("條款與政策", "Policy", "購物須知、隱私權政策、服務條款與退換貨政策。"),
  } satisfies Record<PageKey, PageText>,
  postage: 44,
  postage_2: 60,
  postage_3: 92,
  tel: "",
  fax: "",
  email: "",
  address: "",
  opening_days: "週一至週五",
  days_off: "週六、週日及國定假日",
  hours: "09:00~17:30",
  map: "",
  facebook: "",
  messenger: "",
  instagram: "",
  line: "",
  lineSocial: "",
};

/** Stored overrides merged over the defaults; `pages` merges per page so one override keeps the rest. */
export async function getSettings(db: Database): Promise<Settings> {
  const rows = await db.select().from(siteSettings);
  const overrides = Object.fromEntries(rows.map((row) => [row.key, row.value])) as Partial<Settings>;
  const pages = { ...defaultSettings.pages };
  for (const [key, value] of Object.entries(overrides.pages ?? {}) as [PageKey, Partial<PageText>][]) {
    if (key in pages) pages[key] = { ...pages[key], ...value };
  }
  const merged: Settings = { ...defaultSettings, pages };
  for (const key of Object.keys(defaultSettings) as (keyof Settings)[]) {
    if (key === "pages" || overrides[key] === undefined || overrides[key] === null) continue;
    if (typeof overrides[key] === typeof defaultSettings[key])
      Object.assign(merged, { [key]: overrides[key] });
  }
  return merged;
}
