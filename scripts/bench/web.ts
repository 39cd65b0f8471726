/**
 * npm run bench:web — the public site's budgets, measured on the built server:
 * client JavaScript the home page loads (gzip), and Lighthouse (mobile) scores and CLS
 * for /, /services and /about. Budgets: JS ≤ 150 KB gzip; performance ≥ 95,
 * accessibility, best practices and SEO 100; CLS ≤ 0.05.
 */
import { lighthouse, pageJavaScript } from "./lighthouse";
import { startBenchServer } from "./serve";

const PAGES = ["/", "/services", "/about"];
const BUDGET = { jsKb: 150, performance: 95, accessibility: 100, bestPractices: 100, seo: 100, cls: 0.05 };

const server = await startBenchServer();
let failed = false;
try {
  // Measure a warm server, as visitors meet it: the first request of a process is slower.
  for (const page of PAGES) for (let i = 0; i < 5; i++) await (await fetch(`${server.baseUrl}${page}`)).text();
  const jsKb = (await pageJavaScript(server.baseUrl)).gzipKb;
  console.log(`Home page JavaScript: ${jsKb.toFixed(1)} KB gzip (budget ${BUDGET.jsKb} KB) ${jsKb <= BUDGET.jsKb ? "ok" : "OVER"}`);
  failed ||= jsKb > BUDGET.jsKb;
  console.log("\nLighthouse, mobile (performance / accessibility / best practices / SEO, CLS, LCP, TBT):");
  for (const page of PAGES) {
    const r = lighthouse(`${server.baseUrl}${page}`);
    const ok =
      r.performance >= BUDGET.performance && r.accessibility >= BUDGET.accessibility && r.bestPractices >= BUDGET.bestPractices && r.seo >= BUDGET.seo && r.cls <= BUDGET.cls;
    failed ||= !ok;
    console.log(
      `  ${page.padEnd(10)} ${r.performance} / ${r.accessibility} / ${r.bestPractices} / ${r.seo}   CLS ${r.cls.toFixed(3)}   LCP ${r.lcpMs} ms   TBT ${r.tbtMs} ms   ${ok ? "ok" : "BELOW BUDGET"}`,
    );
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
