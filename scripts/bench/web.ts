/**
 * npm run bench:web — the public site's budgets, measured on the built server:
 * client JavaScript the home page loads (gzip), and Lighthouse (mobile) scores and CLS
 * for /, /services and /about. Budgets: JS ≤ 150 KB gzip; performance ≥ 95,
 * accessibility, best practices and SEO 100; CLS ≤ 0.05.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startBenchServer } from "./serve";

const PAGES = ["/", "/services", "/about"];
const BUDGET = { jsKb: 150, performance: 95, accessibility: 100, bestPractices: 100, seo: 100, cls: 0.05 };

async function homeJavaScriptGzipKb(baseUrl: string): Promise<number> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  let bytes = 0;
  for (const url of urls) bytes += gzipSync(Buffer.from(await (await fetch(`${baseUrl}${url}`)).arrayBuffer()), { level: 9 }).length;
  return bytes / 1024;
}

interface LighthouseResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): try again. */
function lighthouse(url: string): LighthouseResult {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (Lighthouse failed on ${url}, trying again)`);
    }
  }
}

function lighthouseOnce(url: string): LighthouseResult {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lh-")), "report.json");
  const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  execFileSync(
    process.execPath,
    [
      path.resolve("node_modules/lighthouse/cli/index.js"),
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic",
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ["ignore", "ignore", "inherit"] },
  );
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    cls: report.audits["cumulative-layout-shift"].numericValue,
    lcpMs: Math.round(report.audits["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(report.audits["total-blocking-time"].numericValue),
  };
}

const server = await startBenchServer();
let failed = false;
try {
  // Measure a warm server, as visitors meet it: the first request of a process is slower.
  for (const page of PAGES) for (let i = 0; i < 5; i++) await (await fetch(`${server.baseUrl}${page}`)).text();
  const jsKb = await homeJavaScriptGzipKb(server.baseUrl);
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
