import {
  searchTypeNames,
  searchTypes,
  type Highlight,
  type SearchHit,
  type SearchResult,
  type SearchSuggestion,
  type SearchType,
} from "@shiyi/contracts";
import { searchCountLimit } from "@shiyi/contracts/constants";
import { Fragment } from "react";
import { data, Form, Link } from "react-router";
import { Image } from "../components/image.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { Pagination } from "../components/pagination.tsx";
import { errorHandling } from "../lib/api-errors.ts";
import { ApiRequestError } from "../lib/api.server.ts";
import { pageFrom } from "../lib/articles.server.ts";
import { apiContext } from "../lib/context.ts";
import { formatDate } from "../lib/format.ts";
import { pageMeta, type PageMetaArgs } from "../lib/seo.server.ts";
import { loaderMeta } from "../lib/site.ts";
import type { Route } from "./+types/search";
import { searchQueryOf } from "../lib/search-query.ts";
import { markClass, phrasedRunsHtml } from "../lib/phrased-runs.ts";

const description = "搜尋《食藝》的新聞、專欄、專題、雜誌與作者。";

/** Where the API stops counting (decision 018), as the page writes it. */
const searchCountShown = searchCountLimit.toLocaleString("zh-TW");

export const meta: Route.MetaFunction = loaderMeta;

/** The page's head: titled by the query its results answer; result pages and refusals are not indexed. */
function searchMeta(args: PageMetaArgs, q: string, refused: boolean, pageNumber?: number) {
  return pageMeta(args, {
    title: q ? `「${q}」的搜尋結果` : "搜尋",
    pageNumber,
    infoTitle: "Search",
    description,
    // Result pages are endless variations of the site's own pages: followed, never indexed; the
    // search page itself only at its own address (an empty ?q= or a tab alone is not another page).
    noindex: Boolean(q) || refused || args.url.search !== "",
  });
}

/** A tab of the results: every kind (type null), then each kind, with its number of results. */
type Tab = { type: SearchType | null; name: string; count: number };

/**
 * GET /search (SPEC §7) for `?q=…&type=…&page=…`. A refusal the page survives (SPEC §8: a query
 * too long is a 422) is shown on the page with the API's status, the query kept in the box; any
 * other failure is the error page. The kinds' names are sent from here, so the page's script
 * carries no schema.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = searchQueryOf(params);
  const type = params.get("type") ?? "";
  // Like a page number that is not one, a kind the site does not have names no page.
  if (type && !(searchTypes as readonly string[]).includes(type)) {
    throw data("找不到相關頁面", { status: 404 });
  }
  const page = pageFrom(request);
  let result: SearchResult;
  try {
    result = await context.get(apiContext).get<SearchResult>("/search", { q, type: type || undefined, page });
  } catch (error) {
    if (error instanceof ApiRequestError && errorHandling(error.status, error.path) === "toast") {
      const refused = {
        q,
        result: null,
        tabs: [],
        typeNames: searchTypeNames,
        error: error.message,
        meta: await searchMeta({ url, context }, "", true),
      };
      return data(refused, { status: error.status });
    }
    throw error;
  }
  if (page > 1 && page > result.meta.last_page) throw data("找不到相關頁面", { status: 404 });
  const tabs: Tab[] = [
    { type: null, name: "全部", count: result.counts.all },
    ...searchTypes.map((kind) => ({ type: kind, name: searchTypeNames[kind], count: result.counts[kind] })),
  ];
  const meta = await searchMeta({ url, context }, result.query.q, false, result.meta.current_page);
  return { q, result, tabs, typeNames: searchTypeNames, error: null, meta };
}

/** `/search` with these parameters (the empty ones left out). */
function searchHref(params: { q: string; type?: SearchType | null }) {
  const query = new URLSearchParams({ q: params.q });
  if (params.type) query.set("type", params.type);
  return `/search?${query.toString()}`;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, result, tabs, typeNames, error } = loaderData;
  const taken = result?.query.q ?? "";
  const type = result?.query.type ?? null;
  return (
    <div className="container-page">
      <PageHeading kicker="Search" title={taken ? `「${taken}」的搜尋結果` : "搜尋"}>
        <SearchForm q={q} type={type} error={error} />
      </PageHeading>
      {result &&
        (!taken ? (
          <EmptyQuery suggestions={result.suggestions} />
        ) : result.counts.all === 0 ? (
          <NoResults q={taken} suggestions={result.suggestions} />
        ) : (
          <Results result={result} tabs={tabs} typeNames={typeNames} />
        ))}
    </div>
  );
}

