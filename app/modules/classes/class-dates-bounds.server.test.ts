/**
 * Every date a class gets from a form (an extra class, a one-off change) falls within the
 * training sessions' years (2000-2100) and within the weeks the staff's list of classes
 * reaches (52 ahead): 9999-12-31 or 2999-01-01 is refused on the date field with a 400 and
 * a clear message, and nothing is written.
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getDb } from "~/db/client.server";
import { groupClass } from "~/db/schema/classes";
import { addDays, todayIn } from "~/lib/time-zone";
import { addExtraClass, changeClass, WITHIN_WEEKS_SHOWN } from "./class-changes.server";
import { classChangeSchema, extraClassSchema } from "./classes.schema";
import { aClass, classRow, makePerson, type Actor } from "./class-staff.test-support";

let trainer: Actor;
const inDays = (n: number) => addDays(todayIn("Europe/London"), n);
const YEARS = "Please choose a date between 2000 and 2100";

beforeAll(async () => {
  trainer = await makePerson("trainer@class-date-bounds.test", "Terry Trainer", "trainer");
});

beforeEach(async () => {
  await getDb().delete(groupClass);
});

/** The field messages of a form the schema refuses. */
function dateErrors(schema: typeof extraClassSchema | typeof classChangeSchema, input: Record<string, string>): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === "date").map((i) => i.message);
}

describe("the date of an extra class and of a one-off change", () => {
  it.each(["9999-12-31", "2999-01-01", "2101-01-01", "1999-12-31"])("refuses %s with the years' message, in the browser's schema and on the server", async (date) => {
    const extra = { classTypeId: "class-type-hiit", date, time: "10:00", coachId: "", location: "" };
    expect(dateErrors(extraClassSchema, extra)).toEqual([YEARS]);
    expect(dateErrors(classChangeSchema, { date, time: "10:00" })).toEqual([YEARS]);
    await expect(addExtraClass(trainer, extra)).rejects.toBeInstanceOf(ZodError);
    const id = await aClass();
    const before = await classRow(id);
    await expect(changeClass(trainer, id, { date, time: "10:00" })).rejects.toBeInstanceOf(ZodError);
    expect(await classRow(id)).toEqual(before);
    expect(await getDb().select({ id: groupClass.id }).from(groupClass)).toEqual([{ id }]);
  });

  it("accepts the years' first and last days in the schemas", () => {
    expect(dateErrors(extraClassSchema, { classTypeId: "class-type-hiit", date: "2100-12-31", time: "10:00" })).toEqual([]);
    expect(dateErrors(classChangeSchema, { date: "2000-01-01", time: "10:00" })).toEqual([]);
  });

  it("refuses a date past the 52 weeks the staff's list reaches, on the date field, and takes the last day it shows", async () => {
    const last = inDays(52 * 7 + 6);
    const beyond = inDays(52 * 7 + 7);
    const outside = expect.objectContaining({ status: 400, fieldErrors: { date: WITHIN_WEEKS_SHOWN } });
    expect(WITHIN_WEEKS_SHOWN).toBe("Please choose a date within 52 weeks from today");
    await expect(addExtraClass(trainer, { classTypeId: "class-type-hiit", date: beyond, time: "10:00" })).rejects.toEqual(outside);
    const id = await aClass();
    const before = await classRow(id);
    await expect(changeClass(trainer, id, { date: beyond, time: "10:00" })).rejects.toEqual(outside);
    expect(await classRow(id)).toEqual(before);

    const extra = await addExtraClass(trainer, { classTypeId: "class-type-hiit", date: last, time: "10:00" });
    expect(extra.date).toBe(last);
    expect(await changeClass(trainer, id, { date: last, time: "11:00" })).toMatchObject({ changed: true });
    const [moved] = await getDb().select({ startsAt: groupClass.startsAt }).from(groupClass).where(eq(groupClass.id, id));
    expect(moved!.startsAt.getTime()).toBeGreaterThan(Date.now() + 364 * 24 * 3_600_000);
  });
});
