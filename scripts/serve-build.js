/**
 * Runs the production build as it is: plain JavaScript, no TypeScript loader, no check
 * that the build is current. `npm start` (scripts/start.js) imports it after building
 * when a source changed; tests and the reliability scripts spawn it (`node
 * scripts/serve-build.js`) on a build made just before, and a start through tsx would
 * cost each of them 2-4 s more CPU (decision 0047).
 */
import path from "node:path";

process.env.NODE_ENV ??= "production";
const app = await import(path.resolve("build/server/index.js"));
await app.serve(() => app.start({ assets: { dir: path.resolve("build/client") } }));
