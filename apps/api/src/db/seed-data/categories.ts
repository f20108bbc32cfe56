import type { CategorySeed, Section } from "./types.ts";

export const categories: Record<Section, CategorySeed[]> = {
  news: [
    { path: "industry", name: "產業動態", description: "餐飲業的人力、成本、法規與經營趨勢。" },
    { path: "openings", name: "餐廳開幕", description: "值得一訪的新餐廳、新店與老店新篇章。" },
    { path: "events", name: "活動講座", description: "本刊與基金會的講座、工作坊與市集活動。" },
    { path: "produce", name: "食材產地", description: "從產季、天候到產地現場的第一手消息。" },
  ],
  columns: [
    { path: "chef-notes", name: "主廚札記", description: "主廚與職人寫下的廚房日常與料理思考。" },
    { path: "food-fieldwork", name: "飲食田野", description: "走進市場、漁港、山村與辦桌現場的田野筆記。" },
    { path: "management", name: "經營之道", description: "關於人、成本、菜單與顧客的餐飲經營學。" },
  ],
  features: [
    { path: "origins", name: "產地與風土", description: "追溯食材的來處與土地的故事。" },
    { path: "craft", name: "職人與技藝", description: "手藝、傳承與廚房裡的專業。" },
    { path: "table-culture", name: "餐桌文化", description: "器物、禮俗與台灣人吃飯的方式。" },
  ],
};
