import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/precompress.ts";

// The server build's entry is our express app (server/app.ts), so the HTTP layer,
// better-auth and the React Router handler share one module graph and one database.
export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  // Bundled into the server build, not loaded file by file from node_modules at start: the
  // entry needs both before /healthz answers (decision 0173). Not in the dev server, where
  // Node loads them once per process: transformed and run by Vite's module runner, they were
  // 1.7 of the 9.4 s each test worker's first in-process app took to load (decision 0173).
  ssr: command === "build" ? { noExternal: ["zod", "drizzle-orm"] } : undefined,
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    // The client's module graph, for the service worker's precache list (scripts/build-sw.js reads it, then deletes it).
    manifest: !isSsrBuild,
  },
  // The client build also writes a brotli and a gzip copy of each script and style sheet.
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [precompressAssets()])],
}));
