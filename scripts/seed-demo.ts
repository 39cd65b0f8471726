/**
 * npm run seed:demo: sample accounts to explore the site with. Idempotent: what
 * exists already is left alone. Later areas (articles, sessions, progress) add
 * their own sample data here.
 */
import { completeOwnProfile } from "~/modules/users/profile.server";
import { createUserWithPassword, findUserByEmail } from "~/modules/users/users.server";
import { withDatabase } from "./cli";

const DEMO_PASSWORD = "relentless-demo";

const accounts = [
  { email: "trainer@demo.relentless", name: "Taylor Trainer", role: "trainer" as const },
  { email: "member@demo.relentless", name: "Morgan Member", role: "member" as const },
];

await withDatabase(async () => {
  for (const account of accounts) {
    if (await findUserByEmail(account.email)) {
      console.log(`exists   ${account.role.padEnd(7)} ${account.email}`);
      continue;
    }
    const user = await createUserWithPassword({ ...account, password: DEMO_PASSWORD });
    await completeOwnProfile(user, {
      fullName: account.name,
      location: "Manchester",
      interests: "Strength training, running",
      experience: "A year of regular gym sessions",
      goals: "Lose 5 kg and deadlift 100 kg",
    });
    console.log(`created  ${account.role.padEnd(7)} ${account.email}`);
  }
  console.log(`\nDemo password for these accounts: ${DEMO_PASSWORD}`);
});
