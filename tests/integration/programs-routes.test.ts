/**
 * The Programs screens on the real database with real session cookies: the layout's
 * middleware lets trainers and administrators in (loaders, actions and a screen's own
 * .data request alike) and turns members and visitors away; the builder's intents answer
 * with their status and change nothing when refused.
 */
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { program } from "~/db/schema/programs";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware } from "~/routes/programs";
import { action as rawBuilderAction, loader as rawBuilderLoader } from "~/routes/programs.$programId";
import { loader as rawIndexLoader } from "~/routes/programs._index";
import { action as rawNewAction } from "~/routes/programs.new";
import { action as rawTemplatesAction, loader as rawTemplatesLoader } from "~/routes/programs.templates";
import { insertWorkoutFor } from "~/modules/programs/programs.test-support";
import { runDueJobs } from "~/jobs.server";
import { loader as progressLoader } from "~/routes/programs.$programId.assignments";
import { loader as choicesLoader } from "~/routes/programs.exercise-choices";
import { loader as memberChoicesLoader } from "~/routes/programs.member-choices";
import { EXERCISE_CHOICES, MEMBER_CHOICES } from "~/modules/programs/programs.schema";
import { mailsAbout, outboxMails } from "../support/outbox";
import { callRoute, getRequest, locationOf, postForm, signInCookie, toastOf, underLayout } from "../support/route-calls";

const indexLoader = underLayout(middleware, rawIndexLoader);
const templatesLoader = underLayout(middleware, rawTemplatesLoader);
const templatesAction = underLayout(middleware, rawTemplatesAction);
const newAction = underLayout(middleware, rawNewAction);
const builderLoader = underLayout(middleware, rawBuilderLoader);
const builderAction = underLayout(middleware, rawBuilderAction);

type Who = "admin" | "trainer" | "member" | null;
const cookies: Record<"admin" | "trainer" | "member", string> = { admin: "", trainer: "", member: "" };
let memberId = "";
const cookie = (who: Who) => (who ? cookies[who] : null);
type BuilderData = Awaited<ReturnType<typeof rawBuilderLoader>>;
type Refusal = { data: { ok: false; error: string | null; fieldErrors: Record<string, string> }; init: { status: number } };

const programCount = async () => (await getDb().select({ id: program.id }).from(program)).length;

beforeAll(async () => {
  for (const role of ["admin", "trainer", "member"] as const) {
    const email = `${role}@programs-routes.test`;
    const created = await createUserWithPassword({ name: `Programs ${role}`, email, password: `${role}-password`, role });
    if (role === "member") memberId = created.id;
    cookies[role] = await signInCookie(email, `${role}-password`);
  }
});

afterAll(async () => {
  await getDb().delete(program);
  await getDb().delete(user);
});

/** The builder's question while copies are made: how far are these assignments? */
async function progressOf(programId: string, ids: string, cookie: string | null) {
  const answer = (await callRoute(progressLoader, getRequest(`/programs/${programId}/assignments?ids=${ids}`, cookie), { programId })) as Response;
  return { status: answer.status, body: (await answer.json()) as unknown };
}

/** The block form's picker as the coach types. */
async function choicesOf(q: string, cookie: string | null) {
  const answer = (await callRoute(choicesLoader, getRequest(`/programs/exercise-choices?q=${encodeURIComponent(q)}`, cookie))) as Response;
  return { status: answer.status, body: (await answer.json()) as { choices?: Array<{ id: string; name: string }>; more?: boolean; error?: string } };
}

/** The assign form's member search as the coach types. */
async function membersOf(q: string, cookie: string | null) {
  const answer = (await callRoute(memberChoicesLoader, getRequest(`/programs/member-choices?q=${encodeURIComponent(q)}`, cookie))) as Response;
  return { status: answer.status, body: (await answer.json()) as { choices?: Array<{ id: string; name: string; email: string }>; more?: boolean; error?: string } };
}

