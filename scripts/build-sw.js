/**
 * Part of `npm run build`, after `react-router build`: the service worker
 * (app/service-worker/sw.ts) bundled with esbuild, then Workbox writes the list of files it
 * precaches into build/client/sw.js (decision 0092): the scripts, styles and fonts of the
 * pages kept for training offline (the root, the member layout, the dashboard, the
 * program's week and a workout, with what they load later), and the icons. Every other
 * screen's scripts come from the network as before: they are of no use offline.
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";

const bundled = path.resolve("build/sw/sw.js");
const client = path.resolve("build/client");
const viteDir = path.join(client, ".vite");

/**
 * The route modules of the pages kept offline (OFFLINE_PAGE in app/lib/offline-contract.ts), and the browser's entry
 * (its key is relative to where node_modules really is: `../main/node_modules/…` in a git worktree that links it).
 */
const OFFLINE_MODULES = [
  /^(?:\.\.\/[^/]+\/)*node_modules\/@react-router\/dev\/dist\/config\/defaults\/entry\.client\.tsx$/,
  /^app\/root\.tsx\?/,
  /^app\/routes\/members\.tsx\?/,
  /^app\/routes\/members\._index\.tsx\?/,
  /^app\/routes\/members\.workouts\.tsx\?/,
  /^app\/routes\/members\.workouts\.\$workoutId\.tsx\?/,
];

/** Every file those modules load, at once or later (dynamic imports), with their styles and fonts: paths under build/client. */
function offlineFiles() {
  const manifest = JSON.parse(fs.readFileSync(path.join(viteDir, "manifest.json"), "utf8"));
  const starts = Object.keys(manifest).filter((key) => OFFLINE_MODULES.some((re) => re.test(key)));
  if (starts.length !== OFFLINE_MODULES.length) throw new Error(`build-sw: found ${starts.length} of the ${OFFLINE_MODULES.length} offline route modules in the client manifest`);
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  starts.forEach(visit);
  return files;
}
/** The screens on a script of their own (scripts/build-page-scripts.ts): the workout is one. */
function pageScripts() {
  return Object.values(JSON.parse(fs.readFileSync(path.resolve("build/server/page-scripts.json"), "utf8"))).map((src) => src.replace(/^\//, ""));
}
const kept = new Set([...offlineFiles(), ...pageScripts()]);

await build({
  entryPoints: ["app/service-worker/sw.ts"],
  bundle: true,
  format: "iife",
  minify: true,
  target: "es2020",
  outfile: bundled,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: path.resolve("build/client/sw.js"),
  globDirectory: client,
  globPatterns: ["assets/**/*.{js,css,woff2}", "icons/*.png", "favicon.svg"],
  // React Router's route manifest (assets/manifest-<version>.js) is written beside Vite's chunks: every page imports it.
  manifestTransforms: [async (entries) => ({ manifest: entries.filter((e) => !e.url.startsWith("assets/") || kept.has(e.url) || /^assets\/manifest-[0-9a-f]+\.js$/.test(e.url)), warnings: [] })],
  // Hashed names change with their content: no revision needed.
  dontCacheBustURLsMatching: /^assets\//,
});
for (const warning of warnings) console.warn(warning);
fs.rmSync(path.dirname(bundled), { recursive: true, force: true });
// The module graph is the build's business, not the site's.
fs.rmSync(viteDir, { recursive: true, force: true });
console.log(`Service worker: ${count} files precached (${Math.round(size / 1024)} KB).`);
