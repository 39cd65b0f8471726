// @test-database any: the notices travel through the database (PGlite in this process; PostgreSQL to every process, tested across two processes in multi-process.test.ts).
/**
 * The visitors' Group Classes page is one of the public page cache's copies (server/
 * page-cache.ts). Every change that moves what a visitor sees there empties it when it
 * commits, in every process (a NOTIFY in the change's transaction): a booking, a cancel, a
 * late cancel, the waitlist moving up, an offer lapsing on the job store, and the staff's
 * capacity, timetable, one-off, extra-class and class-type changes. A write that did not
 * go through them, or a refused booking, leaves the copy as it was.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { classBooking } from "~/db/schema/classes";
import { createJobRunner } from "~/lib/job-runner.server";
import { announcePublicContentChangeIn } from "~/lib/site-changes.server";
import { addDays, todayIn } from "~/lib/time-zone";
import { bookClass, cancelClassBooking } from "~/modules/classes/bookings.server";
import { insertClass } from "~/modules/classes/class-bookings.test-support";
import { addExtraClass, cancelClass, changeClass } from "~/modules/classes/class-changes.server";
import { updateClassType } from "~/modules/classes/class-types.server";
import { addTimetableRow } from "~/modules/classes/timetable.server";
import { lapseOffersJob, placeMailJob } from "~/modules/classes/waitlist.server";
import { newPerson, type Person } from "~/modules/workouts/training.test-support";
import { startApp, type RunningApp } from "../support/in-process-app";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let app: RunningApp;
let admin: Person;

beforeAll(async () => {
  app = await startApp({ BASE_URL: "http://localhost:3000", TRUST_PROXY: "false" });
  admin = await newPerson("admin");
}, 240_000);

afterAll(() => app?.stop());

/** The visitors' page as a visitor without cookies gets it (the shared copy once made). */
async function visitorPage(): Promise<string> {
  const response = await fetch(`${app.base}/services/group-classes`);
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

/** What the page says of one class: its spots left (and waiting), or 'Cancelled'. */
async function spotsOf(classId: string): Promise<string> {
  const html = await visitorPage();
  const item = new RegExp(`<li[^>]*id="class-${classId}"[^>]*>([\\s\\S]*?)</li>`).exec(html)?.[1];
  if (item === undefined) return "not listed";
  return /<strong>Cancelled<\/strong>/.test(item) ? "Cancelled" : (/<span>((?:\d+ spots? left|Full)(?:, \d+ waiting)?)<\/span>/.exec(item)?.[1] ?? "?");
}

const minuteAhead = (ms: number) => new Date(Math.floor((Date.now() + ms) / MINUTE) * MINUTE);

/** A class written directly, then announced as a change (a direct write alone leaves the copy as it was: the first test). */
async function newClass(options: Parameters<typeof insertClass>[0]): Promise<string> {
  const id = await insertClass(options);
  await announcePublicContentChangeIn(getDb());
  return id;
}
const member = () => newPerson("member");

describe("the visitors' Group Classes page", () => {
  it("stays a shared copy for a write made around the rules and for a refused booking", async () => {
    const classId = await newClass({ startsAt: minuteAhead(2 * DAY), capacity: 3 });
    expect(await spotsOf(classId)).toBe("3 spots left");
    const someone = await member();
    await getDb().insert(classBooking).values({ id: `quiet-${randomUUID()}`, classId, memberId: someone.id, status: "booked", queuedAt: new Date() });
    expect(await spotsOf(classId)).toBe("3 spots left");
    await expect(bookClass(someone, { classId })).rejects.toMatchObject({ status: 409 });
    expect(await spotsOf(classId)).toBe("3 spots left");
    // The next booking that commits shows both.
    await bookClass(await member(), { classId });
    expect(await spotsOf(classId)).toBe("1 spot left");
  });

  it("shows a booking, a cancel, a late cancel and the waitlist moving up at once", async () => {
    const classId = await newClass({ startsAt: minuteAhead(2 * DAY), capacity: 1 });
    expect(await spotsOf(classId)).toBe("1 spot left");
    const [a, b] = [await member(), await member()];
    await bookClass(a, { classId });
    expect(await spotsOf(classId)).toBe("Full");
    await bookClass(b, { classId });
    expect(await spotsOf(classId)).toBe("Full, 1 waiting");
    await cancelClassBooking(a, { classId });
    expect(await spotsOf(classId)).toBe("Full");
    await cancelClassBooking(b, { classId });
    expect(await spotsOf(classId)).toBe("1 spot left");

    const soon = await newClass({ startsAt: minuteAhead(HOUR), capacity: 1 });
    await bookClass(a, { classId: soon });
    expect(await spotsOf(soon)).toBe("Full");
    expect(await cancelClassBooking(a, { classId: soon })).toMatchObject({ status: "late_cancelled" });
    expect(await spotsOf(soon)).toBe("1 spot left");
  });

  it("shows an offer that lapsed on the job store at once", async () => {
    const classId = await newClass({ startsAt: minuteAhead(HOUR), capacity: 1 });
    const [a, b] = [await member(), await member()];
    await bookClass(a, { classId });
    await bookClass(b, { classId });
    await cancelClassBooking(a, { classId });
    expect(await spotsOf(classId)).toBe("Full");
    await createJobRunner([lapseOffersJob, placeMailJob]).runDueJobs({ now: new Date(Date.now() + 31 * MINUTE) });
    expect(await spotsOf(classId)).toBe("1 spot left");
  });

  it("shows the staff's capacity, one-off, cancel, extra-class, timetable and class-type changes at once", async () => {
    const classId = await newClass({ startsAt: minuteAhead(3 * DAY), capacity: 12, classTypeId: "class-type-core" });
    expect(await spotsOf(classId)).toBe("12 spots left");
    const core = { name: "Core & Flexibility", duration: "45", intensity: "Low-Medium", capacity: "9", description: "", imageId: "" };
    await updateClassType(admin, "class-type-core", core);
    expect(await spotsOf(classId)).toBe("9 spots left");
    await updateClassType(admin, "class-type-core", { ...core, capacity: "12", name: "Core and Mobility" });
    expect(await visitorPage()).toContain("Core and Mobility");

    const date = addDays(todayIn("Europe/London"), 4);
    await changeClass(admin, classId, { date, time: "21:47", coachId: "", location: "" });
    expect(await visitorPage()).toMatch(new RegExp(`id="class-${classId}"[^>]*aria-label="Core and Mobility at 9:47 PM"`));
    await cancelClass(admin, classId);
    expect(await spotsOf(classId)).toBe("Cancelled");

    const extra = await addExtraClass(admin, { classTypeId: "class-type-hiit", date: addDays(todayIn("Europe/London"), 5), time: "21:13", coachId: "", location: "" });
    expect(await spotsOf(extra.id)).toBe("8 spots left");

    expect(await visitorPage()).not.toContain("11:59 PM");
    await addTimetableRow(admin, { weekday: "3", time: "23:59", classTypeId: "class-type-hiit", coachId: "", location: "" });
    expect(await visitorPage()).toContain("11:59 PM");
  });
});
