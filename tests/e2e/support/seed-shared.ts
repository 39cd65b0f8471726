/** Run by the e2e global set-up with tsx, before the shared server opens the same DATA_DIR: one process, one database open. */
import { withDatabase } from "../../../scripts/cli";
import { seedArticles, seedCoaching, seedExercises, seedNutrition, seedUsers } from "./seed-data";

await withDatabase(async () => {
  await seedUsers();
  await seedArticles();
  await seedNutrition();
  await seedExercises();
  await seedCoaching();
});
