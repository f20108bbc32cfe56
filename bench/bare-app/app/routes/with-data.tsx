import { useLoaderData } from "react-router";
import { articleData } from "../article-data.server.ts";
import { StaticPage } from "./page.tsx";

/**
 * The same static page with the data of the site's article page behind it: the loader returns it on
 * every request, and React Router serialises it into the page for hydration, as it does the
 * article's. The reference for what a page's data alone costs, apart from its markup.
 */
export function loader() {
  return articleData;
}

export function meta() {
  return [
    { title: "Bare React Router route with data" },
    { name: "description", content: "A static page with the article page's data, for comparison." },
  ];
}

export default function PageWithData() {
  const { article } = useLoaderData<typeof loader>();
  return <StaticPage title={article?.title ?? "一碗湯的旅程：從市場到餐桌"} />;
}
