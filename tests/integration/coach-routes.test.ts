/**
 * The staff's home (/coach) and one page per member (/coach/members/:memberId) on the real
 * database with real session cookies: who may open them, what they list, dismissing and
 * snoozing a reason, setting a goal weight, and where a sign-in lands.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { attentionDismissal, lastSignIn } from "~/db/schema/attention";
import { user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { progressEntry } from "~/db/schema/progress";
import { progressPhoto } from "~/db/schema/progress-photos";
import { NO_LONGER_APPLIES } from "~/modules/coaching/attention.server";
import { MEMBER_NOT_FOUND } from "~/modules/users/member-account.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import * as coach from "~/routes/coach";
import * as member from "~/routes/coach.members.$memberId";
import * as login from "~/routes/login";
import { callRouteOrData, getRequest, locationOf, postForm, signInCookie, toastOf } from "../support/route-calls";

type Staff = "admin" | "trainer";
const cookies: Record<Staff | "member", string> = { admin: "", trainer: "", member: "" };
let memberId = "";
let trainerId = "";
const memberPath = () => `/coach/members/${memberId}`;
type Refusal = { data: { ok: false; error: string | null; fieldErrors: Record<string, string> }; init: { status: number } };
type Home = { home: { attention: { members: Array<{ memberId: string; items: Array<{ reason: string; occurrence: string }> }> } } };
type Overview = {
  overview: {
    member: { id: string };
    goalWeight: number | null;
    attention: Array<{ reason: string; occurrence: string }>;
    photos: { total: number; latest: string | null } | null;
    latestWeight: { value: number; recordedOn: string } | null;
  };
};

beforeAll(async () => {
  for (const role of ["admin", "trainer", "member"] as const) {
    const email = `${role}@coach-home.test`;
    const created = await createUserWithPassword({ name: `Coach ${role}`, email, password: `${role}-password`, role });
    if (role === "member") memberId = created.id;
    if (role === "trainer") trainerId = created.id;
    cookies[role] = await signInCookie(email, `${role}-password`);
  }
  // The member signed in eight days ago and not since: 'no sign-in for 7 days'.
  await getDb()
    .update(lastSignIn)
    .set({ at: new Date(Date.now() - 8 * 86_400_000) })
    .where(eq(lastSignIn.userId, memberId));
});

afterAll(async () => {
  await getDb().delete(user);
});

const reasonsOn = async (who: Staff) => {
  const answer = (await callRouteOrData(coach.loader, getRequest("/coach", cookies[who]))) as Home;
  return answer.home.attention.members.find((m) => m.memberId === memberId)?.items ?? [];
};

describe("who may open the coach's pages", () => {
  it("sends visitors to sign in and members to /unauthorized, for the pages and their data requests", async () => {
    for (const [route, pathname, params] of [
      [coach, "/coach", {}],
      [member, memberPath(), { memberId }],
    ] as const) {
      for (const url of [pathname, `${pathname}.data`]) {
        expect(locationOf(await callRouteOrData(route.loader, getRequest(url, null), params))).toBe(`/login?redirectTo=${encodeURIComponent(pathname)}`);
        expect(locationOf(await callRouteOrData(route.loader, getRequest(url, cookies.member), params))).toBe("/unauthorized");
      }
      expect(locationOf(await callRouteOrData(route.action, postForm(pathname, cookies.member, { intent: "dismiss-attention" }), params))).toBe("/unauthorized");
    }
  });

  it("lists the member who needs the coach for trainers and administrators, with the reason", async () => {
    // Joined today: no check-in is overdue yet.
    for (const who of ["trainer", "admin"] as const) expect((await reasonsOn(who)).map((r) => r.reason)).toEqual(["no_sign_in"]);
  });

  it("shows one member's page to staff, and 404 for a staff account or no such member", async () => {
    const answer = (await callRouteOrData(member.loader, getRequest(memberPath(), cookies.trainer), { memberId })) as Overview;
    expect(answer.overview.member.id).toBe(memberId);
    expect(answer.overview.attention.map((r) => r.reason)).toContain("no_sign_in");
    for (const id of [trainerId, "nobody"]) {
      const missing = (await callRouteOrData(member.loader, getRequest(`/coach/members/${id}`, cookies.admin), { memberId: id })) as { data: { message: string }; init: { status: number } };
      expect([missing.init.status, missing.data.message]).toEqual([404, MEMBER_NOT_FOUND]);
    }
  });
});

describe("the member page's summary", () => {
  it("counts the progress photos with the latest date, and shows the latest weight (the later entry of a day)", async () => {
    const db = getDb();
    const overview = async () => ((await callRouteOrData(member.loader, getRequest(memberPath(), cookies.trainer), { memberId })) as Overview).overview;
    expect([(await overview()).photos, (await overview()).latestWeight]).toEqual([null, null]);
    const photo = { userId: memberId, pose: "front" as const, width: 10, height: 10, variants: [] };
    await db.insert(progressPhoto).values([
      { ...photo, id: "summary-photo-1", takenOn: "2026-03-01" },
      { ...photo, id: "summary-photo-2", takenOn: "2026-04-02" },
    ]);
    const weight = { userId: memberId, kind: "weight" };
    await db.insert(progressEntry).values([
      { ...weight, id: "summary-weight-1", recordedOn: "2026-04-01", value: 80 },
      { ...weight, id: "summary-weight-2", recordedOn: "2026-04-03", value: 82, createdAt: new Date("2026-04-03T08:00:00Z") },
      { ...weight, id: "summary-weight-3", recordedOn: "2026-04-03", value: 81.5, createdAt: new Date("2026-04-03T09:00:00Z") },
    ]);
    try {
      const { photos, latestWeight } = await overview();
      expect(photos).toEqual({ total: 2, latest: "2026-04-02" });
      // 81.5 kg in the trainer's unit, pounds.
      expect(latestWeight).toEqual({ value: 179.7, recordedOn: "2026-04-03" });
    } finally {
      await db.delete(progressPhoto).where(eq(progressPhoto.userId, memberId));
      await db.delete(progressEntry).where(eq(progressEntry.userId, memberId));
    }
  });
});

describe("dismissing and snoozing from the pages", () => {
  it("dismisses from the reason's one form: the snooze days it also sends are not read", async () => {
    const noSignIn = (await reasonsOn("trainer")).find((r) => r.reason === "no_sign_in")!;
    const answer = await callRouteOrData(coach.action, postForm("/coach", cookies.trainer, { intent: "dismiss-attention", memberId, reason: "no_sign_in", occurrence: noSignIn.occurrence, days: "7" }));
    expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Dismissed" });
    const rows = await getDb().select({ until: attentionDismissal.until }).from(attentionDismissal).where(eq(attentionDismissal.memberId, memberId));
    expect(rows).toEqual([{ until: null }]);
    // Back as it was, for the snooze below.
    await getDb().delete(attentionDismissal).where(eq(attentionDismissal.memberId, memberId));
  });

  it("snoozes a reason from /coach: a toast, and the reason is gone from the list", async () => {
    const noSignIn = (await reasonsOn("trainer")).find((r) => r.reason === "no_sign_in")!;
    const answer = await callRouteOrData(coach.action, postForm("/coach", cookies.trainer, { intent: "snooze-attention", memberId, reason: "no_sign_in", occurrence: noSignIn.occurrence, days: "3" }));
    expect(locationOf(answer)).toBe("/coach");
    expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Snoozed", description: "Coach member: hidden for 3 days." });
    expect((await reasonsOn("admin")).map((r) => r.reason)).not.toContain("no_sign_in");
  });

  it("answers a stale or forged button with an error toast and writes nothing", async () => {
    const before = await getDb().select().from(attentionDismissal);
    const stale = await callRouteOrData(coach.action, postForm("/coach?page=2", cookies.trainer, { intent: "dismiss-attention", memberId, reason: "unanswered_message", occurrence: "1" }));
    expect(locationOf(stale)).toBe("/coach?page=2");
    expect(await toastOf(stale)).toMatchObject({ type: "error", title: "Could not dismiss", description: NO_LONGER_APPLIES });
    const forged = await callRouteOrData(member.action, postForm(memberPath(), cookies.admin, { intent: "snooze-attention", memberId, reason: "no_sign_in", occurrence: "1", days: "365" }), { memberId });
    expect(await toastOf(forged)).toMatchObject({ type: "error", title: "Could not snooze" });
    expect(await getDb().select().from(attentionDismissal)).toEqual(before);
  });
});

describe("the goal weight", () => {
  it("is saved in kg from the coach's unit, cleared when blank, and refused out of range with nothing changed", async () => {
    // The coaches' unit is the default, lbs.
    const saved = await callRouteOrData(member.action, postForm(memberPath(), cookies.trainer, { intent: "set-goal-weight", goalWeight: "165" }), { memberId });
    expect(await toastOf(saved)).toMatchObject({ title: "Goal weight saved", description: "Coach member: 165 lbs." });
    const [row] = await getDb().select({ kg: profile.goalWeightKg }).from(profile).where(eq(profile.userId, memberId));
    expect(row!.kg).toBeCloseTo(74.84, 2);
    for (const goalWeight of ["0", "5000", "abc"]) {
      const refused = (await callRouteOrData(member.action, postForm(memberPath(), cookies.trainer, { intent: "set-goal-weight", goalWeight }), { memberId })) as Refusal;
      expect(refused.init.status).toBe(400);
      expect(refused.data.fieldErrors.goalWeight).toMatch(/Goal weight/);
    }
    const answer = (await callRouteOrData(member.loader, getRequest(memberPath(), cookies.trainer), { memberId })) as Overview;
    expect(answer.overview.goalWeight).toBe(165);
    await callRouteOrData(member.action, postForm(memberPath(), cookies.trainer, { intent: "set-goal-weight", goalWeight: "" }), { memberId });
    const [cleared] = await getDb().select({ kg: profile.goalWeightKg }).from(profile).where(eq(profile.userId, memberId));
    expect(cleared!.kg).toBeNull();
  });
});

describe("where a sign-in lands", () => {
  it("sends staff to 'Needs attention' and members to their dashboard, unless a page was asked for", async () => {
    const signIn = (role: string, extra: Record<string, string> = {}) => callRouteOrData(login.action, postForm("/login", null, { email: `${role}@coach-home.test`, password: `${role}-password`, ...extra }));
    expect(locationOf(await signIn("trainer"))).toBe("/coach");
    expect(locationOf(await signIn("member"))).toBe("/members");
    expect(locationOf(await signIn("trainer", { redirectTo: "/programs" }))).toBe("/programs");
    expect(locationOf(await callRouteOrData(login.loader, getRequest("/login", cookies.admin)))).toBe("/coach");
  });
});
