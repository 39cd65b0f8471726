import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { fitnessGoal } from "~/db/schema/progress";
import { addDays } from "~/lib/time-zone";
import { deleteGoal, setGoal, updateGoal } from "./progress-goals.server";
import { getProgressOverview } from "./progress-overview.server";
import { goalsOf, newUser, refusal, today, type Member } from "./progress-test-support";

let a: Member;
let b: Member;

beforeEach(async () => {
  a = await newUser();
  b = await newUser();
});

describe("goals", () => {
  it("sets a goal (not started by default) and completes it with a completion time", async () => {
    const created = await setGoal(a, { title: " Bench 100 kg ", description: "By summer", targetDate: addDays(today(), 30) });
    expect(created.id).toEqual(expect.any(String));
    const [goal] = await goalsOf(a.id);
    expect(goal).toMatchObject({ title: "Bench 100 kg", status: "not_started", completedAt: null, targetDate: addDays(today(), 30) });

    expect((await updateGoal(a, goal!.id, { status: "in_progress" })).id).toEqual(expect.any(String));
    expect((await goalsOf(a.id))[0]).toMatchObject({ status: "in_progress", title: "Bench 100 kg", completedAt: null });

    expect((await updateGoal(a, goal!.id, { status: "completed" })).id).toEqual(expect.any(String));
    const done = (await goalsOf(a.id))[0]!;
    expect(done.status).toBe("completed");
    expect(done.completedAt).toBeInstanceOf(Date);

    expect((await updateGoal(a, goal!.id, { status: "in_progress" })).id).toEqual(expect.any(String));
    expect((await goalsOf(a.id))[0]!.completedAt).toBeNull();
  });

  it.each([
    ["a missing title", { description: "d" }, "title", "Title is required"],
    ["a blank title", { title: "  ", description: "d" }, "title", "Title is required"],
    ["a missing description", { title: "t" }, "description", "Description is required"],
    ["a past target date", { title: "t", description: "d", targetDate: "YESTERDAY" }, "targetDate", "The target date cannot be in the past"],
    ["an unknown status", { title: "t", description: "d", status: "abandoned" }, "status", "Please choose a status"],
  ])("refuses %s", async (_label, raw, field, message) => {
    const input = { ...raw, targetDate: (raw as { targetDate?: string }).targetDate === "YESTERDAY" ? addDays(today(), -1) : undefined };
    expect(await refusal(setGoal(a, input))).toMatchObject({ status: 400, fieldErrors: { [field]: message } });
    expect(await goalsOf(a.id)).toEqual([]);
  });

  it("accepts today as a target date and keeps an earlier target date that has since passed", async () => {
    expect((await setGoal(a, { title: "Today", description: "d", targetDate: today() })).id).toEqual(expect.any(String));
    const [goal] = await goalsOf(a.id);
    await getDb().update(fitnessGoal).set({ targetDate: "2020-01-01" }).where(eq(fitnessGoal.id, goal!.id));
    expect((await updateGoal(a, goal!.id, { status: "completed" })).id).toEqual(expect.any(String));
    expect(await refusal(updateGoal(a, goal!.id, { targetDate: "2020-01-02" }))).toMatchObject({ fieldErrors: { targetDate: "The target date cannot be in the past" } });
  });
});

describe("a member writes only their own goals", () => {
  it("refuses another member's goal for update and delete", async () => {
    await setGoal(b, { title: "B's goal", description: "private" });
    const [theirs] = await goalsOf(b.id);
    expect(await refusal(updateGoal(a, theirs!.id, { status: "completed" }))).toEqual({ status: 404, message: "Goal not found", fieldErrors: {} });
    expect(await refusal(deleteGoal(a, theirs!.id))).toEqual({ status: 404, message: "Goal not found", fieldErrors: {} });
    expect(await goalsOf(b.id)).toEqual([theirs]);
    expect((await getProgressOverview(a)).goals).toEqual([]);
  });
});
