import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const p = await b.newPage();
const errs=[]; p.on("pageerror", e=>errs.push(String(e))); p.on("console", m=>{ if(m.type()==="error") errs.push(m.text())});
await p.goto("http://localhost:3400/news", { waitUntil: "networkidle" });
console.log("title", await p.title());
// client nav to a detail
await p.click('a[href="/news/winter-radish-and-mullet-roe"]');
await p.waitForURL("**/news/winter-radish-and-mullet-roe"); await p.waitForTimeout(1500);
console.log("detail title", await p.title(), await p.locator('link[rel=canonical]').getAttribute("href"), await p.locator('meta[property="og:image"]').getAttribute("content"));
// client nav to unknown detail via evaluate (history)
await p.evaluate(() => { const a=document.createElement("a"); a.href="/news/nope-xyz"; a.textContent="x"; a.id="zz"; document.body.appendChild(a); });
// use react router navigation via link click: plain anchor triggers full load; instead use window.__reactRouterDataRouter
const hasRouter = await p.evaluate(() => !!window.__reactRouterDataRouter);
console.log("router", hasRouter);
if (hasRouter) { await p.evaluate(() => window.__reactRouterDataRouter.navigate("/news/nope-xyz")); await p.waitForTimeout(2000);
 console.log("client 404 title", await p.title(), "|", (await p.locator("main").innerText()).replace(/\s+/g," ").slice(0,200));
 const btn = p.getByText("回首頁"); console.log("btn count", await btn.count());
 await btn.first().click(); await p.waitForTimeout(2000); console.log("after click", p.url(), await p.title());
 await p.evaluate(() => window.__reactRouterDataRouter.navigate("/news?page=abc")); await p.waitForTimeout(2000);
 console.log("client page=abc title", await p.title());
}
// SSR 404 and click button
await p.goto("http://localhost:3400/columns/nope", { waitUntil: "networkidle" });
console.log("ssr404", await p.title(), (await p.locator("main").innerText()).replace(/\s+/g," ").slice(0,200));
await p.getByText("回首頁").first().click(); await p.waitForTimeout(2000); console.log("after click", p.url(), await p.title(), (await p.locator("main").innerText()).replace(/\s+/g," ").slice(0,80));
// mobile menu
await p.setViewportSize({width:375,height:800});
await p.goto("http://localhost:3400/", { waitUntil: "networkidle" });
const btns = await p.locator("header button").allInnerTexts(); console.log("header buttons", btns);
const menuBtn = p.locator('header button[aria-label*="選單"], header button:has-text("選單")').first();
if (await menuBtn.count()) { await menuBtn.click(); await p.waitForTimeout(1000);
  const links = await p.locator('a:visible').evaluateAll(as=>as.map(a=>a.getAttribute("href")+" "+a.innerText.replace(/\s+/g," ")));
  console.log("mobile menu links", links.join(" ; "));
}
console.log("errors", errs.slice(0,5));
await b.close();
