/** Run by the e2e global set-up with tsx, before the shared server opens the same DATA_DIR: one process, one database open. */
import { withDatabase } from "../../../scripts/cli";
import { seedArticles, seedAthlete, seedCoaching, seedNutrition, seedUsers } from "./seed-data";
import { seedTraining } from "./seed-training";

await withDatabase(async () => {
  await seedUsers();
  await seedArticles();
  await seedNutrition();
  await seedTraining();
  await seedCoaching();
  await seedAthlete();
});
