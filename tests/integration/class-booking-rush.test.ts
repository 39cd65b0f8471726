/**
 * THE rush (issue 31): 50 members ask for the last 8 spots of a class at the same moment,
 * over HTTP against the built server; exactly 8 are booked and 42 wait, in the order they
 * arrived (the class row lock serialises them; `queued_at` is taken under it). On PGlite
 * one server process; on PostgreSQL two processes on one database, the requests shared
 * between them. Then a cancel gives the spot to the first member waiting. Then the rush
 * with credits (decision 0139): bookings need payment, 40 of the 50 hold exactly one class
 * credit, 10 of those ask for two classes at once (on both processes), 10 hold none: every
 * place is paid by one credit of its own member, no credit is spent twice, and nobody
 * without a credit books. Needs `npm run build` first.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { getAuth } from "~/auth/auth.server";
import { getDb, openDatabase, type Db } from "~/db/client.server";
import { account, user } from "~/db/schema/auth";
import { creditGrant, creditUse } from "~/db/schema/billing";
import { classBooking, groupClass } from "~/db/schema/classes";
import { giveCredits, setBillingSettings } from "~/modules/billing/entitlements.test-support";
import { clientAddress, killIfRunning, signIn, startServer, type ServerProcess } from "../../scripts/reliability/server";
import { seedDataDirFromTemplate } from "../support/migrated-database";

const RUSH = 50;
const SPOTS_LEFT = 8;
const CAPACITY = 10;
const PASSWORD = "rush-hour-pass-1";
const CLASS_ID = "rush-class";
const onPostgres = Boolean(process.env.DATABASE_URL);
const email = (i: number) => `rush-${i}@class-rush.test`;

/** 52 members (two booked already) with one shared password hash, and a class 3 days ahead with 2 of its 10 spots taken. */
async function seed(db: Db) {
  const hash = await (await getAuth().$context).password.hash(PASSWORD);
  const ids = Array.from({ length: RUSH + 2 }, (_, i) => `rush-member-${i}`);
  await db.insert(user).values(ids.map((id, i) => ({ id, name: `Rush Member ${i}`, email: email(i), role: "member" })));
  await db.insert(account).values(ids.map((id) => ({ id: `${id}-account`, accountId: id, providerId: "credential", userId: id, password: hash })));
  await db.insert(groupClass).values({ id: CLASS_ID, classTypeId: "class-type-functional", startsAt: new Date(Date.now() + 3 * 24 * 3_600_000), durationMinutes: 50, capacity: CAPACITY, location: "Main floor" });
  await db.insert(classBooking).values(ids.slice(RUSH).map((memberId) => ({ id: `${memberId}-early`, classId: CLASS_ID, memberId, status: "booked" as const })));
}

const places = (db: Db) =>
  db
    .select({ memberId: classBooking.memberId, status: classBooking.status, queuedAt: classBooking.queuedAt })
    .from(classBooking)
    .where(eq(classBooking.classId, CLASS_ID))
    .orderBy(classBooking.queuedAt, classBooking.id);

