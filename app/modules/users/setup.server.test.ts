import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getAuth } from "~/auth/auth.server";
import { getDb } from "~/db/client.server";
import { user, verification } from "~/db/schema/auth";
import { completeSetup, isSetupTokenValid, issueSetupToken, SETUP_LINK_INVALID } from "./setup.server";
import { countAdministrators, createUserWithPassword, findUserByEmail } from "./users.server";

const form = { name: "Coach Carter", email: "coach@example.com", password: "coach-password" };

async function userCount(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(user);
  return row?.n ?? 0;
}

// Every test starts without any user, like a fresh installation.
beforeEach(async () => {
  await getDb().delete(user);
  await getDb().delete(verification);
});

describe("issueSetupToken", () => {
  it("issues a long random token while there is no administrator", async () => {
    const token = await issueSetupToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await isSetupTokenValid(token)).toBe(true);
  });

  it("returns null once an administrator exists", async () => {
    await createUserWithPassword({ name: "Admin", email: "admin@example.com", password: "admin-password", role: "admin" });
    expect(await issueSetupToken()).toBeNull();
  });

  it("still issues one when only members and trainers exist", async () => {
    await createUserWithPassword({ name: "Trainer", email: "trainer@example.com", password: "long-enough", role: "trainer" });
    expect(await issueSetupToken()).toEqual(expect.any(String));
  });

  it("keeps each start's link working, as processes started together each print one: the newest ten", async () => {
    const links = [];
    for (let start = 0; start < 11; start += 1) links.push(await issueSetupToken());
    expect(new Set(links).size).toBe(11);
    expect(await isSetupTokenValid(links[0]!)).toBe(false);
    for (const link of links.slice(1)) expect(await isSetupTokenValid(link)).toBe(true);
    expect(await getDb().select().from(verification)).toHaveLength(10);
  });

  it("stores only a hash of the token", async () => {
    const token = (await issueSetupToken())!;
    const rows = await getDb().select().from(verification);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(rows[0]!.value).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("completeSetup", () => {
  it("creates the administrator with the token, which then stops working", async () => {
    const token = await issueSetupToken();
    const created = await completeSetup(token, { ...form, email: " Coach@Example.com " });

    expect(created.email).toBe("coach@example.com");
    expect(await findUserByEmail("coach@example.com")).toMatchObject({ id: created.id, name: "Coach Carter", role: "admin" });
    expect(await countAdministrators()).toBe(1);
    await expect(getAuth().api.signInEmail({ body: { email: "coach@example.com", password: "coach-password" } })).resolves.toMatchObject({
      user: { id: created.id },
    });

    expect(await isSetupTokenValid(token)).toBe(false);
    expect(await getDb().select().from(verification).where(eq(verification.identifier, "first-run-admin-setup"))).toEqual([]);
    await expect(completeSetup(token, { ...form, email: "second@example.com" })).rejects.toMatchObject({ status: 410, message: SETUP_LINK_INVALID });
    expect(await countAdministrators()).toBe(1);
    expect(await findUserByEmail("second@example.com")).toBeNull();
  });

  it("spends every process's link when one makes the administrator: two links used at once make one", async () => {
    const [first, second] = [await issueSetupToken(), await issueSetupToken()];
    const outcomes = await Promise.allSettled([completeSetup(first, form), completeSetup(second, { ...form, email: "second@example.com" })]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.status === "rejected")).toMatchObject({ reason: { status: 410, message: SETUP_LINK_INVALID } });
    expect(await countAdministrators()).toBe(1);
    expect(await isSetupTokenValid(first)).toBe(false);
    expect(await isSetupTokenValid(second)).toBe(false);
  });

  it("refuses a wrong, empty or missing token and creates nothing", async () => {
    const token = (await issueSetupToken())!;
    for (const wrong of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "", null]) {
      expect(await isSetupTokenValid(wrong)).toBe(false);
      await expect(completeSetup(wrong, form)).rejects.toMatchObject({ status: 410, message: SETUP_LINK_INVALID });
    }
    expect(await userCount()).toBe(0);
    // The real token still works afterwards.
    expect(await isSetupTokenValid(token)).toBe(true);
  });

  it("refuses an expired token", async () => {
    const token = await issueSetupToken();
    await getDb().update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await isSetupTokenValid(token)).toBe(false);
    await expect(completeSetup(token, form)).rejects.toMatchObject({ status: 410, message: SETUP_LINK_INVALID });
    expect(await userCount()).toBe(0);
  });

  it("refuses the token once an administrator exists another way", async () => {
    const token = await issueSetupToken();
    await createUserWithPassword({ name: "Admin", email: "admin@example.com", password: "admin-password", role: "admin" });
    expect(await isSetupTokenValid(token)).toBe(false);
    await expect(completeSetup(token, form)).rejects.toMatchObject({ status: 410, message: SETUP_LINK_INVALID });
    expect(await countAdministrators()).toBe(1);
  });

  it("validates the form before spending the token", async () => {
    const token = await issueSetupToken();
    await expect(completeSetup(token, { ...form, password: "short" })).rejects.toThrow(ZodError);
    await expect(completeSetup(token, { ...form, email: "nope" })).rejects.toThrow(ZodError);
    await expect(completeSetup(token, { ...form, name: " " })).rejects.toThrow(ZodError);
    expect(await userCount()).toBe(0);
    expect(await isSetupTokenValid(token)).toBe(true);
    await expect(completeSetup(token, form)).resolves.toMatchObject({ email: "coach@example.com" });
  });

  it("lets only one of two simultaneous uses of the token through", async () => {
    const token = await issueSetupToken();
    const results = await Promise.allSettled([
      completeSetup(token, { ...form, email: "one@example.com" }),
      completeSetup(token, { ...form, email: "two@example.com" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.filter((r) => r.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({ status: 410, message: SETUP_LINK_INVALID });
    expect(await countAdministrators()).toBe(1);
  });
});
