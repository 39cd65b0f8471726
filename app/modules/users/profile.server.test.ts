import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { completeOwnProfile, getOwnProfile, setOwnWeightUnit, updateOwnProfile } from "./profile.server";

let sequence = 0;

/** Profiles need no password: insert the account row directly (scrypt is slow). */
async function newUser(name: string) {
  sequence += 1;
  const id = `profile-user-${sequence}`;
  await getDb().insert(user).values({ id, name, email: `profile-${sequence}@example.com` });
  return { id };
}

async function profileRow(userId: string) {
  const [row] = await getDb().select().from(profile).where(eq(profile.userId, userId));
  return row ?? null;
}

async function userName(userId: string) {
  const [row] = await getDb().select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name;
}

const complete = {
  fullName: "Alex Athlete",
  location: "Leeds",
  interests: "Strength",
  experience: "Two years of lifting",
  goals: "A 150 kg deadlift",
};

let alex: { id: string };
let bea: { id: string };

beforeEach(async () => {
  alex = await newUser("Alex");
  bea = await newUser("Bea");
});

describe("getOwnProfile", () => {
  it("gives a user without a profile row their name, empty fields and lbs", async () => {
    expect(await profileRow(alex.id)).toBeNull();
    expect(await getOwnProfile(alex)).toEqual({
      fullName: "Alex",
      bio: "",
      location: "",
      interests: "",
      experience: "",
      goals: "",
      weightUnit: "lbs",
    });
  });

  it("refuses a user that does not exist", async () => {
    await expect(getOwnProfile({ id: "no-such-user" })).rejects.toThrow(/no longer exists/);
  });
});

describe("updateOwnProfile", () => {
  it.each([
    ["missing", {}],
    ["empty", { fullName: "" }],
    ["blank", { fullName: "   ", bio: "kept out" }],
    ["too long", { fullName: "x".repeat(201) }],
  ])("requires a full name (%s) and changes nothing", async (_label, input) => {
    await expect(updateOwnProfile(alex, input)).rejects.toThrow(ZodError);
    expect(await profileRow(alex.id)).toBeNull();
    expect(await userName(alex.id)).toBe("Alex");
  });

  it("inserts the row the first time, then updates it, and renames the user", async () => {
    await updateOwnProfile(alex, { fullName: "  Alex Athlete  ", bio: "Coach's favourite", location: "Leeds" });
    const first = await profileRow(alex.id);
    expect(first).toMatchObject({ bio: "Coach's favourite", location: "Leeds", interests: "", weightUnit: "lbs" });
    expect(await userName(alex.id)).toBe("Alex Athlete");

    await updateOwnProfile(alex, { fullName: "Alex A.", bio: "New bio", goals: "Run 10k" });
    expect(await getOwnProfile(alex)).toEqual({
      fullName: "Alex A.",
      bio: "New bio",
      location: "",
      interests: "",
      experience: "",
      goals: "Run 10k",
      weightUnit: "lbs",
    });
    expect(await userName(alex.id)).toBe("Alex A.");
    const rows = await getDb().select().from(profile).where(eq(profile.userId, alex.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
  });

  it("keeps the weight unit", async () => {
    await updateOwnProfile(alex, { fullName: "Alex" });
    await getDb().update(profile).set({ weightUnit: "kg" }).where(eq(profile.userId, alex.id));
    await updateOwnProfile(alex, { fullName: "Alex", bio: "Now in kg" });
    expect(await getOwnProfile(alex)).toMatchObject({ bio: "Now in kg", weightUnit: "kg" });
  });
});

describe("completeOwnProfile", () => {
  it.each(["fullName", "location", "interests", "experience", "goals"] as const)(
    "requires %s and changes nothing without it",
    async (field) => {
      await expect(completeOwnProfile(alex, { ...complete, [field]: "  " })).rejects.toThrow(ZodError);
      const { [field]: _omitted, ...withoutField } = complete;
      await expect(completeOwnProfile(alex, withoutField)).rejects.toThrow(ZodError);
      expect(await profileRow(alex.id)).toBeNull();
      expect(await userName(alex.id)).toBe("Alex");
    },
  );

  it("saves every field and keeps an earlier bio", async () => {
    await updateOwnProfile(alex, { fullName: "Alex", bio: "Written in settings" });
    await completeOwnProfile(alex, complete);
    expect(await getOwnProfile(alex)).toEqual({ ...complete, bio: "Written in settings", weightUnit: "lbs" });
    expect(await userName(alex.id)).toBe("Alex Athlete");
  });
});

describe("each user only reads and writes their own profile", () => {
  it("keeps two users' profiles apart", async () => {
    await updateOwnProfile(alex, { fullName: "Alex Athlete", bio: "Alex's bio" });
    await completeOwnProfile(bea, { ...complete, fullName: "Bea Builder", location: "York" });

    expect(await getOwnProfile(alex)).toMatchObject({ fullName: "Alex Athlete", bio: "Alex's bio", location: "" });
    expect(await getOwnProfile(bea)).toMatchObject({ fullName: "Bea Builder", bio: "", location: "York" });

    await updateOwnProfile(bea, { fullName: "Bea B." });
    expect(await getOwnProfile(alex)).toMatchObject({ fullName: "Alex Athlete", bio: "Alex's bio" });
  });

  it("ignores another user's id smuggled into the input", async () => {
    await updateOwnProfile(alex, { fullName: "Alex", userId: bea.id, id: bea.id, bio: "Mine" });
    await completeOwnProfile(alex, { ...complete, userId: bea.id });

    expect(await profileRow(bea.id)).toBeNull();
    expect(await userName(bea.id)).toBe("Bea");
    expect(await getOwnProfile(alex)).toMatchObject({ fullName: complete.fullName, bio: "Mine" });
  });
});

describe("the weight unit (the Progress section's and Settings' switch)", () => {
  const member = (u: { id: string }) => ({ ...u, role: "member" as const });
  // The unit a user's next sign-in carries (the session lookup reads the same column, with the same default).
  const weightUnitOf = async (id: string) => (await getOwnProfile({ id })).weightUnit;

  it("is pounds until chosen; kg and back to lbs keep the rest of the profile", async () => {
    await updateOwnProfile(alex, { fullName: "Alex", bio: "Kept" });
    expect(await weightUnitOf(alex.id)).toBe("lbs");
    expect(await setOwnWeightUnit(member(alex), { unit: "kg" })).toEqual({ unit: "kg" });
    expect(await weightUnitOf(alex.id)).toBe("kg");
    expect(await getOwnProfile(alex)).toMatchObject({ bio: "Kept", weightUnit: "kg" });
    await setOwnWeightUnit(member(alex), { unit: "lbs" });
    expect(await weightUnitOf(alex.id)).toBe("lbs");
  });

  it("creates the profile row of a user who has none yet, and only the actor's", async () => {
    await setOwnWeightUnit(member(alex), { unit: "kg", userId: bea.id });
    expect(await profileRow(alex.id)).toMatchObject({ weightUnit: "kg" });
    expect(await profileRow(bea.id)).toBeNull();
    expect(await weightUnitOf(bea.id)).toBe("lbs");
  });

  it.each([["stone"], [""], [undefined]])("refuses the unit %j with the spec's message and stores nothing", async (unit) => {
    const refused = await setOwnWeightUnit(member(alex), { unit }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ZodError);
    expect((refused as ZodError).issues[0]?.message).toBe("Please choose lbs or kg");
    expect(await profileRow(alex.id)).toBeNull();
  });
});
