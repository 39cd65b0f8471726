/**
 * A progress or profile save whose session has ended (signed out in another tab) is
 * refused with 401 and the spec's message and stores nothing: the form in the page
 * still holds what was typed (a progress answer carries the typed values back, as every
 * form failure of the action contract does). Other member forms still send a
 * signed-out person to /login.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { profile } from "~/db/schema/profiles";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import { todayIn } from "~/lib/time-zone";
import { createUserWithPassword } from "~/modules/users/users.server";
import { action as logoutAction } from "~/routes/logout";
import { middleware as membersMiddleware } from "~/routes/members";
import { action as progressAction } from "~/routes/members.progress";
import { action as settingsAction } from "~/routes/members.settings";
import { callRoute, postForm, signInCookie, underLayout, type DataResult } from "../support/route-calls";

let cookie = "";
let memberId = "";
const today = () => todayIn("Europe/London");
const progressOf = async () => ({
  entries: await getDb().select().from(progressEntry).where(eq(progressEntry.userId, memberId)),
  goals: await getDb().select().from(fitnessGoal).where(eq(fitnessGoal.userId, memberId)),
});
const profileOf = async () => (await getDb().select().from(profile).where(eq(profile.userId, memberId)))[0];

beforeAll(async () => {
  const created = await createUserWithPassword({ name: "Ended Session", email: "ended@session.test", password: "ended-password-1", role: "member" });
  memberId = created.id;
  cookie = await signInCookie("ended@session.test", "ended-password-1");
  // The member signs out in another tab: this cookie's session is gone from the database.
  const out = await callRoute(logoutAction, postForm("/logout", cookie, {}));
  expect((out as Response).headers.get("location")).toBe("/");
});

describe("a save after the session has ended", () => {
  it("a progress save answers 401 'Authentication required' and stores nothing", async () => {
    const before = await progressOf();
    const saves: Array<Record<string, string>> = [
      { intent: "log-body", type: "weight", value: "181.5", date: today(), notes: "Morning, before breakfast" },
      { intent: "set-goal", title: "Squat 100 kg", description: "By the summer" },
    ];
    for (const fields of saves) {
      const answer = (await callRoute(underLayout(membersMiddleware, progressAction), postForm("/members/progress", cookie, fields))) as DataResult<Record<string, unknown>>;
      expect(answer.init?.status).toBe(401);
      expect(answer.data).toEqual({
        ok: false,
        status: 401,
        intent: fields.intent,
        error: "Please log in to save your progress data.",
        title: "Authentication required",
        fieldErrors: {},
        values: fields,
      });
    }
    expect(await progressOf()).toEqual(before);
  });

  it("a profile save answers 401 with the sign-in message and changes nothing", async () => {
    const before = await profileOf();
    const answer = (await callRoute(
      underLayout(membersMiddleware, settingsAction),
      postForm("/members/settings", cookie, { intent: "update-profile", fullName: "Someone Else", location: "Leeds" }),
    )) as DataResult<Record<string, unknown>>;
    expect(answer.init?.status).toBe(401);
    // The form's own values come back to it (the action contract); nothing is stored.
    expect(answer.data).toEqual({
      ok: false,
      status: 401,
      intent: "update-profile",
      error: "Please log in to save your profile.",
      title: "Authentication required",
      fieldErrors: {},
      values: { intent: "update-profile", fullName: "Someone Else", location: "Leeds" },
    });
    expect(await profileOf()).toEqual(before);
  });

  it("other member forms still send the signed-out person to sign in", async () => {
    const answer = await callRoute(underLayout(membersMiddleware, settingsAction), postForm("/members/settings", cookie, { intent: "revoke-other-sessions" }));
    expect((answer as Response).headers.get("location")).toBe("/login?redirectTo=%2Fmembers%2Fsettings");
  });
});
