/**
 * The staff screen of a member's training (/members/:memberId/training) on the real
 * database with real session cookies: who may open it and comment (visitors sign in,
 * members are sent to /unauthorized, staff see any member), what a comment answers, and
 * that a refused comment stores and mails nothing.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { workout, workoutComment } from "~/db/schema/workouts";
import { MEMBER_NOT_FOUND } from "~/modules/users/member-account.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { NOT_FINISHED, WORKOUT_NOT_FOUND } from "~/modules/workouts/workout-comments.server";
import { action, loader } from "~/routes/members.$memberId.training";
import { outboxMails } from "../support/outbox";
import { callRouteOrData, getRequest, locationOf, postForm, signInCookie, toastOf } from "../support/route-calls";

type Who = "admin" | "trainer" | "member" | null;
const cookies: Record<Exclude<Who, null>, string> = { admin: "", trainer: "", member: "" };
let memberId = "";
const staffIds: Record<"admin" | "trainer", string> = { admin: "", trainer: "" };
let finished = "";
let adminsWorkout = "";
let open = "";
const cookie = (who: Who) => (who ? cookies[who] : null);
const path = () => `/members/${memberId}/training`;
type Refusal = { data: { ok: false; error: string | null; fieldErrors: Record<string, string> }; init: { status: number } };

const commentCount = async () => (await getDb().select({ id: workoutComment.id }).from(workoutComment)).length;

beforeAll(async () => {
  for (const role of ["admin", "trainer", "member"] as const) {
    const email = `${role}@coach-routes.test`;
    const created = await createUserWithPassword({ name: `Coach ${role}`, email, password: `${role}-password`, role });
    if (role === "member") memberId = created.id;
    else staffIds[role] = created.id;
    cookies[role] = await signInCookie(email, `${role}-password`);
  }
  finished = crypto.randomUUID();
  open = crypto.randomUUID();
  adminsWorkout = crypto.randomUUID();
  await getDb()
    .insert(workout)
    .values([
      { id: finished, userId: memberId, title: "Full Body A", performedOn: "2026-03-02", finishedAt: new Date() },
      { id: open, userId: memberId, title: "Full Body B", performedOn: "2026-03-04" },
      // Staff may train too (the members' area is everyone's): still not a member to review.
      { id: adminsWorkout, userId: staffIds.admin, title: "Admin's own", performedOn: "2026-03-05", finishedAt: new Date() },
    ]);
});

afterAll(async () => {
  await getDb().delete(user);
});

describe("who may open a member's training", () => {
  it("sends visitors to sign in and members to /unauthorized, for the page and its data request", async () => {
    for (const pathname of [path(), `${path()}.data`]) {
      expect(locationOf(await callRouteOrData(loader, getRequest(pathname, null), { memberId }))).toBe(`/login?redirectTo=${encodeURIComponent(path())}`);
      expect(locationOf(await callRouteOrData(loader, getRequest(pathname, cookies.member), { memberId }))).toBe("/unauthorized");
    }
  });

  it("shows trainers and administrators any member's training, and 404 for no such member", async () => {
    for (const who of ["trainer", "admin"] as const) {
      const answer = (await callRouteOrData(loader, getRequest(path(), cookie(who)), { memberId })) as { review: { member: { id: string }; workouts: Array<{ id: string }> } };
      expect(answer.review.member.id).toBe(memberId);
      expect(answer.review.workouts.map((w) => w.id)).toEqual([finished]);
    }
    const missing = (await callRouteOrData(loader, getRequest("/members/nobody/training", cookies.trainer), { memberId: "nobody" })) as Refusal;
    expect(missing.init.status).toBe(404);
  });

  it("answers 404 for a trainer's or an administrator's account, as for no such member: the screen is for members", async () => {
    for (const [who, staffId] of [
      ["trainer", staffIds.admin],
      ["admin", staffIds.trainer],
      ["trainer", staffIds.trainer],
    ] as const) {
      const answer = (await callRouteOrData(loader, getRequest(`/members/${staffId}/training`, cookie(who)), { memberId: staffId })) as { data: { message: string }; init: { status: number } };
      expect([answer.init.status, answer.data.message]).toEqual([404, MEMBER_NOT_FOUND]);
    }
  });
});

describe("commenting from the screen", () => {
  it("posts the comment, toasts, comes back to the workout and e-mails the member", async () => {
    const mails = outboxMails().length;
    const answer = await callRouteOrData(action, postForm(path(), cookies.trainer, { intent: "comment", workoutId: finished, body: "Great session" }), { memberId });
    expect(locationOf(answer)).toBe(`${path()}#workout-${finished}`);
    expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Comment posted", description: "Coach member was e-mailed." });
    expect(outboxMails().length - mails).toBe(1);
    expect(outboxMails().at(-1)).toContain(`/members/workouts/${finished}`);
  });

  it("refuses members and visitors before reading the form, storing nothing", async () => {
    const before = await commentCount();
    expect(locationOf(await callRouteOrData(action, postForm(path(), cookies.member, { intent: "comment", workoutId: finished, body: "Me" }), { memberId }))).toBe("/unauthorized");
    expect(locationOf(await callRouteOrData(action, postForm(path(), null, { intent: "comment", workoutId: finished, body: "Me" }), { memberId }))).toMatch(/^\/login/);
    expect(await commentCount()).toBe(before);
  });

  it("answers an empty comment 400 at its field, an unfinished workout 409, an unknown one 404 and an unknown intent 400, storing nothing", async () => {
    const before = await commentCount();
    const mails = outboxMails().length;
    const send = (fields: Record<string, string>) => callRouteOrData(action, postForm(path(), cookies.admin, fields), { memberId }) as Promise<Refusal>;
    const empty = await send({ intent: "comment", workoutId: finished, body: "   " });
    expect([empty.init.status, empty.data.fieldErrors.body]).toEqual([400, "Please write a comment"]);
    const notFinished = await send({ intent: "comment", workoutId: open, body: "Keep going" });
    expect([notFinished.init.status, notFinished.data.error]).toEqual([409, NOT_FINISHED]);
    const unknown = await send({ intent: "comment", workoutId: "no-such-workout", body: "Hello" });
    expect([unknown.init.status, unknown.data.error]).toEqual([404, WORKOUT_NOT_FOUND]);
    // The workout exists, but not under this member's address.
    const elsewhere = (await callRouteOrData(action, postForm("/members/nobody/training", cookies.admin, { intent: "comment", workoutId: finished, body: "Hello" }), { memberId: "nobody" })) as Refusal;
    expect(elsewhere.init.status).toBe(404);
    // A staff account's own finished workout, under that account's address: not a member's.
    const staffs = (await callRouteOrData(action, postForm(`/members/${staffIds.admin}/training`, cookies.trainer, { intent: "comment", workoutId: adminsWorkout, body: "Hello" }), { memberId: staffIds.admin })) as Refusal;
    expect([staffs.init.status, staffs.data.error]).toEqual([404, MEMBER_NOT_FOUND]);
    const wrongIntent = await send({ intent: "delete", workoutId: finished });
    expect(wrongIntent.init.status).toBe(400);
    expect(await commentCount()).toBe(before);
    expect(outboxMails().length).toBe(mails);
  });
});
