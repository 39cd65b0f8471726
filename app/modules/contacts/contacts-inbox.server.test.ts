/** The coach's inbox in the module: listing, paging, search, status changes, deletion and who may do them. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { contactSubmission } from "~/db/schema/contacts";
import {
  deleteSubmission,
  getSubmission,
  INBOX_PAGE_SIZE,
  listSubmissions,
  markSubmissionRead,
  markSubmissionResponded,
  submitApplication,
  SUBMISSION_GONE,
} from "./contacts.server";
import type { SubmissionStatus } from "./contacts.schema";
import { validApplication } from "./intake.fixture";
import { HEALTH, rows, submissionCount, wipe } from "./contacts.test-support";

const admin = { id: "actor-admin", role: "admin", email: "admin@example.com" } as const;
const trainer = { id: "actor-trainer", role: "trainer", email: "trainer@example.com" } as const;
const member = { id: "actor-member", role: "member", email: "member@example.com" } as const;

describe("the inbox with 1,000 submissions", () => {
  const TOTAL = 1000;
  const T0 = Date.UTC(2025, 0, 1);
  const statusOf = (i: number): SubmissionStatus => (i % 10 === 0 ? "responded" : i % 3 === 0 ? "read" : "new");
  const pad = (i: number) => String(i).padStart(4, "0");
  const idOf = (i: number) => `sub-${pad(i)}`;
  const expected = { total: TOTAL, new: 0, read: 0, responded: 0 };
  for (let i = 0; i < TOTAL; i += 1) expected[statusOf(i)] += 1;

  beforeAll(async () => {
    await wipe();
    // One multi-row insert; submission i is i minutes after T0 (so 999 is the newest).
    await getDb()
      .insert(contactSubmission)
      .values(
        Array.from({ length: TOTAL }, (_, i) => ({
          id: idOf(i),
          firstName: i % 2 ? "Ava" : "Ben",
          lastName: `Number${pad(i)}`,
          email: `Applicant${pad(i)}@Example.com`,
          phone: "07700 900000",
          age: "30",
          gender: "other",
          fitnessLevel: "beginner",
          goals: ["General Fitness"],
          preferredTrainingTime: "Morning (8-12 PM)",
          preferredTrainingLocation: "Online",
          experience: "Some",
          expectations: "Results",
          referralSource: "Search",
          termsAcceptedAt: new Date(T0 + i * 60_000),
          status: statusOf(i),
          notifiedAt: new Date(T0 + i * 60_000),
          createdAt: new Date(T0 + i * 60_000),
        })),
      );
  });
  afterAll(wipe);

  it("counts every status", async () => {
    const inbox = await listSubmissions(admin);
    expect(inbox.counts).toEqual(expected);
    expect(expected).toEqual({ total: 1000, new: 600, read: 300, responded: 100 });
  });

  it("pages 25 at a time, newest first, 40 pages", async () => {
    const first = await listSubmissions(admin);
    expect(INBOX_PAGE_SIZE).toBe(25);
    expect(first).toMatchObject({ page: 1, pageCount: 40, total: 1000 });
    expect(first.items.map((i) => i.id)).toEqual(Array.from({ length: 25 }, (_, k) => idOf(999 - k)));

    const second = await listSubmissions(admin, { page: 2 });
    expect(second.items.map((i) => i.id)).toEqual(Array.from({ length: 25 }, (_, k) => idOf(974 - k)));

    const last = await listSubmissions(admin, { page: 40 });
    expect(last.page).toBe(40);
    expect(last.items).toHaveLength(25);
    expect(last.items.map((i) => i.id)).toEqual(Array.from({ length: 25 }, (_, k) => idOf(24 - k)));
    expect(last.items.at(-1)!.createdAt).toEqual(new Date(T0));

    for (let k = 1; k < last.items.length; k += 1) {
      expect(last.items[k - 1]!.createdAt.getTime()).toBeGreaterThan(last.items[k]!.createdAt.getTime());
    }
    // The list carries no health answers.
    expect(Object.keys(first.items[0]!)).not.toContain("medicalConditions");
  });

  it("keeps the page within range", async () => {
    expect((await listSubmissions(admin, { page: 41 })).page).toBe(40);
    expect((await listSubmissions(admin, { page: 1000 })).items.map((i) => i.id)[0]).toBe(idOf(24));
    expect((await listSubmissions(admin, { page: 0 })).page).toBe(1);
    expect((await listSubmissions(admin, { page: -3 })).items[0]!.id).toBe(idOf(999));
  });

  it("filters by status, with counts still for the whole inbox", async () => {
    const responded = await listSubmissions(admin, { status: "responded" });
    expect(responded).toMatchObject({ total: 100, pageCount: 4, counts: expected });
    expect(responded.items).toHaveLength(25);
    expect(responded.items.every((i) => i.status === "responded")).toBe(true);
    expect(responded.items[0]!.id).toBe(idOf(990));
    const lastRead = await listSubmissions(admin, { status: "read", page: 12 });
    expect(lastRead).toMatchObject({ total: 300, pageCount: 12, page: 12 });
    expect(lastRead.items.every((i) => i.status === "read")).toBe(true);
    expect(lastRead.items.at(-1)!.id).toBe(idOf(3));
  });

  it("searches by name, case-insensitively, first and last name together", async () => {
    const byLast = await listSubmissions(admin, { search: "number0042" });
    expect(byLast.items.map((i) => i.id)).toEqual([idOf(42)]);
    expect(byLast).toMatchObject({ total: 1, pageCount: 1, counts: expected });
    expect((await listSubmissions(admin, { search: "  BEN NUMBER0042 " })).items.map((i) => i.id)).toEqual([idOf(42)]);
    expect((await listSubmissions(admin, { search: "ava number0042" })).items).toEqual([]);
    const avas = await listSubmissions(admin, { search: "AVA" });
    expect(avas.total).toBe(500);
    expect(avas.pageCount).toBe(20);
  });

  it("searches by e-mail, case-insensitively", async () => {
    expect((await listSubmissions(admin, { search: "applicant0007@example.COM" })).items.map((i) => i.id)).toEqual([idOf(7)]);
    // applicant0100 … applicant0109
    const prefix = await listSubmissions(admin, { search: "APPLICANT010" });
    expect(prefix.total).toBe(10);
    expect(prefix.items.map((i) => i.id)).toEqual(Array.from({ length: 10 }, (_, k) => idOf(109 - k)));
  });

  it("combines search and status, and treats % and _ literally", async () => {
    const combined = await listSubmissions(admin, { search: "applicant01", status: "responded" });
    expect(combined.items.map((i) => i.id)).toEqual([190, 180, 170, 160, 150, 140, 130, 120, 110, 100].map(idOf));
    expect((await listSubmissions(admin, { search: "%" })).total).toBe(0);
    expect((await listSubmissions(admin, { search: "applicant_001" })).total).toBe(0);
    expect((await listSubmissions(admin, { search: "   " })).total).toBe(1000);
  });
});

describe("status changes and deletion", () => {
  beforeEach(wipe);

  async function seed(status: SubmissionStatus) {
    const { id } = await submitApplication(validApplication);
    await getDb().update(contactSubmission).set({ status }).where(eq(contactSubmission.id, id));
    return id;
  }

  async function statusOf(id: string) {
    const [row] = await getDb().select({ status: contactSubmission.status }).from(contactSubmission).where(eq(contactSubmission.id, id));
    return row?.status;
  }

  it("mark-read changes only new submissions", async () => {
    const fresh = await seed("new");
    const read = await seed("read");
    const responded = await seed("responded");
    expect(await markSubmissionRead(admin, fresh)).toBe("read");
    expect(await markSubmissionRead(admin, read)).toBe("read");
    expect(await markSubmissionRead(admin, responded)).toBe("responded");
    expect(await statusOf(fresh)).toBe("read");
    expect(await statusOf(read)).toBe("read");
    expect(await statusOf(responded)).toBe("responded");
    await expect(markSubmissionRead(admin, "missing")).rejects.toMatchObject({ status: 404, message: SUBMISSION_GONE });
  });

  it("mark-responded sets responded from any status", async () => {
    const fresh = await seed("new");
    const read = await seed("read");
    await markSubmissionResponded(admin, fresh);
    await markSubmissionResponded(admin, read);
    expect(await statusOf(fresh)).toBe("responded");
    expect(await statusOf(read)).toBe("responded");
    await expect(markSubmissionResponded(admin, "missing")).rejects.toMatchObject({ status: 404, message: SUBMISSION_GONE });
  });

  it("getSubmission returns every answer, or null", async () => {
    const { id } = await submitApplication({ ...validApplication, ...HEALTH });
    expect(await getSubmission(admin, id)).toMatchObject({ id, ...HEALTH, status: "new" });
    expect(await getSubmission(admin, "missing")).toBeNull();
  });

  it("deletes one submission; a missing id is a 404 AppError", async () => {
    const keep = await seed("new");
    const gone = await seed("read");
    await deleteSubmission(admin, gone);
    expect((await rows()).map((r) => r.id)).toEqual([keep]);
    await expect(deleteSubmission(admin, gone)).rejects.toMatchObject({ status: 404, message: SUBMISSION_GONE });
    await expect(deleteSubmission(admin, "no-such-id")).rejects.toThrow(SUBMISSION_GONE);
    expect(await submissionCount()).toBe(1);
  });
});

describe("inbox permissions in the module", () => {
  beforeEach(wipe);

  it.each([
    ["a member", member],
    ["a trainer", trainer],
  ])("refuses %s with a 403 for every operation and changes nothing", async (_who, actor) => {
    const { id } = await submitApplication(validApplication);
    const refused = { init: { status: 403 }, data: { message: "You do not have permission to do that." } };
    await expect(listSubmissions(actor)).rejects.toMatchObject(refused);
    await expect(getSubmission(actor, id)).rejects.toMatchObject(refused);
    await expect(markSubmissionRead(actor, id)).rejects.toMatchObject(refused);
    await expect(markSubmissionResponded(actor, id)).rejects.toMatchObject(refused);
    await expect(deleteSubmission(actor, id)).rejects.toMatchObject(refused);
    expect(await rows()).toEqual([expect.objectContaining({ id, status: "new" })]);
  });

  it("allows an administrator", async () => {
    const { id } = await submitApplication(validApplication);
    await expect(listSubmissions(admin)).resolves.toMatchObject({ total: 1 });
    await expect(getSubmission(admin, id)).resolves.toMatchObject({ id });
  });
});
