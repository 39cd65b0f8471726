/**
 * The process from the sources (`npm run dev`; the bench starts older builds with it): with
 * --dev the application through Vite, otherwise the production build. `npm start` runs
 * the build without this file or a TypeScript loader (scripts/start.js).
 */
import path from "node:path";
import type * as AppModuleType from "./app";
import { serve } from "./serve";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

type AppModule = typeof AppModuleType;

async function loadApp() {
  if (!dev) {
    const mod = (await import(path.resolve("build/server/index.js"))) as AppModule;
    return mod.start({ assets: { dir: path.resolve("build/client") } });
  }
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const mod = (await vite.ssrLoadModule("./server/app.ts")) as AppModule;
  return mod.start({ assets: { middleware: vite.middlewares } });
}

await serve(loadApp);
