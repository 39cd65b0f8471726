/**
 * Screens that run in the browser on a small script of their own instead of React
 * (decision 0109): the route's handle says so, and its loader names the script's address.
 * `npm run build` bundles each one (scripts/build-page-scripts.ts) into a hashed file under
 * /assets and lists it in build/server/page-scripts.json; in development Vite serves the
 * source as it is.
 */
import fs from "node:fs";
import path from "node:path";

/** The scripts, by name: their entry modules (the build's and Vite's). */
export const PAGE_SCRIPTS = { workout: "app/views/workouts/live/main.ts" } as const;

export type PageScript = keyof typeof PAGE_SCRIPTS;

/** A route whose screen runs on its own script: the root renders that script instead of React's. */
export interface OwnScriptHandle {
  ownScript: true;
}

/** Where the build lists the bundled scripts' addresses. */
export const PAGE_SCRIPTS_LIST = "build/server/page-scripts.json";

let built: Record<PageScript, string> | null = null;

/** The script's address for the page's `<script type="module">`. */
export function pageScriptSrc(name: PageScript): string {
  if (import.meta.env.DEV) return `/${PAGE_SCRIPTS[name]}`;
  built ??= JSON.parse(fs.readFileSync(path.resolve(PAGE_SCRIPTS_LIST), "utf8")) as Record<PageScript, string>;
  return built[name];
}
