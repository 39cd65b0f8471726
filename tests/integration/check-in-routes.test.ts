/**
 * The check-in routes as React Router calls them, with real sign-in cookies: the member's
 * /members/check-ins and /members/check-ins/:checkInId under the member layout, the staff's
 * /coach/members/:memberId/check-ins and …/:checkInId. Who may read and write what, the
 * answers of refusals (4xx, a message, nothing saved), and the reply's e-mail in the outbox.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { checkIn } from "~/db/schema/check-ins";
import { profile } from "~/db/schema/profiles";
import { progressEntry } from "~/db/schema/progress";
import { runDueJobs } from "~/jobs.server";
import { todayIn, weekdayOf } from "~/lib/time-zone";
import { ALREADY_REVIEWED, CHECK_IN_NOT_FOUND, SIGN_IN_TO_SEND } from "~/modules/check-ins/check-ins.schema";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware as membersMiddleware } from "~/routes/members";
import { loader as dashboardRouteLoader } from "~/routes/members._index";
import { action as listRouteAction, loader as listRouteLoader } from "~/routes/members.check-ins";
import { action as oneRouteAction, loader as oneRouteLoader } from "~/routes/members.check-ins.$checkInId";
import { action as staffListAction, loader as staffListLoader } from "~/routes/coach.members.$memberId.check-ins";
import { action as reviewAction, loader as reviewLoader } from "~/routes/coach.members.$memberId.check-ins.$checkInId";
import { mailsAbout, outboxMails } from "../support/outbox";
import { callRouteOrData, getRequest, locationOf, postForm, signInCookie, toastOf, underLayout } from "../support/route-calls";

const dashboardLoader = underLayout(membersMiddleware, dashboardRouteLoader);
const listLoader = underLayout(membersMiddleware, listRouteLoader);
const listAction = underLayout(membersMiddleware, listRouteAction);
const oneLoader = underLayout(membersMiddleware, oneRouteLoader);
const oneAction = underLayout(membersMiddleware, oneRouteAction);

type Who = "a" | "b" | "trainer" | "admin";
const cookies: Record<Who, string> = { a: "", b: "", trainer: "", admin: "" };
const ids: Record<Who, string> = { a: "", b: "", trainer: "", admin: "" };
type Refusal = { data: { ok: false; error: string | null; fieldErrors: Record<string, string>; values: Record<string, string> }; init: { status: number } };

const form = { intent: "save-check-in", weight: "180", sleep: "4", energy: "4", stress: "2", hunger: "3", nutritionAdherence: "85", wins: "Slept better", struggles: "", question: "" };
const rows = () => getDb().select().from(checkIn);

beforeAll(async () => {
  for (const [who, role, name] of [
    ["a", "member", "Ada Athlete"],
    ["b", "member", "Ben Builder"],
    ["trainer", "trainer", "Tara Trainer"],
    ["admin", "admin", "Alex Admin"],
  ] as const) {
    const email = `${who}@check-in-routes.test`;
    ids[who] = (await createUserWithPassword({ email, password: "check-in-pass-1", name, role })).id;
    cookies[who] = await signInCookie(email, "check-in-pass-1");
  }
  // Both members check in today.
  const day = weekdayOf(todayIn("Europe/London"));
  await getDb()
    .insert(profile)
    .values([
      { userId: ids.a, checkInDay: day },
      { userId: ids.b, checkInDay: day },
    ]);
});

describe("the member's check-in screens", () => {
  it("shows a visitor the 'Access Required' screen and sends a signed-out save back with its message and values, saving nothing", async () => {
    for (const loader of [listLoader, dashboardLoader]) {
      const refused = (await callRouteOrData(loader, getRequest("/members/check-ins", null))) as { init: { status: number } };
      expect(refused.init.status).toBe(401);
    }
    const save = (await callRouteOrData(listAction, postForm("/members/check-ins", null, form))) as Refusal;
    expect([save.init.status, save.data.error, save.data.values.wins]).toEqual([401, SIGN_IN_TO_SEND, "Slept better"]);
    expect(await rows()).toEqual([]);
  });

  it("asks for the check-in on the dashboard until it is sent, then shows it on its page", async () => {
    const dashboard = (await callRouteOrData(dashboardLoader, getRequest("/members", cookies.a))) as { checkIn: { state: string } };
    expect(dashboard.checkIn.state).toBe("due");

    const refused = (await callRouteOrData(listAction, postForm("/members/check-ins", cookies.a, { ...form, sleep: "6" }))) as Refusal;
    expect([refused.init.status, refused.data.fieldErrors.sleep, refused.data.values.wins]).toEqual([400, "Sleep must be from 1 to 5", "Slept better"]);
    expect(await rows()).toEqual([]);
    expect(await getDb().select().from(progressEntry)).toEqual([]);

    const sent = await callRouteOrData(listAction, postForm("/members/check-ins", cookies.a, form));
    const [row] = await rows();
    expect(locationOf(sent)).toBe(`/members/check-ins/${row!.id}`);
    expect(await toastOf(sent)).toMatchObject({ type: "success", title: "Check-in sent" });
    const after = (await callRouteOrData(dashboardLoader, getRequest("/members", cookies.a))) as { checkIn: { state: string } };
    expect(after.checkIn.state).toBe("sent");

    const page = (await callRouteOrData(oneLoader, getRequest(`/members/check-ins/${row!.id}`, cookies.a), { checkInId: row!.id })) as { checkIn: { id: string; weight: number; reviewed: boolean } };
    expect(page.checkIn).toMatchObject({ id: row!.id, weight: 180, reviewed: false });
    const list = (await callRouteOrData(listLoader, getRequest("/members/check-ins", cookies.a))) as { current: { id: string }; list: Array<{ id: string }> };
    expect([list.current.id, list.list.map((c) => c.id)]).toEqual([row!.id, [row!.id]]);
  });

  it("answers another member 404 'Check-in not found' for reading and editing, changing nothing", async () => {
    const [row] = (await rows()).filter((r) => r.userId === ids.a);
    const path = `/members/check-ins/${row!.id}`;
    const read = (await callRouteOrData(oneLoader, getRequest(path, cookies.b), { checkInId: row!.id })) as { data: { message: string }; init: { status: number } };
    expect([read.init.status, read.data.message]).toEqual([404, CHECK_IN_NOT_FOUND]);
    const edit = (await callRouteOrData(oneAction, postForm(path, cookies.b, { ...form, sleep: "1" }), { checkInId: row!.id })) as Refusal;
    expect([edit.init.status, edit.data.error]).toEqual([404, CHECK_IN_NOT_FOUND]);
    expect((await getDb().select().from(checkIn).where(eq(checkIn.id, row!.id)))[0]!.sleep).toBe(4);
    const theirs = (await callRouteOrData(listLoader, getRequest("/members/check-ins", cookies.b))) as { list: unknown[]; current: unknown };
    expect([theirs.list, theirs.current]).toEqual([[], null]);
  });

  it("lets the member edit it from its page until it is reviewed", async () => {
    const [row] = (await rows()).filter((r) => r.userId === ids.a);
    const path = `/members/check-ins/${row!.id}`;
    const edited = await callRouteOrData(oneAction, postForm(path, cookies.a, { ...form, sleep: "5", weight: "179" }), { checkInId: row!.id });
    expect(locationOf(edited)).toBe(path);
    expect(await toastOf(edited)).toMatchObject({ title: "Check-in updated" });
    expect((await rows()).filter((r) => r.userId === ids.a)).toMatchObject([{ id: row!.id, sleep: 5 }]);
  });
});

describe("the staff's check-in screens", () => {
  const staffPath = () => `/coach/members/${ids.a}/check-ins`;

  it("sends visitors to sign in and members to /unauthorized, for reading and writing", async () => {
    const [row] = (await rows()).filter((r) => r.userId === ids.a);
    const reviewPath = `${staffPath()}/${row!.id}`;
    for (const [fn, path, params] of [
      [staffListLoader, staffPath(), { memberId: ids.a }],
      [reviewLoader, reviewPath, { memberId: ids.a, checkInId: row!.id }],
    ] as const) {
      expect(locationOf(await callRouteOrData(fn, getRequest(path, null), params))).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect(locationOf(await callRouteOrData(fn, getRequest(path, cookies.a), params))).toBe("/unauthorized");
    }
    expect(locationOf(await callRouteOrData(reviewAction, postForm(reviewPath, cookies.a, { intent: "reply", reply: "Me" }), { memberId: ids.a, checkInId: row!.id }))).toBe("/unauthorized");
    expect(locationOf(await callRouteOrData(staffListAction, postForm(staffPath(), cookies.b, { intent: "set-check-in-day", checkInDay: "2" }), { memberId: ids.a }))).toBe("/unauthorized");
    expect((await rows()).find((r) => r.id === row!.id)!.reviewedAt).toBeNull();
  });

  it("lists the member's check-ins and sets their check-in day; a bad day is 400 with a message", async () => {
    const list = (await callRouteOrData(staffListLoader, getRequest(staffPath(), cookies.trainer), { memberId: ids.a })) as { list: Array<{ weekOf: string }>; status: { state: string } };
    expect([list.list.length, list.status.state]).toEqual([1, "sent"]);
    const bad = (await callRouteOrData(staffListAction, postForm(staffPath(), cookies.trainer, { intent: "set-check-in-day", checkInDay: "9" }), { memberId: ids.a })) as Refusal;
    expect([bad.init.status, bad.data.fieldErrors.checkInDay]).toEqual([400, "Please choose a check-in day"]);
    const set = await callRouteOrData(staffListAction, postForm(staffPath(), cookies.admin, { intent: "set-check-in-day", checkInDay: String(weekdayOf(todayIn("Europe/London"))) }), { memberId: ids.a });
    expect(locationOf(set)).toBe(staffPath());
    expect(await toastOf(set)).toMatchObject({ title: "Check-in day saved" });
  });

  it("answers 404 for a check-in under another member's address and for no such member", async () => {
    const [row] = (await rows()).filter((r) => r.userId === ids.a);
    const wrong = (await callRouteOrData(reviewLoader, getRequest(`/coach/members/${ids.b}/check-ins/${row!.id}`, cookies.trainer), { memberId: ids.b, checkInId: row!.id })) as { data: { message: string }; init: { status: number } };
    expect([wrong.init.status, wrong.data.message]).toEqual([404, CHECK_IN_NOT_FOUND]);
    const reply = (await callRouteOrData(reviewAction, postForm(`/coach/members/${ids.b}/check-ins/${row!.id}`, cookies.trainer, { intent: "reply", reply: "Hi" }), { memberId: ids.b, checkInId: row!.id })) as Refusal;
    expect(reply.init.status).toBe(404);
    const nobody = (await callRouteOrData(staffListLoader, getRequest("/coach/members/nobody/check-ins", cookies.trainer), { memberId: "nobody" })) as { init: { status: number } };
    expect(nobody.init.status).toBe(404);
    expect((await rows()).find((r) => r.id === row!.id)!.reviewedAt).toBeNull();
  });

  it("replies: the check-in is reviewed, the member is e-mailed and sees the reply, and can no longer edit it", async () => {
    const [row] = (await rows()).filter((r) => r.userId === ids.a);
    const path = `${staffPath()}/${row!.id}`;
    const params = { memberId: ids.a, checkInId: row!.id };
    const review = (await callRouteOrData(reviewLoader, getRequest(path, cookies.trainer), params)) as { review: { checkIn: { id: string }; trend: unknown[] } };
    expect([review.review.checkIn.id, review.review.trend.length]).toEqual([row!.id, 1]);

    const empty = (await callRouteOrData(reviewAction, postForm(path, cookies.trainer, { intent: "reply", reply: " " }), params)) as Refusal;
    expect([empty.init.status, empty.data.fieldErrors.reply]).toEqual([400, "Please write a reply"]);

    const mails = outboxMails().length;
    const sent = await callRouteOrData(reviewAction, postForm(path, cookies.trainer, { intent: "reply", reply: "Lovely week, Ada." }), params);
    expect(locationOf(sent)).toBe(path);
    expect(await toastOf(sent)).toMatchObject({ type: "success", title: "Reply sent" });
    await runDueJobs();
    const mail = mailsAbout("replied to your check-in", mails);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain("To: a@check-in-routes.test");
    expect(mail[0]).toContain(`/members/check-ins/${row!.id}`);

    const seen = (await callRouteOrData(oneLoader, getRequest(`/members/check-ins/${row!.id}`, cookies.a), { checkInId: row!.id })) as { checkIn: { reply: string; reviewed: boolean; reviewerName: string } };
    expect(seen.checkIn).toMatchObject({ reply: "Lovely week, Ada.", reviewed: true, reviewerName: "Tara Trainer" });

    for (const [fn, p, extra] of [
      [listAction, "/members/check-ins", {}],
      [oneAction, `/members/check-ins/${row!.id}`, { checkInId: row!.id }],
    ] as const) {
      const refused = (await callRouteOrData(fn, postForm(p, cookies.a, { ...form, sleep: "1" }), extra)) as Refusal;
      expect([refused.init.status, refused.data.error]).toEqual([409, ALREADY_REVIEWED]);
    }
    expect((await rows()).find((r) => r.id === row!.id)!.sleep).toBe(5);
  });
});
