import type { PageKey, PageText, Settings } from "@shiyi/contracts";
import { sql } from "drizzle-orm";
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The stored rows, each value decoded once. Drizzle's jsonb column would decode again what the
 * driver already decoded, so a text of digits (a phone number, "27001234") came back a number,
 * and "true" a boolean; the value is read as its JSON text instead.
 */
async function storedOverrides(db: Database): Promise<Record<string, unknown>> {
  const rows = await db
    .select({ key: siteSettings.key, value: sql<string>`${siteSettings.value}::text` })
    .from(siteSettings);
  return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
}

/**
 * Stored overrides merged over the defaults; `pages` merges per page and per text, so one override
 * keeps the rest. A value of another type than its default (a number for a text, a list for a
 * page) is left out: the default stands.
 */
export async function getSettings(db: Database): Promise<Settings> {
  const overrides = await storedOverrides(db);
  const pages = { ...defaultSettings.pages };
  const storedPages = isRecord(overrides.pages) ? overrides.pages : {};
  for (const key of Object.keys(pages) as PageKey[]) {
    const stored = storedPages[key];
    if (!isRecord(stored)) continue;
    const texts = Object.entries(stored).filter(
      ([field, value]) => field in pages[key] && typeof value === "string",
    );
    pages[key] = { ...pages[key], ...Object.fromEntries(texts) };
  }
  const merged: Settings = { ...defaultSettings, pages };
  for (const key of Object.keys(defaultSettings) as (keyof Settings)[]) {
    if (key === "pages") continue;
    if (typeof overrides[key] === typeof defaultSettings[key])
      Object.assign(merged, { [key]: overrides[key] });
  }
  return merged;
}