/** The page's own search form: large, with the query as typed, and the chosen kind kept. */
function SearchForm({ q, type, error }: { q: string; type: SearchType | null; error: string | null }) {
  return (
    <Form role="search" action="/search" aria-label="搜尋本站" className="mt-8 max-w-3xl">
      <label htmlFor="search-q" className="text-[0.9375rem] font-medium tracking-[0.06em]">
        搜尋關鍵字
      </label>
      {type && <input type="hidden" name="type" value={type} />}
      <div className="mt-2 flex gap-2">
        <input
          id="search-q"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          placeholder="店名、食材、地名或作者"
          enterKeyHint="search"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "search-error" : undefined}
          className={[
            "min-h-13 min-w-0 flex-1 border border-ink-soft bg-paper px-4 font-serif text-lg text-ink md:text-xl",
            "transition-colors placeholder:font-sans placeholder:text-base placeholder:text-muted hover:border-ink focus:border-ink",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
            "aria-invalid:border-primary-deep",
          ].join(" ")}
        />
        <button
          type="submit"
          className="min-h-13 shrink-0 cursor-pointer bg-primary px-5 tracking-[0.2em] text-paper transition-colors hover:bg-primary-deep focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary md:px-8"
        >
          搜尋
        </button>
      </div>
      {error && (
        <p
          id="search-error"
          role="alert"
          className="mt-4 border-l-4 border-primary bg-paper-deep px-4 py-3 text-[0.9375rem] leading-7 whitespace-pre-line text-primary-deep"
        >
          {error}
        </p>
      )}
    </Form>
  );
}

/**
 * Text with the query's words marked. A headline (`phrased`) breaks between words only, where the
 * whole headline may (lib/phrases.ts): a mark's edge inside a word (台 of 台灣) is no break.
 */
function Highlighted({ runs, phrased = false }: { runs: Highlight; phrased?: boolean }) {
  const html = phrased ? phrasedRunsHtml(runs) : null;
  if (html !== null) return <span className="phrased" dangerouslySetInnerHTML={{ __html: html }} />;
  return runs.map((run, index) => (
    <Fragment key={index}>{run.mark ? <mark className={markClass}>{run.text}</mark> : run.text}</Fragment>
  ));
}

