/** Run by the e2e global set-up with tsx, before the server opens the same DATA_DIR. */
import { withDatabase } from "../../../scripts/cli";
import { createUserWithPassword } from "~/modules/users/users.server";
import { completeOwnProfile } from "~/modules/users/profile.server";
import { PASSWORD, users } from "./users";

await withDatabase(async () => {
  for (const u of Object.values(users)) {
    const created = await createUserWithPassword({ email: u.email, password: PASSWORD, name: u.name, role: u.role });
    if (u.complete) {
      await completeOwnProfile(created, {
        fullName: u.name,
        location: "Manchester",
        interests: "Strength training",
        experience: "Two years in the gym",
        goals: "Get stronger",
      });
    }
  }
});
