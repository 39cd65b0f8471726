import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/precompress.ts";

// The server build's entry is our express app (server/app.ts), so the HTTP layer,
// better-auth and the React Router handler share one module graph and one database.
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  // Bundled into the server build, not loaded file by file from node_modules at start: the
  // entry needs both before /healthz answers (decision 0173).
  ssr: { noExternal: ["zod", "drizzle-orm"] },
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    // The client's module graph, for the service worker's precache list (scripts/build-sw.js reads it, then deletes it).
    manifest: !isSsrBuild,
  },
  // The client build also writes a brotli and a gzip copy of each script and style sheet.
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [precompressAssets()])],
}));
