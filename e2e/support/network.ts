import { expect, type Page } from "@playwright/test";

/** Headers a browser's form post carries that the server reads (the rest are the connection's). */
const forwarded = ["cookie", "content-type", "accept", "user-agent", "x-forwarded-for", "origin", "referer"];

/**
 * The next form post to `url` reaches the server, but its answer, cookies included, never reaches
 * the browser (a connection dropped while the server worked). Returns how many were lost so far.
 */
export async function loseAnswerOnce(page: Page, url: string) {
  let lost = 0;
  await page.route(url, async (route) => {
    const sent = route.request();
    if (sent.method() !== "POST" || lost > 0) return route.fallback();
    lost += 1;
    const headers = Object.fromEntries(
      Object.entries(await sent.allHeaders()).filter(([name]) => forwarded.includes(name)),
    );
    const body = sent.postDataBuffer();
    const answer = await fetch(sent.url(), { method: "POST", headers, body: body && new Uint8Array(body) });
    expect(answer.ok, `the server's answer to ${sent.url()}`).toBe(true);
    await route.abort("connectionreset");
  });
  return () => lost;
}
