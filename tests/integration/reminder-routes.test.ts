// @test-database any
/**
 * The reminders' routes as React Router calls them: the 'E-mail reminders' section of
 * /members/settings (a member's; saved with a toast; refused with the field's message,
 * nothing saved) and /unsubscribe, the link of every reminder's List-Unsubscribe header:
 * a GET shows a button and changes nothing; a POST (the mail client's one click) turns
 * the kind off at once, again and again; a forged token, or one whose account is gone, is
 * a 404 that changes nothing.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { reminderSettings } from "~/db/schema/reminders";
import { sendReminder } from "~/modules/reminders/reminder-jobs.server";
import { getOwnReminderSettings, unsubscribeToken } from "~/modules/reminders/reminder-settings.server";
import { createTrainingSession } from "~/modules/training-sessions/training-sessions.server";
import { newPerson, type Person } from "~/modules/workouts/training.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware as membersMiddleware } from "~/routes/members";
import { action as settingsRouteAction, loader as settingsRouteLoader } from "~/routes/members.settings";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { outboxMails } from "../support/outbox";
import { callRouteOrData, getRequest, locationOf, postBody, postForm, signInCookie, toastOf, underLayout } from "../support/route-calls";

const settingsLoader = underLayout(membersMiddleware, settingsRouteLoader);
const settingsAction = underLayout(membersMiddleware, settingsRouteAction);

type Answer = { data: { state: string; kind?: string }; init: { status: number } };
const ONE_CLICK = "List-Unsubscribe=One-Click";
const oneClick = (url: string) => postBody(url, null, ONE_CLICK, { "content-type": "application/x-www-form-urlencoded" });
const sessionOn = async (memberId: string) => (await getDb().select({ on: reminderSettings.sessionTomorrow }).from(reminderSettings).where(eq(reminderSettings.userId, memberId)))[0]?.on ?? true;

let member: { id: string; email: string };
let cookie: string;

beforeAll(async () => {
  member = await createUserWithPassword({ email: "member@reminder-routes.test", password: "reminder-pass-1", name: "Rita Reminded", role: "member" });
  cookie = await signInCookie(member.email, "reminder-pass-1");
});

describe("the 'E-mail reminders' section of Settings", () => {
  const fields = { intent: "reminders", session: "on", morningHour: "6", quietFrom: "22:00", quietTo: "07:00", timeZone: "America/Chicago" };

  it("shows the member's choices, saves them with a toast, and refuses a wrong one with its message, saving nothing", async () => {
    const before = (await callRouteOrData(settingsLoader, getRequest("/members/settings", cookie))) as { reminders: { session: boolean; workout: boolean } };
    expect(before.reminders).toMatchObject({ session: true, workout: false, checkIn: true, coachReply: true, morningHour: 7 });

    const saved = await callRouteOrData(settingsAction, postForm("/members/settings", cookie, fields));
    expect(locationOf(saved)).toBe("/members/settings");
    expect(await toastOf(saved)).toMatchObject({ type: "success", title: "Reminders saved" });
    expect(await getOwnReminderSettings({ id: member.id, role: "member" })).toEqual({ session: true, workout: false, checkIn: false, coachReply: false, classBooked: false, morningHour: 6, quietFrom: "22:00", quietTo: "07:00", timeZone: "America/Chicago" });

    const refused = (await callRouteOrData(settingsAction, postForm("/members/settings", cookie, { ...fields, workout: "on", quietTo: "" }))) as { init: { status: number }; data: { fieldErrors: Record<string, string> } };
    expect([refused.init.status, refused.data.fieldErrors]).toEqual([400, { quietTo: "Please enter when quiet hours end, or clear both times" }]);
    expect((await getOwnReminderSettings({ id: member.id, role: "member" })).workout).toBe(false);
  });
});

describe("the one-click unsubscribe", () => {
  let person: Person;
  let url: string;

  beforeAll(async () => {
    person = await newPerson();
    const coach = await newPerson("trainer");
    const startsAt = "2030-03-06T10:00:00.000Z";
    const { id } = await createTrainingSession(coach, { memberId: person.id, date: "2030-03-06", time: "10:00", duration: "45", type: "Mobility", location: "", description: "", status: "scheduled" });
    expect(await sendReminder({ kind: "session", memberId: person.id, sessionId: id, startsAt }, new Date("2030-03-05T10:00:00Z"))).toBe("sent");
    // The header's link, as the mail client reads it (headers unfolded).
    const mail = outboxMails()
      .filter((m) => m.includes(`To: ${person.email}`))
      .map((m) => m.replace(/\r?\n[ \t]+/g, " "))[0]!;
    expect(mail).toContain(`List-Unsubscribe-Post: ${ONE_CLICK}`);
    const link = new URL(/List-Unsubscribe: <([^>]+)>/.exec(mail)![1]!);
    url = link.pathname + link.search;
    expect(mail).toContain(`Unsubscribe from these e-mails: http://localhost:3000${url}`);
  });

  it("shows a page with a button on GET, changing nothing (a link scanner only looks)", async () => {
    const page = (await callRouteOrData(unsubscribeLoader, getRequest(url))) as Answer;
    expect([page.init.status, page.data.state, page.data.kind]).toEqual([200, "ask", "session"]);
    expect(await sessionOn(person.id)).toBe(true);
  });

  it("turns the kind off at once on the one-click POST, and answers the same when asked again", async () => {
    for (let i = 0; i < 2; i += 1) {
      const done = (await callRouteOrData(unsubscribeAction, oneClick(url))) as Answer;
      expect([done.init.status, done.data.state, done.data.kind]).toEqual([200, "done", "session"]);
      expect(await sessionOn(person.id)).toBe(false);
    }
    // Only that kind: the others stay on.
    expect(await getOwnReminderSettings(person)).toMatchObject({ session: false, checkIn: true, coachReply: true });
  });

  it("answers a forged, altered or cut token with 404 and changes nothing", async () => {
    const other = await newPerson();
    const signedForAnother = unsubscribeToken(person.id, "check-in").split(".");
    const forged = [
      "forged",
      `${Buffer.from(other.id).toString("base64url")}.session.${unsubscribeToken(person.id, "session").split(".")[2]}`,
      `${signedForAnother[0]}.coach-reply.${signedForAnother[2]}`,
      unsubscribeToken(other.id, "session").slice(0, -1),
      "",
    ];
    for (const token of forged) {
      const path = `/unsubscribe?token=${encodeURIComponent(token)}`;
      for (const answer of [await callRouteOrData(unsubscribeLoader, getRequest(path)), await callRouteOrData(unsubscribeAction, oneClick(path))] as Answer[]) {
        expect([answer.init.status, answer.data.state]).toEqual([404, "invalid"]);
      }
    }
    expect(await getDb().select().from(reminderSettings).where(eq(reminderSettings.userId, other.id))).toEqual([]);
    expect(await getOwnReminderSettings(person)).toMatchObject({ checkIn: true, coachReply: true });
  });

  it("answers 404 for an account that is gone, and turns message e-mails off with their own link", async () => {
    const gone = await newPerson();
    const goneLink = `/unsubscribe?token=${encodeURIComponent(unsubscribeToken(gone.id, "session"))}`;
    await getDb().delete(user).where(eq(user.id, gone.id));
    expect(((await callRouteOrData(unsubscribeAction, oneClick(goneLink))) as Answer).init.status).toBe(404);

    const messagesLink = `/unsubscribe?token=${encodeURIComponent(unsubscribeToken(person.id, "messages"))}`;
    const done = (await callRouteOrData(unsubscribeAction, oneClick(messagesLink))) as Answer;
    expect([done.init.status, done.data.kind]).toEqual([200, "messages"]);
    expect((await getDb().select({ on: profile.messageEmails }).from(profile).where(eq(profile.userId, person.id)))[0]?.on).toBe(false);
  });
});
