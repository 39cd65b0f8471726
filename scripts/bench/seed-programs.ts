/**
 * Run by the bench's programs section (with tsx) before the server opens the same
 * DATA_DIR (or DATABASE_URL): a trainer, a member who browses their workouts meanwhile,
 * PROGRAM_MEMBERS members to assign to, and the largest program the limits allow
 * (largest-program.fixture.ts). Writes the ids the section needs as JSON to BENCH_OUT.
 */
import { runSeed } from "./seed-run";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { insertLargestProgram } from "~/modules/programs/largest-program.fixture";
import { completeOwnProfile } from "~/modules/users/profile.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { BENCH_PASSWORD } from "./fixtures";
import { BROWSING_MEMBER_EMAIL, PROGRAM_MEMBERS, PROGRAM_TRAINER_EMAIL, type ProgramSeed } from "./programs";

runSeed(async () => {
  const trainer = await createUserWithPassword({ email: PROGRAM_TRAINER_EMAIL, password: BENCH_PASSWORD, name: "Bench Coach", role: "trainer" });
  const browsing = await createUserWithPassword({ email: BROWSING_MEMBER_EMAIL, password: BENCH_PASSWORD, name: "Browsing Member", role: "member" });
  await completeOwnProfile(browsing, { fullName: "Browsing Member", location: "Leeds", interests: "Strength", experience: "A year", goals: "Get stronger" });
  // The members assigned to never sign in here: rows without passwords are enough.
  await getDb().execute(sql`insert into users (id, name, email, role) select 'assignee-' || g, 'Assignee ' || g, 'assignee' || g || '@bench.example', 'member' from generate_series(1, ${PROGRAM_MEMBERS}::int) g`);
  const programId = await insertLargestProgram("bench-largest-program", trainer.id);
  await getDb().execute(sql`analyze`);
  const seed: ProgramSeed = { programId, memberIds: Array.from({ length: PROGRAM_MEMBERS }, (_, i) => `assignee-${i + 1}`) };
  fs.writeFileSync(process.env.BENCH_OUT!, JSON.stringify(seed));
});