function Results({
  result,
  tabs,
  typeNames,
}: {
  result: SearchResult;
  tabs: Tab[];
  typeNames: Record<SearchType, string>;
}) {
  const { q, type, relaxed, terms } = result.query;
  const current = tabs.find((tab) => tab.type === type);
  const { meta } = result;
  // Past searchCountLimit results counting stops: the figures are lower bounds (decision 018).
  const figure = (count: number) => `${count.toLocaleString("zh-TW")}${result.counts_capped ? "+" : ""}`;
  return (
    <>
      <nav aria-label="結果類型" className="border-b border-rule py-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {tabs.map((tab) => {
            const active = tab.type === type;
            return (
              <li key={tab.name}>
                <Link
                  to={searchHref({ q, type: tab.type })}
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex min-h-10 items-center gap-2 border px-4 ${active ? "border-ink bg-ink text-paper" : "border-rule hover:border-ink"}`}
                >
                  {tab.name}
                  <span className={`tabular-nums ${active ? "text-paper/75" : "text-muted"}`}>
                    {figure(tab.count)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {relaxed && (
        <p className="mt-8 leading-7 text-ink-soft">
          沒有完全符合「{q}」的內容，以下是同時提到
          {terms.map((term) => `「${term}」`).join("")}
          的結果。
        </p>
      )}
      <p role="status" className="mt-8 text-sm tracking-wider text-ink-soft">
        「{q}」
        {result.counts_capped && !type
          ? `超過 ${searchCountShown} 筆結果，依相關程度列出前 ${searchCountShown} 筆`
          : `共 ${figure(meta.total)} 筆${type && current ? current.name : ""}結果`}
        {meta.last_page > 1 && `，第 ${meta.current_page}／${meta.last_page} 頁`}
      </p>
      {result.data.length === 0 ? (
        <p className="py-16 text-ink-soft">
          {current?.name}沒有符合的結果，看看
          <Link to={searchHref({ q })} className="mx-1 text-primary underline underline-offset-4">
            全部結果
          </Link>
          。
        </p>
      ) : (
        <ol aria-label="搜尋結果" className="mt-4">
          {result.data.map((hit) => (
            <SearchHitItem key={`${hit.type}-${hit.id}`} hit={hit} typeName={typeNames[hit.type]} />
          ))}
        </ol>
      )}
      <Pagination meta={meta} />
    </>
  );
}

function SearchHitItem({ hit, typeName }: { hit: SearchHit; typeName: string }) {
  const author = hit.type === "authors";
  return (
    <li className="flex gap-5 border-b border-rule py-7 sm:gap-8">
      <article className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-xs tracking-wider text-muted">
          <span className="text-primary">{typeName}</span>
          {hit.label && <span>{hit.label}</span>}
          {hit.date && <time dateTime={hit.date}>{formatDate(hit.date)}</time>}
        </p>
        <h2 className="mt-2 font-serif text-lg leading-snug font-bold tracking-wide break-words md:text-xl">
          <Link to={hit.url} className="hover:text-primary">
            <Highlighted runs={hit.title_highlight} phrased />
          </Link>
        </h2>
        {hit.snippet.length > 0 && (
          <p className="mt-2 line-clamp-3 text-sm leading-7 break-words text-ink-soft">
            <Highlighted runs={hit.snippet} />
          </p>
        )}
        {hit.author && <p className="mt-2 text-xs text-muted">文／{hit.author}</p>}
      </article>
      {hit.image && (
        <Link to={hit.url} tabIndex={-1} aria-hidden="true" className="block shrink-0 self-start">
          <Image
            src={hit.image.url}
            alt=""
            width={author ? 96 : 160}
            height={author ? 96 : 100}
            preset={author ? "avatar" : "thumbnail"}
            className={
              author
                ? "h-16 w-16 rounded-full bg-paper-deep sm:h-24 sm:w-24"
                : "aspect-[16/10] h-auto w-24 bg-paper-deep object-cover sm:w-40"
            }
          />
        </Link>
      )}
    </li>
  );
}

/** The suggested queries, each a link to its results, with how many there are. */
function Suggestions({ title, suggestions }: { title: string; suggestions: SearchSuggestion[] }) {
  if (suggestions.length === 0) return null;
  return (
    <section aria-labelledby="search-suggestions-title" className="mt-10">
      <h2 id="search-suggestions-title" className="font-serif text-lg font-bold tracking-[0.12em]">
        {title}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {suggestions.map((suggestion) => (
          <li key={suggestion.q}>
            <Link
              to={searchHref({ q: suggestion.q })}
              className="inline-flex min-h-10 items-center gap-2 border border-rule px-4 font-serif hover:border-ink hover:text-primary"
            >
              {suggestion.q}
              <span className="font-sans text-xs text-muted tabular-nums">
                {suggestion.count}
                <span className="sr-only"> 筆結果</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EmptyQuery({ suggestions }: { suggestions: SearchSuggestion[] }) {
  return (
    <div className="py-12">
      <h2 className="font-serif text-2xl font-bold tracking-[0.12em]">想找些什麼？</h2>
      <p className="mt-3 max-w-2xl leading-8 text-ink-soft">
        輸入店名、食材、地名、作者或刊名，就能找到《食藝》的新聞、專欄、專題、雜誌與作者。
      </p>
      <Suggestions title="從這些主題開始" suggestions={suggestions} />
    </div>
  );
}

function NoResults({ q, suggestions }: { q: string; suggestions: SearchSuggestion[] }) {
  return (
    <div className="py-12">
      <h2 className="font-serif text-2xl leading-snug font-bold tracking-[0.06em] break-words">
        找不到「{q}」的相關結果
      </h2>
      <ul className="mt-4 list-disc space-y-1 pl-5 leading-8 text-ink-soft">
        <li>檢查字詞是否有錯字。</li>
        <li>換個說法，或用較短、較常見的詞。</li>
        <li>減少關鍵字的數量。</li>
      </ul>
      <Suggestions title="試試這些關鍵字" suggestions={suggestions} />
    </div>
  );
}
