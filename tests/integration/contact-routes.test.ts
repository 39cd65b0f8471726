// @test-database any: who may do what over the routes, and their answers; the SQL beneath is tested on both databases by its service's own tests (decision 0020).
/**
 * The intake routes on the real database: the /contact action (valid, invalid,
 * oversized, honeypot, rate limit) and who may use the /admin/contacts inbox.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { contactSubmission } from "~/db/schema/contacts";
import { requestLimit } from "~/db/schema/limits";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { submitApplication } from "~/modules/contacts/contacts.server";
import { validApplication } from "~/modules/contacts/intake.fixture";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware as adminMiddleware } from "~/routes/admin";
import { action as rawInboxAction, loader as rawInboxLoader } from "~/routes/admin.contacts";
import { action as contactAction } from "~/routes/contact";
import { rows, submissionCount } from "~/modules/contacts/contacts.test-support";
import { getRequest, invokeRoute, postBody, postForm, redirectOf, signInCookie, toastOf, underLayout, type DataResult } from "../support/route-calls";

const inboxAction = underLayout(adminMiddleware, rawInboxAction);
const inboxLoader = underLayout(adminMiddleware, rawInboxLoader);

const HEALTH = { medicalConditions: "Type 1 diabetes, insulin pump", injuries: "Torn ACL in the left knee (2019)" };

async function wipe() {
  await getDb().delete(contactSubmission);
  await getDb().delete(requestLimit);
}

/** The action's answer: always data() (a success or a refusal), never a redirect. */
async function contactPost(body: BodyInit, { ip = "203.0.113.10", type = "application/json" }: { ip?: string; type?: string } = {}) {
  return (await invokeRoute(contactAction, postBody("/contact", null, body, { [CLIENT_IP_HEADER]: ip, "content-type": type }))) as DataResult<Record<string, unknown>>;
}

describe("the /contact action", () => {
  beforeEach(wipe);

  it("stores a valid JSON application and answers ok", async () => {
    const result = await contactPost(JSON.stringify({ ...validApplication, ...HEALTH }));
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data).toEqual({ ok: true, intent: "" });
    expect(await rows()).toEqual([expect.objectContaining({ firstName: "Jordan", ...HEALTH, status: "new" })]);
  });

  it("stores a valid urlencoded form post (no JavaScript)", async () => {
    const form = new URLSearchParams({ ...validApplication, goals: "", termsAccepted: "on" } as unknown as Record<string, string>);
    form.delete("goals");
    form.append("goals", "Flexibility");
    form.append("goals", "Stress Relief");
    form.set("currentFitnessLevel", "Beginner");
    const result = await contactPost(form.toString(), { type: "application/x-www-form-urlencoded" });
    expect(result.data).toEqual({ ok: true, intent: "" });
    expect(await rows()).toEqual([expect.objectContaining({ goals: ["Flexibility", "Stress Relief"], fitnessLevel: "beginner" })]);
  });

  it("answers 400 with the spec's field messages and the typed values, storing nothing", async () => {
    const result = await contactPost(JSON.stringify({ ...validApplication, firstName: "J", email: "not-an-email", goals: [], termsAccepted: false }));
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({
      ok: false,
      status: 400,
      intent: null,
      title: null,
      error: "Please check the highlighted answers.",
      fieldErrors: {
        firstName: "First name must be at least 2 characters",
        email: "Please enter a valid email address",
        goals: "Please select at least one goal",
        termsAccepted: "You must accept the terms and conditions",
      },
      values: expect.objectContaining({ firstName: "J", email: "not-an-email", goals: [] }),
    });
    expect(await submissionCount()).toBe(0);
  });

  it("answers 400 to an empty form with every required field's message", async () => {
    const result = await contactPost("{}");
    expect(result.init?.status).toBe(400);
    expect(Object.keys((result.data as { fieldErrors: object }).fieldErrors)).toHaveLength(14);
  });

  it("answers 400 to unknown fields and to malformed JSON", async () => {
    const extra = await contactPost(JSON.stringify({ ...validApplication, status: "responded" }));
    expect(extra.init?.status).toBe(400);
    expect(extra.data).toMatchObject({ ok: false, error: "The form contains fields we do not recognise" });
    const malformed = await contactPost("{firstName:");
    expect(malformed.init?.status).toBe(400);
    expect(malformed.data).toMatchObject({ ok: false, error: "The request body is not valid JSON." });
    expect(await submissionCount()).toBe(0);
  });

  it("answers 413 to a body over 64 KB, and 415 to another content type", async () => {
    const oversized = await contactPost(JSON.stringify({ ...validApplication, experience: "x".repeat(64 * 1024) }));
    expect(oversized.init?.status).toBe(413);
    expect(oversized.data).toMatchObject({ ok: false, error: "The request is too large (limit 64 KB)." });
    const wrongType = await contactPost(JSON.stringify(validApplication), { type: "text/plain" });
    expect(wrongType.init?.status).toBe(415);
    expect(await submissionCount()).toBe(0);
    // Neither used up the address's allowance.
    expect(await getDb().select().from(requestLimit)).toEqual([]);
  });

  it("answers a filled honeypot like a person but stores nothing", async () => {
    const result = await contactPost(JSON.stringify({ ...validApplication, website: "http://spam.example" }));
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data).toEqual({ ok: true, intent: "" });
    expect(await submissionCount()).toBe(0);
    // An empty honeypot (as the form sends it) is a normal application.
    const person = await contactPost(JSON.stringify({ ...validApplication, website: "" }));
    expect(person.data).toEqual({ ok: true, intent: "" });
    expect(await submissionCount()).toBe(1);
  });

  it("refuses the sixth application in an hour from one address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const result = await contactPost(JSON.stringify({ ...validApplication, firstName: `Applicant${i}` }), { ip: "192.0.2.55" });
      statuses.push(result.init?.status ?? 200);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await contactPost(JSON.stringify(validApplication), { ip: "192.0.2.55" });
    expect(refused.init?.status).toBe(429);
    expect(new Headers(refused.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.data).toMatchObject({ ok: false, error: "Too many applications from your connection. Please try again in 60 minutes." });
    expect(await submissionCount()).toBe(5);
    // Another address is not affected.
    expect((await contactPost(JSON.stringify(validApplication), { ip: "192.0.2.56" })).data).toEqual({ ok: true, intent: "" });
  });
});

