/**
 * Run by the e2e global set-up before the shared server opens the same DATA_DIR, on a
 * database that has the fixture accounts already (seed-users.ts): one process, one database open.
 */
import { withDatabase } from "../../../scripts/cli";
import { seedArticles, seedAthlete, seedCoaching, seedNutrition } from "./seed-data";
import { seedCheckIns } from "./seed-check-ins";
import { seedClasses } from "./seed-classes";
import { seedHistory } from "./seed-history";
import { seedTraining } from "./seed-training";

await withDatabase(async () => {
  await seedArticles();
  await seedNutrition();
  await seedTraining();
  await seedCoaching();
  await seedAthlete();
  await seedCheckIns();
  await seedClasses();
  await seedHistory();
});
