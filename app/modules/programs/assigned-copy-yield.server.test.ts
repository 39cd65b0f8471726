/**
 * On PGlite an assigned copy yields to the requests in flight between its steps (decision
 * 0051): PGlite answers within the same turn of the event loop, so without that a copy's
 * steps would follow each other without the server ever reading a request that came.
 * @test-database pglite
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { startCountedPage } from "~/lib/requests-in-flight.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { BLOCKS_PER_STEP, makeAssignedCopy } from "./assigned-copy.server";
import { assignProgram } from "./program-assignment.server";
import { programOf, WEEK_BLOCKS } from "./programs.test-support";

let page: Awaited<ReturnType<typeof startCountedPage>>;
beforeAll(async () => (page = await startCountedPage()));
afterAll(() => page.stop());

it("a page asked for while a copy is made is answered before the copy is whole", async () => {
  const coach = await createUserWithPassword({ name: "Yield Coach", email: "coach@yield.test", password: "trainer-password-1", role: "trainer" });
  const trainer: SessionUser = { id: coach.id, email: coach.email, name: coach.name, role: "trainer", profileComplete: true, weightUnit: "kg" };
  const member = await createUserWithPassword({ name: "Yield Member", email: "member@yield.test", password: "member-password-1", role: "member" });
  // Ten steps of whole weeks.
  const sourceId = await programOf(trainer, 10 * Math.max(1, Math.floor(BLOCKS_PER_STEP / WEEK_BLOCKS)), "Yield");
  const { id: assignmentId } = await assignProgram(trainer, sourceId, { memberIds: [member.id], startDate: "2026-12-07" });

  const order: string[] = [];
  const copy = makeAssignedCopy(assignmentId, member.id).then(() => order.push("copy whole"));
  const answered = fetch(page.url).then((r) => order.push(`page ${r.status}`));
  await Promise.all([copy, answered]);
  expect(order).toEqual(["page 200", "copy whole"]);
});
