/**
 * 'Needs attention' as a server process keeps it (decision 0165): every member's reasons,
 * read once and reused for a few seconds by /coach, the staff menu's count and the member
 * page. A coach's own change shows at once on their next page; a member's change, written
 * through another door (here the test's own connection, as another server process, the
 * CLI or a job would), within seconds. Runs on both databases.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { conversation } from "~/db/schema/messages";
import type * as Attention from "~/modules/coaching/attention.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { signIn } from "../support/sign-in";
import { startApp, type RunningApp } from "./fuzz-harness";

let app: RunningApp;
let client = 0;
const from = () => ({ "x-forwarded-for": `10.65.${Math.floor(++client / 250)}.${client % 250}` });
const ids = { replied: "", quiet: "", renamed: "" };
let coachCookie = "";
/** How long the app keeps the reasons, as the app's own module says. */
let keptForMs = 0;

beforeAll(async () => {
  app = await startApp();
  await createUserWithPassword({ name: "Kept Coach", email: "coach@kept-attention.test", password: "coach-kept-attention-1", role: "trainer" });
  for (const who of ["replied", "quiet", "renamed"] as const) {
    ids[who] = (await createUserWithPassword({ name: `Waiting ${who}`, email: `${who}@kept-attention.test`, password: `${who}-kept-attention-1`, role: "member" })).id;
  }
  coachCookie = (await signIn("coach@kept-attention.test", "coach-kept-attention-1", { base: app.origin, headers: from() })).cookie;
  keptForMs = (await app.load<typeof Attention>("/app/modules/coaching/attention.server.ts")).ATTENTION_FRESH_MS;
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  await app?.stop();
});

const coachPage = async (path: string) => {
  const answer = await fetch(`${app.origin}${path}`, { redirect: "manual", headers: { ...from(), cookie: coachCookie } });
  expect(answer.status).toBe(200);
  return answer.text();
};
/** The unanswered-message reason of the member named `name` on /coach (its label names the member for screen readers). */
const waitingOn = (html: string, name: string) => html.includes(`Unanswered message<span class="sr-only"> (${name})</span>`);

/**
 * The answer once the kept reasons are older than they may be: the clock (Date, which the
 * app reads in the same thread; it keeps running) moved on by the window, then asked once.
 * No waiting, and no luck: the answer before that may be the kept one or already the new one.
 */
async function afterTheWindow<T>(ask: () => Promise<T>): Promise<T> {
  vi.setSystemTime(Date.now() + keptForMs);
  return ask();
}

describe("'Needs attention' kept for a few seconds", () => {
  it("drops a message the coach answered at once, and shows a member's new one within seconds", async () => {
    await getDb().insert(conversation).values({ memberId: ids.replied, awaitingTeam: true, awaitingSince: new Date(Date.now() - 3_600_000) });
    // Written through another door: shown within seconds.
    const shown = await afterTheWindow(() => coachPage("/coach"));
    expect(waitingOn(shown, "Waiting replied")).toBe(true);
    expect(waitingOn(await coachPage("/coach"), "Waiting replied")).toBe(true);

    // The coach replies: their next page no longer lists it, at once (no second try).
    const replied = await fetch(`${app.origin}/coach/members/${ids.replied}/messages`, {
      method: "POST",
      redirect: "manual",
      headers: { ...from(), origin: app.origin, "content-type": "application/x-www-form-urlencoded", cookie: coachCookie },
      body: new URLSearchParams({ intent: "send-message", body: "On it" }).toString(),
    });
    expect(replied.status).toBe(302);
    expect(waitingOn(await coachPage("/coach"), "Waiting replied")).toBe(false);
    expect(await coachPage(`/coach/members/${ids.replied}`)).not.toContain("Unanswered message");
  });

  it("shows a reason that ends through another door gone within seconds, on /coach and the member page", async () => {
    await getDb().insert(conversation).values({ memberId: ids.quiet, awaitingTeam: true, awaitingSince: new Date(Date.now() - 3_600_000) });
    expect(waitingOn(await afterTheWindow(() => coachPage("/coach")), "Waiting quiet")).toBe(true);
    expect(await coachPage(`/coach/members/${ids.quiet}`)).toContain("Unanswered message");

    await getDb().update(conversation).set({ awaitingTeam: false, awaitingSince: null }).where(eq(conversation.memberId, ids.quiet));
    expect(waitingOn(await afterTheWindow(() => coachPage("/coach")), "Waiting quiet")).toBe(false);
    expect(await afterTheWindow(() => coachPage(`/coach/members/${ids.quiet}`))).not.toContain("Unanswered message");
  });

  it("shows a member's new name within seconds: the page as shown is kept with the reasons", async () => {
    await getDb().insert(conversation).values({ memberId: ids.renamed, awaitingTeam: true, awaitingSince: new Date(Date.now() - 3_600_000) });
    expect(waitingOn(await afterTheWindow(() => coachPage("/coach")), "Waiting renamed")).toBe(true);
    await getDb().update(user).set({ name: "Renamed Member" }).where(eq(user.id, ids.renamed));
    expect(waitingOn(await afterTheWindow(() => coachPage("/coach")), "Renamed Member")).toBe(true);
  });
});