describe("the /admin/contacts route", () => {
  const cookies: Record<"admin" | "trainer" | "member", string> = { admin: "", trainer: "", member: "" };
  let id: string;

  beforeAll(async () => {
    for (const role of ["admin", "trainer", "member"] as const) {
      const email = `${role}@inbox.test`;
      await createUserWithPassword({ name: `Inbox ${role}`, email, password: `${role}-password`, role });
      cookies[role] = await signInCookie(email, `${role}-password`);
    }
  });
  beforeEach(async () => {
    await wipe();
    ({ id } = await submitApplication({ ...validApplication, ...HEALTH }));
  });
  afterAll(async () => {
    await wipe();
    await getDb()
      .delete(user)
      .where(inArray(user.email, ["admin@inbox.test", "trainer@inbox.test", "member@inbox.test"]));
  });

  function get(who: keyof typeof cookies | null, search = "") {
    return invokeRoute(inboxLoader, getRequest(`/admin/contacts${search}`, who && cookies[who]));
  }

  function post(who: keyof typeof cookies | null, fields: Record<string, string>) {
    return invokeRoute(inboxAction, postForm("/admin/contacts?status=new", who && cookies[who], fields));
  }

  it("sends an anonymous visitor to /login, remembering the inbox", async () => {
    expect(await redirectOf(get(null))).toBe("/login?redirectTo=%2Fadmin%2Fcontacts");
    expect(await redirectOf(post(null, { intent: "delete", id }))).toBe("/login?redirectTo=%2Fadmin%2Fcontacts%3Fstatus%3Dnew");
  });

  it.each(["member", "trainer"] as const)("sends a %s to /members and lets them change nothing", async (who) => {
    expect(await redirectOf(get(who, `?open=${id}`))).toBe("/members");
    expect(await redirectOf(post(who, { intent: "mark-responded", id }))).toBe("/members");
    expect(await redirectOf(post(who, { intent: "delete", id }))).toBe("/members");
    expect(await rows()).toEqual([expect.objectContaining({ id, status: "new" })]);
  });

  it("shows an administrator the counts, the list and the opened submission", async () => {
    const page = await get("admin", `?open=${id}`);
    expect(page.counts).toEqual({ total: 1, new: 1, read: 0, responded: 0 });
    expect(page.items).toEqual([expect.objectContaining({ id, name: "Jordan Reyes", email: "jordan.reyes@example.com", status: "new" })]);
    expect(page.items[0]!.received).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(page.selected).toMatchObject({ id, ...HEALTH, status: "new" });
    expect((await get("admin", "?q=nobody")).items).toEqual([]);
  });

  it("lets an administrator mark read, mark responded and delete", async () => {
    expect(await post("admin", { intent: "mark-read", id })).toMatchObject({ data: { ok: true, intent: "mark-read", status: "read" } });
    const responded = (await post("admin", { intent: "mark-responded", id })) as Response;
    expect(responded.status).toBe(302);
    expect(responded.headers.get("location")).toBe(`/admin/contacts?status=new&open=${id}`);
    expect(await toastOf(responded)).toEqual({ type: "success", title: "Contact status updated" });
    expect((await get("admin")).counts).toEqual({ total: 1, new: 0, read: 0, responded: 1 });

    const deleted = (await post("admin", { intent: "delete", id })) as Response;
    expect(deleted.headers.get("location")).toBe("/admin/contacts?status=new");
    expect(await toastOf(deleted)).toEqual({ type: "success", title: "Contact submission deleted" });
    expect(await submissionCount()).toBe(0);
    // Deleting it again, or marking it: the spec's failure toasts, not a crash.
    const again = (await post("admin", { intent: "delete", id })) as Response;
    expect(again.status).toBe(302);
    expect(await toastOf(again)).toMatchObject({ type: "error", title: "Failed to delete contact submission" });
    const gone = (await post("admin", { intent: "mark-responded", id })) as Response;
    expect(await toastOf(gone)).toMatchObject({ type: "error", title: "Failed to update contact status" });
  });
});
