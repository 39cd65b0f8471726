/**
 * npm run seed:demo: sample accounts and content to explore the site with (what it adds is
 * in seed-demo-data.ts, which tests call in-process). Idempotent.
 */
import { withDatabase } from "./cli";
import { seedDemo } from "./seed-demo-data";

await withDatabase(() => seedDemo());
