/** npm run db:migrate: applies the committed migrations and brings the built-in exercises up to date (npm start does this too). */
import { withDatabase } from "./cli";

await withDatabase(async () => {
  console.log("Migrations applied.");
});
