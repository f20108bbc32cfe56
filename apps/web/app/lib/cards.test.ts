import type { ArticleSummary } from "@shiyi/contracts";
import { describe, expect, it } from "vitest";
import { toCard } from "./cards.ts";

const summary: ArticleSummary = {
  id: 7,
  kind: "news",
  path: "winter-radish",
  title: "冬季白蘿蔔進入產季",
  info_title: "產地消息",
  description: "雲林與彰化的蘿蔔農表示今年秋季雨量穩定。",
  image: { alt: "白蘿蔔", url: "/media/news/radish.jpg", width: 1600, height: 1000 },
  link: null,
  publication_date: null,
  start_at: "2026-11-20T02:00:00.000Z",
  created_at: "2026-11-18T02:00:00.000Z",
  updated_at: "2026-11-21T02:00:00.000Z",
  author: {
    id: 5,
    path: "wu-pei-shan",
    name: "吳佩珊",
    title: "產地記者",
    description: "背著相機走遍漁港、茶山與稻田。",
    avatar: { alt: "肖像", url: "/media/authors/wu.jpg", width: 600, height: 600 },
    updated_at: "2026-11-21T02:00:00.000Z",
  },
  category: { id: 4, section: "news", path: "produce", name: "食材產地", description: "產地現場的消息。" },
};

describe("toCard", () => {
  it("keeps what a card shows, with the date a reader sees", () => {
    expect(toCard(summary)).toEqual({
      id: 7,
      path: "winter-radish",
      title: "冬季白蘿蔔進入產季",
      description: "雲林與彰化的蘿蔔農表示今年秋季雨量穩定。",
      image: { url: "/media/news/radish.jpg" },
      date: "2026-11-20T02:00:00.000Z",
      category: { name: "食材產地" },
      author: { name: "吳佩珊" },
    });
  });

  it("prefers the publication date and keeps missing parts empty", () => {
    const card = toCard({
      ...summary,
      publication_date: "2026-11-22T02:00:00.000Z",
      image: null,
      author: null,
      category: null,
    });
    expect(card).toMatchObject({
      date: "2026-11-22T02:00:00.000Z",
      image: null,
      author: null,
      category: null,
    });
  });
});
