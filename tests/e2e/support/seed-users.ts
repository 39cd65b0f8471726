/** The fixture accounts only: run once by the e2e global set-up; the servers that need them start from a copy. */
import { withDatabase } from "../../../scripts/cli";
import { seedUsers } from "./seed-data";

await withDatabase(seedUsers);
