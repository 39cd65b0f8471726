/** npm run db:migrate: applies the committed migrations (npm start does this too). */
import { withDatabase } from "./cli";

await withDatabase(async () => {
  console.log("Migrations applied.");
});
