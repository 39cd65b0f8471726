// @test-database any: who may do what over the routes, and their answers; the SQL beneath is tested on both databases by its service's own tests (decision 0020).
/**
 * The profile wizard's save (/profile-setup): a post the browser's checks would have
 * stopped (sent past them) is refused with 400 and the field's own message (the wizard
 * shows the spec's 'Failed to save profile. Please try again.' under 'Error' for every
 * refused save); nothing is stored, and the wizard still shows. A complete post saves and greets.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { profile } from "~/db/schema/profiles";
import { createUserWithPassword } from "~/modules/users/users.server";
import { action, loader } from "~/routes/profile-setup";
import type { WizardForm } from "~/modules/users/profile.schema";
import type { WizardActionData } from "~/views/users/profile-wizard";
import { callRoute, getRequest, locationOf, postForm, signInCookie, toastOf, type DataResult } from "../support/route-calls";

const email = "newcomer@wizard.test";
const password = "wizard-password-1";
const complete = { fullName: "Wren Wizard", location: "York", interests: "Rowing", experience: "Two years", goals: "A sub-8 2k" };

let cookie = "";
let userId = "";
const profileOf = async () => (await getDb().select().from(profile).where(eq(profile.userId, userId)))[0];
const save = (fields: Record<string, string>) => callRoute(action, postForm("/profile-setup", cookie, fields));

beforeAll(async () => {
  userId = (await createUserWithPassword({ name: "Wren Wizard", email, password, role: "member" })).id;
  cookie = await signInCookie(email, password);
});

describe("the profile wizard's save", () => {
  it("refuses a field longer than the browser allows with 400 and the field's message, and stores nothing", async () => {
    const before = await profileOf();
    const cases: Array<[Record<string, string>, Partial<Record<keyof WizardForm, string>>]> = [
      [{ ...complete, fullName: "W".repeat(201) }, { fullName: "Full name must be at most 200 characters" }],
      [{ ...complete, goals: "g".repeat(2001) }, { goals: "Please keep this under 2000 characters" }],
      [{ ...complete, location: "   " }, { location: "Please enter your location" }],
    ];
    for (const [fields, fieldErrors] of cases) {
      const answer = (await save(fields)) as DataResult<WizardActionData>;
      expect(answer.init?.status).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, error: null, fieldErrors });
    }
    expect(await profileOf()).toEqual(before);
    // The profile is still incomplete: the wizard is still what the member gets.
    expect(await callRoute(loader, getRequest("/profile-setup", cookie))).toEqual({ name: "Wren Wizard" });
  });

  it("saves a complete profile and greets: 'Profile created successfully!' / 'Welcome to the community!'", async () => {
    const answer = await save(complete);
    expect(locationOf(answer)).toBe("/members");
    expect(await toastOf(answer)).toEqual({ type: "success", title: "Profile created successfully!", description: "Welcome to the community!" });
    expect(await profileOf()).toMatchObject({ location: "York", goals: "A sub-8 2k" });
  });

  it("goes back to the page the wizard was opened on (an invitation's package on billing), never to another site", async () => {
    expect(locationOf(await save({ ...complete, next: "/members/billing?product=prod_online_coaching" }))).toBe("/members/billing?product=prod_online_coaching");
    for (const next of ["https://elsewhere.example/members", "//elsewhere.example", "/\\elsewhere.example", ""]) {
      expect(locationOf(await save({ ...complete, next }))).toBe("/members");
    }
  });
});
