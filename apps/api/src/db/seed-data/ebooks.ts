/** E-book platforms carrying the magazine, and which of them carry each issue. */

export type PlatformSeed = {
  key: string;
  name: string;
  url: string;
  description: string;
  /** Builds a search link for an issue on the platform. */
  search: (query: string) => string;
};

export const platforms: PlatformSeed[] = [
  {
    key: "readmoo",
    name: "Readmoo 讀墨",
    url: "https://readmoo.com/",
    description: "台灣的電子書平台，支援多種裝置閱讀。",
    search: (q) => `https://readmoo.com/search/keyword?q=${encodeURIComponent(q)}`,
  },
  {
    key: "pubu",
    name: "Pubu 電子書城",
    url: "https://www.pubu.com.tw/",
    description: "收錄大量中文雜誌與書籍的電子書城。",
    search: (q) => `https://www.pubu.com.tw/search?q=${encodeURIComponent(q)}`,
  },
  {
    key: "google-play",
    name: "Google Play 圖書",
    url: "https://play.google.com/store/books",
    description: "可在 Android、iOS 與網頁瀏覽器閱讀。",
    search: (q) => `https://play.google.com/store/search?q=${encodeURIComponent(q)}&c=books`,
  },
  {
    key: "hyread",
    name: "HyRead 電子書",
    url: "https://ebook.hyread.com.tw/",
    description: "提供電子書與電子雜誌，也與許多圖書館合作借閱。",
    search: (q) =>
      `https://ebook.hyread.com.tw/searchList.jsp?search_field=FullText&search_input=${encodeURIComponent(q)}`,
  },
];

/** Platform keys per issue number. */
export const ebookPlatformsByIssue: Record<number, string[]> = {
  41: ["readmoo", "pubu"],
  42: ["readmoo", "hyread"],
  43: ["readmoo", "pubu", "google-play"],
  44: ["pubu", "hyread"],
  45: ["readmoo", "google-play", "hyread"],
  46: ["readmoo", "pubu"],
  47: ["readmoo", "pubu", "google-play"],
  48: ["readmoo", "pubu", "hyread"],
};
