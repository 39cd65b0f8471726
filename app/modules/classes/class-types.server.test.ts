import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getDb } from "~/db/client.server";
import { classSlot, classType, groupClass } from "~/db/schema/classes";
import { MAX_CLASS_TYPES } from "./classes.schema";
import { CLASS_TYPE_NOT_FOUND, createClassType, listClassTypes, moveClassType, NAME_TAKEN, removeClassType, TOO_MANY_TYPES, TYPE_ON_TIMETABLE, updateClassType } from "./class-types.server";
import { aClass, classRow, makePerson, place, statuses, type Actor } from "./class-staff.test-support";

let trainer: Actor;
let admin: Actor;
let maya: Actor;
const waiting: Actor[] = [];

const hiit = { name: "HIIT Training", duration: "45", intensity: "High", capacity: "8", description: "Intervals." };

beforeAll(async () => {
  trainer = await makePerson("trainer@classes-types.test", "Terry Trainer", "trainer");
  admin = await makePerson("admin@classes-types.test", "Ada Admin", "admin");
  maya = await makePerson("maya@classes-types.test", "Maya Member", "member");
  for (const n of [1, 2, 3, 4]) waiting.push(await makePerson(`member${n}@classes-types.test`, `Member ${n}`, "member"));
});

beforeEach(async () => {
  await getDb().delete(groupClass);
  await getDb().delete(classType).where(eq(classType.name, "Boxing"));
  await getDb().update(classSlot).set({ archivedAt: null });
  await getDb().update(classType).set({ capacity: 8, archivedAt: null }).where(eq(classType.id, "class-type-hiit"));
});

describe("class types", () => {
  it("an administrator adds one at the end of the page's order; trainers read but may not write", async () => {
    const { id } = await createClassType(admin, { name: "Boxing", duration: "60", intensity: "High", capacity: "14", description: "Pads and bags." });
    const types = await listClassTypes(trainer);
    expect(types.filter((t) => !t.archived).map((t) => t.name).at(-1)).toBe("Boxing");
    expect(types.find((t) => t.id === id)).toMatchObject({ capacity: 14, durationMinutes: 60, timetableRows: 0 });
    await expect(createClassType(trainer, { ...hiit, name: "Yoga" })).rejects.toEqual(expect.objectContaining({ status: 403 }));
    await expect(updateClassType(trainer, id, hiit)).rejects.toEqual(expect.objectContaining({ status: 403 }));
    await expect(removeClassType(trainer, id)).rejects.toEqual(expect.objectContaining({ status: 403 }));
    await expect(listClassTypes(maya)).rejects.toEqual(expect.objectContaining({ status: 403 }));
  });

  it("refuses a taken name, a capacity outside 1-100 and an unknown image", async () => {
    await expect(createClassType(admin, { ...hiit, name: "hiit training" })).rejects.toEqual(expect.objectContaining({ status: 400, fieldErrors: { name: NAME_TAKEN } }));
    for (const capacity of ["0", "101", "2.5", "many"]) await expect(createClassType(admin, { ...hiit, name: "Boxing", capacity })).rejects.toBeInstanceOf(ZodError);
    await expect(createClassType(admin, { ...hiit, name: "Boxing", imageId: "no-such-upload" })).rejects.toEqual(expect.objectContaining({ status: 400 }));
    expect((await listClassTypes(admin)).some((t) => t.name === "Boxing")).toBe(false);
  });

  it(`holds at most ${MAX_CLASS_TYPES} active types`, async () => {
    const active = (await listClassTypes(admin)).filter((t) => !t.archived).length;
    const made = Array.from({ length: MAX_CLASS_TYPES - active }, (_, i) => ({ id: `bulk-${i}`, name: `Bulk ${i}`, durationMinutes: 30, intensity: "Low", capacity: 5, position: 100 + i }));
    await getDb().insert(classType).values(made);
    await expect(createClassType(admin, { ...hiit, name: "Boxing" })).rejects.toEqual(expect.objectContaining({ status: 409, message: TOO_MANY_TYPES }));
    await getDb().delete(classType).where(eq(classType.intensity, "Low"));
  });

  it("a lower capacity reaches upcoming classes but never below the spots taken; past classes keep theirs", async () => {
    const full = await aClass({ capacity: 8 });
    for (const m of [maya, ...waiting]) await place(full, m.id, "booked");
    const empty = await aClass({ capacity: 8 });
    const past = await aClass({ capacity: 8, hours: -5 });
    const result = await updateClassType(admin, "class-type-hiit", { ...hiit, capacity: "3" });
    expect(result).toMatchObject({ classesUpdated: 2, keptAbove: 1 });
    expect((await classRow(full)).capacity).toBe(5);
    expect((await classRow(empty)).capacity).toBe(3);
    expect((await classRow(past)).capacity).toBe(8);
    expect(Object.values(await statuses(full))).toEqual(["booked", "booked", "booked", "booked", "booked"]);
  });

  it("a higher capacity promotes the waitlist of an upcoming class, first come first served", async () => {
    const id = await aClass({ capacity: 1, hours: 24 * 7 });
    await place(id, maya.id, "booked");
    await place(id, waiting[0]!.id, "waitlisted");
    await place(id, waiting[1]!.id, "waitlisted");
    await place(id, waiting[2]!.id, "waitlisted");
    await updateClassType(admin, "class-type-hiit", { ...hiit, capacity: "3" });
    expect(await statuses(id)).toEqual({ [maya.id]: "booked", [waiting[0]!.id]: "booked", [waiting[1]!.id]: "booked", [waiting[2]!.id]: "waitlisted" });
  });

  it("moves a type up and down the page's order", async () => {
    const order = async () => (await listClassTypes(admin)).filter((t) => !t.archived).map((t) => t.id);
    const before = await order();
    await moveClassType(admin, { typeId: before[1], direction: "up" });
    expect((await order()).slice(0, 2)).toEqual([before[1], before[0]]);
    await moveClassType(admin, { typeId: before[1], direction: "down" });
    expect(await order()).toEqual(before);
    await expect(moveClassType(admin, { typeId: "nope", direction: "up" })).rejects.toEqual(expect.objectContaining({ status: 404, message: CLASS_TYPE_NOT_FOUND }));
  });

  it("never deletes a type in use: on the timetable it stays, with past classes it is archived, unused it is deleted", async () => {
    await expect(removeClassType(admin, "class-type-hiit")).rejects.toEqual(expect.objectContaining({ status: 409, message: TYPE_ON_TIMETABLE }));
    await getDb().update(classSlot).set({ archivedAt: new Date() }).where(eq(classSlot.classTypeId, "class-type-hiit"));
    await aClass({ hours: -24 });
    expect(await removeClassType(admin, "class-type-hiit")).toEqual({ name: "HIIT Training", archived: true });
    expect((await listClassTypes(admin)).find((t) => t.id === "class-type-hiit")?.archived).toBe(true);
    await expect(updateClassType(admin, "class-type-hiit", hiit)).rejects.toEqual(expect.objectContaining({ status: 404 }));
    const { id } = await createClassType(admin, { ...hiit, name: "Boxing" });
    expect(await removeClassType(admin, id)).toEqual({ name: "Boxing", archived: false });
    expect(await getDb().select().from(classType).where(eq(classType.id, id))).toEqual([]);
  });
});
