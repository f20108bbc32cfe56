import { errorPage, messages } from "@shiyi/contracts/messages";
import { isRouteErrorResponse, Link } from "react-router";
import { Phrased } from "./phrased.tsx";

type Known = 404 | 500;

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

/** Title part of the document title for an error (SPEC §2). */
export function errorTitle(error: unknown): string {
  const status = statusOf(error);
  if (status === 404 || status === 500) return errorPage[status as Known].title;
  return messageOf(error, status);
}

/**
 * What React Router's own refusals say, in place of its English (a POST to a page without a form,
 * a method it does not take): they are written for developers.
 */
const frameworkMessages: Record<number, string> = {
  400: messages.invalidParams,
  403: "您沒有權限瀏覽此頁面",
  405: "此頁面不支援這個操作",
  413: messages.tooLarge,
  415: messages.invalidParams,
  422: messages.invalidParams,
};

/** Other statuses: the error's own message if present, else the status code. */
function messageOf(error: unknown, status: number): string {
  if (isRouteErrorResponse(error) && (error as { internal?: boolean }).internal) {
    return frameworkMessages[status] ?? String(status);
  }
  if (isRouteErrorResponse(error)) {
    const own =
      typeof error.data === "string" ? error.data : (error.data as { message?: string } | null)?.message;
    // Not the status text: it is English, and what the server sent it with may not match the status.
    return own || String(status);
  }
  return String(status);
}

export function ErrorPage({ error }: { error: unknown }) {
  const status = statusOf(error);
  const known = status === 404 || status === 500 ? errorPage[status as Known] : null;
  return (
    <section className="container-page flex min-h-[55vh] flex-col items-center justify-center py-24 text-center">
      <p className="kicker" lang="en">
        Error {status}
      </p>
      <h1 className="mt-4 font-serif text-3xl font-bold leading-snug tracking-wide md:text-4xl">
        <Phrased text={known ? known.body : messageOf(error, status)} />
      </h1>
      <Link
        to="/"
        className="mt-10 inline-flex items-center border border-ink px-8 py-3 font-serif tracking-[0.3em] transition-colors hover:bg-ink hover:text-paper"
      >
        {errorPage.home}
      </Link>
    </section>
  );
}