async function newProgram(who: Who = "trainer"): Promise<string> {
  const answer = await callRoute(newAction, postForm("/programs/new", cookie(who), { intent: "create-program", name: "Route program", description: "" }));
  return locationOf(answer)!.replace("/programs/", "");
}

describe("who may open Programs", () => {
  it("answers how far an assignment is to staff only, and refuses a long list of ids", async () => {
    const id = await newProgram();
    expect(await progressOf(id, "a", null)).toEqual({ status: 401, body: { error: "Please sign in." } });
    expect(await progressOf(id, "a", cookies.member)).toEqual({ status: 403, body: { error: "You do not have permission to do that." } });
    expect(await progressOf(id, "a,b", cookies.trainer)).toEqual({ status: 200, body: { assignments: [] } });
    expect(await progressOf(id, Array.from({ length: 11 }, (_, i) => `id-${i}`).join(","), cookies.admin)).toEqual({ status: 400, body: { error: "Ask for at most 10 assignments." } });
    expect(await progressOf(id, "a,b%00", cookies.trainer)).toEqual({ status: 400, body: { error: "Ask for assignments by their ids." } });
    expect(await progressOf("x y", "a", cookies.trainer)).toEqual({ status: 400, body: { error: "Ask for assignments by their ids." } });
  });

  it("answers the block form's exercise search to staff only: the best matches first, never more than the picker lists", async () => {
    expect(await choicesOf("bench", null)).toEqual({ status: 401, body: { error: "Please sign in." } });
    expect(await choicesOf("bench", cookies.member)).toEqual({ status: 403, body: { error: "You do not have permission to do that." } });
    // The whole library is more than a picker lists: the first of it, and a word that there is more.
    const all = await choicesOf("", cookies.trainer);
    expect([all.status, all.body.choices!.length, all.body.more]).toEqual([200, EXERCISE_CHOICES, true]);
    // The library's own search: plurals, hyphens and abbreviations, best match first.
    for (const [q, first] of [
      ["Pull-ups", "Pull-Up"],
      ["RDL", "Romanian Deadlift"],
    ] as const) {
      const found = await choicesOf(q, cookies.admin);
      expect(found.body.choices![0]!.name, q).toBe(first);
      expect(found.body.more, q).toBe(false);
    }
    expect((await choicesOf("zzzzqqqq", cookies.trainer)).body).toEqual({ choices: [], more: false });
    // A search longer than any name is read up to that length, not refused.
    expect((await choicesOf("bench ".repeat(200), cookies.trainer)).status).toBe(200);
  });

  it("answers the assign form's member search to staff only: members by name or address, never more than the form lists", async () => {
    expect(await membersOf("", null)).toEqual({ status: 401, body: { error: "Please sign in." } });
    expect(await membersOf("", cookies.member)).toEqual({ status: 403, body: { error: "You do not have permission to do that." } });
    const roster = Array.from({ length: MEMBER_CHOICES + 5 }, (_, i) => ({ id: `roster-${i}`, name: `Roster ${String(i).padStart(2, "0")}`, email: `roster-${i}@programs-routes.test` }));
    await getDb().insert(user).values([...roster, { id: "roster-gone", name: "Roster Gone", email: "gone@programs-routes.test", banned: true }]);
    try {
      const all = await membersOf("", cookies.trainer);
      expect([all.status, all.body.choices!.length, all.body.more]).toEqual([200, MEMBER_CHOICES, true]);
      // By a part of the name or of the address, any case; staff, deactivated members and '%' match nothing more.
      expect((await membersOf("roster 07", cookies.admin)).body).toEqual({ choices: [{ id: "roster-7", name: "Roster 07", email: "roster-7@programs-routes.test" }], more: false });
      expect((await membersOf("ROSTER-54@", cookies.trainer)).body.choices!.map((m) => m.id)).toEqual(["roster-54"]);
      for (const q of ["gone", "Programs trainer", "%", "_"]) expect((await membersOf(q, cookies.trainer)).body.choices, q).toEqual([]);
      // The builder's own list narrowed without JavaScript (?members=).
      const id = await newProgram();
      const builder = (await callRoute(builderLoader, getRequest(`/programs/${id}?members=roster%2005`, cookies.trainer), { programId: id })) as BuilderData;
      expect([builder.memberSearch, builder.members.choices.map((m) => m.id)]).toEqual(["roster 05", ["roster-5"]]);
    } finally {
      await getDb().delete(user).where(like(user.id, "roster-%"));
    }
  });

  it("sends visitors to sign in and members to /unauthorized, for pages and their data requests", async () => {
    const id = await newProgram();
    for (const [loader, path, params] of [
      [indexLoader, "/programs", {}],
      [templatesLoader, "/programs/templates", {}],
      [builderLoader, `/programs/${id}`, { programId: id }],
    ] as const) {
      expect(locationOf(await callRoute(loader, getRequest(path, null), params))).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect(locationOf(await callRoute(loader, getRequest(`${path}.data`, null), params))).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect(locationOf(await callRoute(loader, getRequest(path, cookies.member), params))).toBe("/unauthorized");
      expect(locationOf(await callRoute(loader, getRequest(`${path}.data`, cookies.member), params))).toBe("/unauthorized");
    }
  });

  it("refuses members' and visitors' writes before anything is read or written", async () => {
    const id = await newProgram();
    const before = await programCount();
    for (const who of ["member", null] as const) {
      const expected = who ? "/unauthorized" : "/login";
      expect(locationOf(await callRoute(newAction, postForm("/programs/new", cookie(who), { intent: "create-program", name: "Mine" })))).toMatch(new RegExp(`^${expected}`));
      expect(locationOf(await callRoute(builderAction, postForm(`/programs/${id}`, cookie(who), { intent: "assign", memberIds: memberId, startDate: "2026-12-07" }), { programId: id }))).toMatch(
        new RegExp(`^${expected}`),
      );
      expect(locationOf(await callRoute(templatesAction, postForm("/programs/templates", cookie(who), { intent: "start-from-template", templateId: id })))).toMatch(new RegExp(`^${expected}`));
    }
    expect(await programCount()).toBe(before);
  });

  it("lets trainers and administrators in", async () => {
    const id = await newProgram("admin");
    const index = (await callRoute(indexLoader, getRequest("/programs", cookies.trainer))) as Awaited<ReturnType<typeof rawIndexLoader>>;
    expect(index.drafts.map((p) => p.id)).toContain(id);
    const weekId = (await getDb().query.programWeek.findFirst({ where: (w, { eq: is }) => is(w.programId, id) }))!.id;
    const added = await callRoute(builderAction, postForm(`/programs/${id}`, cookies.admin, { intent: "add-day", weekId, dayIndex: "0", title: "Push" }), { programId: id });
    const dayId = locationOf(added)!.split("#day-")[1]!;
    const builder = (await callRoute(builderLoader, getRequest(`/programs/${id}?block=new&day=${dayId}`, cookies.admin), { programId: id })) as BuilderData;
    expect(builder.program.weeks).toHaveLength(1);
    expect(builder.editing).toEqual({ block: "new", day: dayId, search: "" });
    expect(builder.exercises.choices.map((e) => e.id)).toContain("bench-press");
    expect(builder.members).toEqual({ choices: [expect.objectContaining({ id: memberId })], more: false });
  });
});

