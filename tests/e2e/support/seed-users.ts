/** Run with tsx before an isolated server opens the same DATA_DIR: the fixture accounts only. */
import { withDatabase } from "../../../scripts/cli";
import { seedUsers } from "./seed-data";

await withDatabase(seedUsers);
