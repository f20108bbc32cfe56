/** Replaced at build time by vite.config.ts: how many bytes of paragraph text to render. */
declare const __BARE_TEXT_BYTES__: number;

const sentence =
  "臺灣的餐桌從市場開始，廚師清晨挑選當季的魚與蔬菜，午後在小館裡細火慢燉，晚上端出一碗有故事的湯。";
const sentenceBytes = new TextEncoder().encode(sentence).length;
const paragraphCount = Math.max(1, Math.round(__BARE_TEXT_BYTES__ / (sentenceBytes * 4)));
const paragraphs = Array.from({ length: paragraphCount }, (_, i) => `${i + 1}. ${sentence.repeat(4)}`);
const nav = ["最新消息", "專欄", "專題", "雜誌", "作者", "電子書", "關於我們", "聯絡我們"];

export function meta() {
  return [
    { title: "Bare React Router route" },
    { name: "description", content: "A static page without data, for comparison." },
  ];
}

/** A static page without loader or data, shaped like an article: header, article, footer. */
export default function Page() {
  return <StaticPage title="一碗湯的旅程：從市場到餐桌" />;
}

/** The page's markup; the route with data (with-data.tsx) puts its article's title in. */
export function StaticPage({ title }: { title: string }) {
  return (
    <>
      <header>
        <a href="/">食藝誌</a>
        <nav>
          <ul>
            {nav.map((label, i) => (
              <li key={label}>
                <a href={`/section-${i}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main>
        <article>
          <p>最新消息</p>
          <h1>{title}</h1>
          <p>
            <time dateTime="2025-01-01">2025 年 1 月 1 日</time>
          </p>
          {paragraphs.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </article>
      </main>
      <footer>
        <p>© 食藝誌</p>
      </footer>
    </>
  );
}