describe("the builder's answers", () => {
  it("answers a missing program with 404, and a bad form with 400 and its field messages, changing nothing", async () => {
    await expect(callRoute(builderLoader, getRequest("/programs/no-such-program", cookies.trainer), { programId: "no-such-program" })).rejects.toMatchObject({ status: 404, message: "Program not found" });
    const id = await newProgram();
    const weekId = (await getDb().query.programWeek.findFirst({ where: (w, { eq: is }) => is(w.programId, id) }))!.id;
    const refused = (await callRoute(builderAction, postForm(`/programs/${id}`, cookies.trainer, { intent: "add-day", weekId, dayIndex: "9", title: "Legs" }), { programId: id })) as Refusal;
    expect(refused.init.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({ dayIndex: "Please choose a day of the week" });
    const block = (await callRoute(builderAction, postForm(`/programs/${id}`, cookies.trainer, { intent: "add-block", dayId: "no-such-day", exerciseId: "bench-press", sets: "3", reps: "8" }), {
      programId: id,
    })) as Refusal;
    expect([block.init.status, block.data.error]).toEqual([404, "Day not found"]);
    const unknown = (await callRoute(builderAction, postForm(`/programs/${id}`, cookies.trainer, { intent: "drop-tables" }), { programId: id })) as Refusal;
    expect(unknown.init.status).toBe(400);
    expect((await getDb().query.programDay.findMany({ where: (d, { eq: is }) => is(d.programId, id) })).length).toBe(0);
  });

  it("builds a day, moves a block in place, saves a template, starts a program from it and assigns it with an e-mail", async () => {
    const id = await newProgram();
    const post = (fields: Record<string, string>, programId = id) => callRoute(builderAction, postForm(`/programs/${programId}`, cookies.trainer, fields), { programId });
    const weekId = (await getDb().query.programWeek.findFirst({ where: (w, { eq: is }) => is(w.programId, id) }))!.id;
    const added = await post({ intent: "add-day", weekId, dayIndex: "0", title: "Push" });
    expect((await toastOf(added))?.title).toBe("Day added");
    const dayId = locationOf(added)!.split("#day-")[1]!;
    for (const exerciseId of ["bench-press", "squat"]) expect(locationOf(await post({ intent: "add-block", dayId, exerciseId, sets: "3", reps: "8" }))).toBe(`/programs/${id}#day-${dayId}`);
    const squat = (await getDb().query.programBlock.findFirst({ where: (b, { eq: is }) => is(b.exerciseId, "squat") }))!;
    const moved = (await post({ intent: "move-block", blockId: squat.id, position: "1" })) as { data: { ok: true; moved: unknown } };
    expect(moved.data).toMatchObject({ ok: true, moved: { blockId: squat.id, position: 1, of: 2 } });

    const templateId = locationOf(await post({ intent: "save-template" }))!.replace("/programs/", "");
    const started = await callRoute(templatesAction, postForm("/programs/templates", cookies.trainer, { intent: "start-from-template", templateId }));
    expect(locationOf(started)).toMatch(/^\/programs\/[\w-]+$/);
    const refusedStart = await callRoute(templatesAction, postForm("/programs/templates", cookies.trainer, { intent: "start-from-template", templateId: id }));
    expect(locationOf(refusedStart)).toBe("/programs/templates");
    expect(await toastOf(refusedStart)).toMatchObject({ type: "error", title: "Could not start the program" });

    const mails = outboxMails().length;
    const noMember = (await post({ intent: "assign", memberIds: "no-such-member", startDate: "2026-12-07" }, templateId)) as Refusal;
    expect([noMember.init.status, noMember.data.fieldErrors]).toEqual([400, { memberIds: "Please choose members from the list" }]);
    const form = (await callRoute(builderLoader, getRequest(`/programs/${templateId}`, cookies.trainer), { programId: templateId })) as BuilderData;
    expect(form.assigning).toMatchObject({ underWay: [], token: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const assign = { intent: "assign", memberIds: memberId, startDate: "2026-12-07", assignment: form.assigning.token };
    const assigned = await post(assign, templateId);
    expect(await toastOf(assigned)).toMatchObject({ title: "Program assigned", description: "The member's copy is being made; each member is e-mailed when theirs is ready." });
    // A second tap on the same form starts nothing more.
    expect(await toastOf(await post(assign, templateId))).toMatchObject({ title: "Program assigned" });
    expect(locationOf(assigned)).toBe(`/programs/${templateId}?assigned=${assign.assignment}`);
    const [underWay] = ((await callRoute(builderLoader, getRequest(`/programs/${templateId}`, cookies.trainer), { programId: templateId })) as BuilderData).assigning.underWay;
    expect(underWay).toMatchObject({ id: assign.assignment, memberCount: 1, made: 0, underWay: true });
    expect(await progressOf(templateId, assign.assignment, cookies.trainer)).toEqual({ status: 200, body: { assignments: [{ ...underWay }] } });
    await runDueJobs();
    expect(await progressOf(templateId, assign.assignment, cookies.trainer)).toEqual({ status: 200, body: { assignments: [{ ...underWay, made: 1, underWay: false }] } });
    expect(mailsAbout("A new program is ready", mails)).toHaveLength(1);
    // Done, it is shown to whoever follows it (the page the assignment came back to), and no longer to others.
    const following = async (query: string) => ((await callRoute(builderLoader, getRequest(`/programs/${templateId}${query}`, cookies.trainer), { programId: templateId })) as BuilderData).assigning.underWay;
    expect(await following(`?assigned=${assign.assignment}`)).toEqual([{ ...underWay, made: 1, underWay: false }]);
    expect(await following("")).toEqual([]);
    const [copy] = await getDb().select().from(program).where(eq(program.memberId, memberId));
    expect(copy).toMatchObject({ sourceId: templateId, startDate: "2026-12-07" });
    const updated = await post({ intent: "update-from-template" }, copy!.id);
    expect(await toastOf(updated)).toMatchObject({ title: "Updated from the template", description: "1 week replaced; 0 trained weeks kept as they were." });
  });

  it("opens no exercise form on a trained day of a member's copy, by its link or a typed address; untrained days keep theirs", async () => {
    const id = await newProgram();
    const post = (fields: Record<string, string>) => callRoute(builderAction, postForm(`/programs/${id}`, cookies.trainer, fields), { programId: id });
    const weekId = (await getDb().query.programWeek.findFirst({ where: (w, { eq: is }) => is(w.programId, id) }))!.id;
    for (const [dayIndex, title] of [["0", "Push"], ["2", "Pull"]]) {
      const dayId = locationOf(await post({ intent: "add-day", weekId, dayIndex: dayIndex!, title: title! }))!.split("#day-")[1]!;
      await post({ intent: "add-block", dayId, exerciseId: "bench-press", sets: "3", reps: "8" });
    }
    await post({ intent: "assign", memberIds: memberId, startDate: "2026-12-07" });
    await runDueJobs();
    const copy = (await getDb().query.program.findFirst({ where: (p, { and: both, eq: is }) => both(is(p.sourceId, id), is(p.memberId, memberId)) }))!;
    const open = async (query: string) => (await callRoute(builderLoader, getRequest(`/programs/${copy.id}?${query}`, cookies.trainer), { programId: copy.id })) as BuilderData;
    const [push, pull] = (await open("week=1")).program.week!.days;
    await insertWorkoutFor(memberId, push!.id, "2026-12-07");

    for (const query of [`block=${push!.blocks[0]!.id}`, `block=new&day=${push!.id}`]) {
      const locked = await open(query);
      expect(locked.program.week!.days[0]!.trained, query).not.toBeNull();
      expect([locked.editing, locked.exercises], query).toEqual([null, { choices: [], more: false }]);
    }
    const untrained = await open(`block=${pull!.blocks[0]!.id}`);
    expect(untrained.editing).toEqual({ block: pull!.blocks[0]!.id, day: null, exerciseId: pull!.blocks[0]!.exerciseId, search: "" });
    expect(untrained.exercises.choices.map((e) => e.id)).toContain("bench-press");
    // Narrowed by ?q= (the search without JavaScript), the block's own exercise stays listed, first.
    const narrowed = await open(`block=${pull!.blocks[0]!.id}&q=plank`);
    expect(narrowed.exercises.choices[0]!.id).toBe(pull!.blocks[0]!.exerciseId);
    expect(narrowed.exercises.choices.slice(1).every((e) => /plank/i.test(e.name))).toBe(true);
  });
});