describe(`50 members booking the last 8 spots at once (${onPostgres ? "PostgreSQL, two server processes" : "PGlite, one server process"})`, () => {
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const secret = crypto.randomBytes(32).toString("hex");
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-rush-"));
    dataDirs.push(dir);
    return dir;
  };
  const env = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? "", TRUST_PROXY: "true", AUTH_SECRET: secret });
  let pgliteDir = "";

  beforeAll(async () => {
    if (onPostgres) {
      await seed(getDb());
      servers.push(...(await Promise.all([startServer(env(newDataDir())), startServer(env(newDataDir()))])));
    } else {
      pgliteDir = newDataDir();
      seedDataDirFromTemplate(pgliteDir, {});
      const database = await openDatabase({ kind: "pglite", dataDir: pgliteDir });
      await database.migrate();
      await seed(database.db);
      await database.close();
      servers.push(await startServer(env(pgliteDir)));
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => killIfRunning(s)));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Reads or writes the database the servers use (on PGlite: the server stopped first, then its folder opened; started again if the test goes on). */
  async function onDatabase<T>(work: (db: Db) => Promise<T>, { restart }: { restart: boolean }): Promise<T> {
    if (onPostgres) return work(getDb());
    const server = servers.pop();
    if (server) {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
    const database = await openDatabase({ kind: "pglite", dataDir: pgliteDir });
    try {
      return await work(database.db);
    } finally {
      await database.close();
      if (restart) servers.push(await startServer(env(pgliteDir)));
    }
  }
  const readPlaces = (options: { restart: boolean }) => onDatabase(places, options);

  const serverFor = (i: number) => servers[i % servers.length]!;
  const post = (i: number, cookie: string, intent: string, classId = CLASS_ID) =>
    fetch(`${serverFor(i).baseUrl}/services/group-classes`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: serverFor(i).baseUrl, cookie, "x-forwarded-for": clientAddress(1000 + i) },
      body: new URLSearchParams({ intent, classId }),
    });
  // Signed in once, side by side (the password checks use every core), each from an address of its own.
  let signedIn: Promise<string[]> | undefined;
  const cookiesOfTheRush = () => (signedIn ??= Promise.all(Array.from({ length: RUSH }, (_, i) => signIn(serverFor(i).baseUrl, email(i), PASSWORD, { "x-forwarded-for": clientAddress(1000 + i) }))));

  it("books exactly 8 and puts 42 on the waitlist in arrival order; a cancel then books the first waiting", async () => {
    const cookies = await cookiesOfTheRush();

    const answers = await Promise.all(cookies.map((cookie, i) => post(i, cookie, "book")));
    expect(answers.map((a) => a.status)).toEqual(Array(RUSH).fill(302));

    const after = await readPlaces({ restart: true });
    const early = new Set([`rush-member-${RUSH}`, `rush-member-${RUSH + 1}`]);
    const rush = after.filter((p) => !early.has(p.memberId));
    expect(after.filter((p) => p.status === "booked")).toHaveLength(CAPACITY);
    expect(rush.filter((p) => p.status === "booked")).toHaveLength(SPOTS_LEFT);
    expect(rush.filter((p) => p.status === "waitlisted")).toHaveLength(RUSH - SPOTS_LEFT);
    // Arrival order: the 8 booked are the first 8 to arrive, and every arrival time is distinct.
    const inArrival = [...rush].sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime());
    expect(inArrival.map((p) => p.status)).toEqual([...Array(SPOTS_LEFT).fill("booked"), ...Array(RUSH - SPOTS_LEFT).fill("waitlisted")]);
    expect(new Set(rush.map((p) => p.queuedAt.toISOString())).size).toBe(RUSH);

    // One booked member cancels: the first to arrive of those waiting takes the spot, the rest keep their order.
    const leaving = inArrival[0]!.memberId;
    const firstWaiting = inArrival[SPOTS_LEFT]!.memberId;
    const leaver = Number(leaving.replace("rush-member-", ""));
    const cancelled = await post(leaver, await signIn(serverFor(leaver).baseUrl, email(leaver), PASSWORD, { "x-forwarded-for": clientAddress(2000) }), "cancel");
    expect(cancelled.status).toBe(302);
    const later = await readPlaces({ restart: false });
    const statusOf = new Map(later.map((p) => [p.memberId, p.status]));
    expect(statusOf.get(leaving)).toBe("cancelled");
    expect(statusOf.get(firstWaiting)).toBe("booked");
    expect(later.filter((p) => p.status === "booked")).toHaveLength(CAPACITY);
    expect(later.filter((p) => p.status === "waitlisted").map((p) => p.memberId)).toEqual(inArrival.slice(SPOTS_LEFT + 1).map((p) => p.memberId));
  }, 240_000);

  it("with credits: every place paid by one credit of its own member, none spent twice, nobody without one booked, one credit and two classes at once gives one place", async () => {
    const cookies = await cookiesOfTheRush();
    const [WITH_ONE, ASKING_TWICE, CAPACITY_X] = [40, 10, 25];
    const classX = "credit-rush-x";
    // Each member asking twice asks for two classes of their own, so nothing but their credit stands between the two.
    const pairs = Array.from({ length: ASKING_TWICE }, (_, i) => [`credit-rush-${i}-a`, `credit-rush-${i}-b`] as const);
    const startsAt = Date.now() + 3 * 24 * 3_600_000 + 3_600_000;
    const grants = await onDatabase(
      async (db) => {
        await setBillingSettings({ bookingsNeedPayment: true }, db);
        const aClass = (id: string, capacity: number) => ({ id, classTypeId: "class-type-functional", startsAt: new Date(startsAt), durationMinutes: 50, capacity, location: "Main floor" });
        await db.insert(groupClass).values([aClass(classX, CAPACITY_X), ...pairs.flat().map((id) => aClass(id, 5))]);
        const ids: string[] = [];
        for (let i = 0; i < WITH_ONE; i++) ids.push(await giveCredits(`rush-member-${i}`, { total: 1 }, db));
        return ids;
      },
      { restart: true },
    );

    // The pairs first, each pair's two requests on different processes (on PostgreSQL); then everyone else asks for class X.
    const asks = [
      ...pairs.flatMap(([a, b], i) => [post(i, cookies[i]!, "book", a), post(i + 1, cookies[i]!, "book", b)]),
      ...cookies.slice(ASKING_TWICE).map((cookie, j) => post(ASKING_TWICE + j, cookie, "book", classX)),
    ];
    const statuses = (await Promise.all(asks)).map((a) => a.status);
    expect(statuses.filter((status) => status !== 302 && status !== 409)).toEqual([]);
    expect(statuses.filter((status) => status === 302)).toHaveLength(WITH_ONE);

    const { live, uses, grantsBy } = await onDatabase(
      async (db) => ({
        live: await db
          .select({ id: classBooking.id, memberId: classBooking.memberId, classId: classBooking.classId, status: classBooking.status })
          .from(classBooking)
          .where(and(inArray(classBooking.classId, [classX, ...pairs.flat()]), notInArray(classBooking.status, ["cancelled", "late_cancelled", "offer_lapsed"]))),
        uses: await db.select().from(creditUse).where(isNull(creditUse.returnedAt)),
        grantsBy: new Map((await db.select({ id: creditGrant.id, memberId: creditGrant.memberId }).from(creditGrant)).map((g) => [g.id, g.memberId])),
      }),
      { restart: false },
    );
    const placesOfMember = (i: number) => live.filter((p) => p.memberId === `rush-member-${i}`);
    for (let i = 0; i < RUSH; i++) expect(placesOfMember(i)).toHaveLength(i < WITH_ONE ? 1 : 0);
    const inX = live.filter((p) => p.classId === classX);
    expect(inX.filter((p) => p.status === "booked")).toHaveLength(CAPACITY_X);
    expect(inX.filter((p) => p.status === "waitlisted")).toHaveLength(WITH_ONE - ASKING_TWICE - CAPACITY_X);
    // One credit use per place, of the place's own member, and each grant (of one credit) spent once.
    expect(uses).toHaveLength(live.length);
    for (const place of live) {
      const paid = uses.filter((u) => u.classBookingId === place.id);
      expect(paid).toHaveLength(1);
      expect(grantsBy.get(paid[0]!.grantId)).toBe(place.memberId);
    }
    expect(new Set(uses.map((u) => u.grantId)).size).toBe(grants.length);
  }, 240_000);
});
