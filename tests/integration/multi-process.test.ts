/**
 * Two built server processes on one PostgreSQL, on different ports and with different
 * DATA_DIRs (nothing shared on disk): a session made on one works on the other, rate
 * limits count across both, and an image uploaded to one (S3 mode, s3rver) is served by
 * the other. Registered only when DATABASE_URL is set (`npm run test:pg`); PGlite is one
 * process by design. Needs `npm run build` first.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BetterAuthOptions } from "better-auth";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getAuth } from "~/auth/auth.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { insertClass } from "~/modules/classes/class-bookings.test-support";
import { SYNC_LOCK } from "~/modules/exercises/catalogue-sync.server";
import { validApplication } from "~/modules/contacts/intake.fixture";
import { clientAddress, killIfRunning, runCli, signIn, startServer, type ServerProcess } from "../../scripts/reliability/server";
import { openEventStream } from "../support/event-stream";
import { S3_TEST_CREDENTIALS, startS3Server, type RunningS3 } from "../support/s3-server";
import { startServerChild, type ServerChild } from "../support/server-child";
import { freePort } from "../../scripts/free-port";

// Runs everywhere: what two processes must share is kept in the database, not in memory.
it("keeps rate-limit counts in the database, with no in-memory secondary storage", () => {
  const options: BetterAuthOptions = getAuth().options;
  expect(options.rateLimit?.storage).toBe("database");
  expect(options.secondaryStorage).toBeUndefined();
});

if (process.env.DATABASE_URL) {
  describe("server processes started in the same instant on a fresh PostgreSQL", () => {
    const fresh = `fresh_start_${crypto.randomBytes(4).toString("hex")}`;
    const url = new URL(process.env.DATABASE_URL!);
    const dataDirs: string[] = [];
    let servers: ServerProcess[] = [];
    let admin: pg.Client;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
      await admin.connect();
      await admin.query(`create database ${fresh}`);
    });

    afterAll(async () => {
      await Promise.all(servers.map(killIfRunning));
      await admin.query(`drop database if exists ${fresh} with (force)`);
      await admin.end();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("all come up, migrate once and make the one administrator of ADMIN_EMAIL (issue 47)", async () => {
      const env = () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-fresh-"));
        dataDirs.push(dir);
        const databaseUrl = Object.assign(new URL(url), { pathname: `/${fresh}` }).toString();
        return { DATABASE_URL: databaseUrl, DATA_DIR: dir, AUTH_SECRET: "fresh-start-secret-of-32-characters!!", ADMIN_EMAIL: "owner@fresh-start.test", ADMIN_PASSWORD: "fresh-start-Owner-pass-7" };
      };
      const started = await Promise.allSettled([startServer(env()), startServer(env()), startServer(env())]);
      servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      expect(started.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
      for (const server of servers) expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      const db = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: `/${fresh}` }).toString() });
      await db.connect();
      try {
        const admins = await db.query("select email from users where role = 'admin'");
        expect(admins.rows).toEqual([{ email: "owner@fresh-start.test" }]);
      } finally {
        await db.end();
      }
    }, 120_000);
  });

  describe("a server whose start is under way (decision 0153)", () => {
    const fresh = `start_under_way_${crypto.randomBytes(4).toString("hex")}`;
    const url = new URL(process.env.DATABASE_URL!);
    const freshUrl = Object.assign(new URL(url), { pathname: `/${fresh}` }).toString();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-under-way-"));
    let admin: pg.Client;
    let holder: pg.Client;
    let server: ServerChild | undefined;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
      await admin.connect();
      await admin.query(`create database ${fresh}`);
      holder = new pg.Client({ connectionString: freshUrl });
      await holder.connect();
    });

    afterAll(async () => {
      if (server?.child.exitCode === null) server.child.kill("SIGKILL");
      await holder.end().catch(() => undefined);
      await admin.query(`drop database if exists ${fresh} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** Polls `check` until it is true (the server's start is out of the test's hands). */
    async function until(what: string, check: () => Promise<boolean>): Promise<void> {
      const deadline = Date.now() + 60_000;
      while (!(await check())) {
        if (server?.child.exitCode !== null) throw new Error(`The server exited before ${what}:\n${server?.output()}`);
        if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}:\n${server?.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    it("answers /healthz once migrated, and holds a sign-in until the start has made the administrator", async () => {
      // The catalogue's first sync waits for this lock: the start stops there, after the migrations and the listen, before ADMIN_EMAIL's account exists.
      await holder.query("select pg_advisory_lock($1)", [SYNC_LOCK]);
      const port = await freePort();
      const base = `http://localhost:${port}`;
      const owner = { email: "owner@under-way.test", password: "under-way-Owner-pass-7" };
      server = startServerChild({
        DATABASE_URL: freshUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        BASE_URL: base,
        AUTH_SECRET: "under-way-secret-of-32-characters!!",
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
        LOG_LEVEL: "debug",
      });
      await until("/healthz answers", () => fetch(`${base}/healthz`).then((response) => response.ok, () => false));
      // The start is provably not done: the server waits for the catalogue's lock, which this test holds.
      await until("the server waits for the catalogue's lock", async () => {
        const waiting = await holder.query("select 1 from pg_locks where locktype = 'advisory' and objid = $1 and not granted", [SYNC_LOCK]);
        return waiting.rowCount === 1;
      });
      expect(server.output()).not.toContain("Relentless is running");
      const admins = await holder.query("select 1 from users where email = $1", [owner.email]);
      expect(admins.rowCount).toBe(0);
      // Answered now, this sign-in would be refused: the account does not exist yet.
      const session = signIn(base, owner.email, owner.password);
      const home = fetch(`${base}/`);
      await until("the server holds both requests", async () => server!.output().split("request held until the start is done").length - 1 >= 2);
      await holder.query("select pg_advisory_unlock($1)", [SYNC_LOCK]);
      expect(await session).toContain("=");
      const homePage = await home;
      expect(homePage.status).toBe(200);
      expect(await homePage.text()).toContain("<h1");
      await until("it says it is running", async () => server!.output().includes("Relentless is running"));
      const exercises = await holder.query("select count(*)::int as n from exercises where created_by_id is null");
      expect(exercises.rows[0].n).toBeGreaterThan(0);
    }, 120_000);
  });

  describe("two server processes on one PostgreSQL", () => {
    const trainer = { email: "trainer@multi-process.test", password: "multi-process-pass-1", name: "Multi Trainer" };
    const member = { email: "member@multi-process.test", password: "multi-process-pass-2", name: "Multi Member" };
    const dataDirs: string[] = [];
    let s3: RunningS3;
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      s3 = await startS3Server();
      // This file's own database (tests/setup), as DATABASE_URL is by now.
      const shared = {
        DATABASE_URL: process.env.DATABASE_URL!,
        TRUST_PROXY: "true",
        AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      };
      const own = () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-multi-"));
        dataDirs.push(dir);
        return { ...shared, DATA_DIR: dir };
      };
      const created = await runCli("user-create", ["--email", trainer.email, "--password", trainer.password, "--role", "trainer", "--name", trainer.name], own());
      expect(created.code, created.output).toBe(0);
      const createdMember = await runCli("user-create", ["--email", member.email, "--password", member.password, "--role", "member", "--name", member.name], own());
      expect(createdMember.code, createdMember.output).toBe(0);
      [a, b] = await Promise.all([startServer(own()), startServer(own())]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([killIfRunning(a), killIfRunning(b)]);
      await s3?.stop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("a session made on one process works on the other", async () => {
      const cookie = await signIn(a.baseUrl, trainer.email, trainer.password, { "x-forwarded-for": clientAddress(1) });
      const onB = await fetch(`${b.baseUrl}/members`, { headers: { cookie } });
      expect(onB.status).toBe(200);
      expect(await onB.text()).toContain(trainer.name);
      // Without the cookie, B does not know who this is.
      expect((await fetch(`${b.baseUrl}/members`)).status).toBe(401);
    });

    it("counts sign-in failures across both processes: after six on A, the account is paused on B too", async () => {
      // An e-mail with no account (counted all the same), so the trainer stays free for the other tests.
      const attempt = (server: ServerProcess, n: number) =>
        fetch(`${server.baseUrl}/login`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl, "x-forwarded-for": clientAddress(n) },
          body: new URLSearchParams({ email: "nobody@multi-process.test", password: "not-the-password" }),
          redirect: "manual",
        });
      for (let i = 0; i < 6; i++) expect((await attempt(a, 2)).status).toBe(401);
      const refused = await attempt(b, 3);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("Too many attempts. Try again in 15 minutes.");
    });

    it("counts applications across both processes: the sixth from one address, on B after five on A, is refused", async () => {
      const apply = (server: ServerProcess, n: number) =>
        fetch(`${server.baseUrl}/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.baseUrl, "x-forwarded-for": clientAddress(4) },
          body: JSON.stringify({ ...validApplication, email: `multi-${n}@multi-process.test` }),
        });
      for (let n = 0; n < 5; n++) expect((await apply(a, n)).status).toBe(200);
      const refused = await apply(b, 5);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    });

    it("delivers a message posted on one process to a page following the conversation on the other (LISTEN/NOTIFY), both ways", async () => {
      const memberOnA = await signIn(a.baseUrl, member.email, member.password, { "x-forwarded-for": clientAddress(6) });
      const trainerOnB = await signIn(b.baseUrl, trainer.email, trainer.password, { "x-forwarded-for": clientAddress(7) });
      const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, member.email));
      const memberId = row!.id;
      const staffStream = await openEventStream(`${b.baseUrl}/coach/members/${memberId}/messages/events?after=0`, { cookie: trainerOnB, "x-forwarded-for": clientAddress(7) });
      const memberStream = await openEventStream(`${a.baseUrl}/members/messages/events?after=0`, { cookie: memberOnA, "x-forwarded-for": clientAddress(6) });
      expect([staffStream.status, memberStream.status]).toEqual([200, 200]);
      const send = (server: ServerProcess, path: string, cookie: string, n: number, body: string) =>
        fetch(`${server.baseUrl}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl, cookie, "x-forwarded-for": clientAddress(n) },
          body: new URLSearchParams({ intent: "send-message", body }),
        });
      expect((await send(a, "/members/messages", memberOnA, 6, "Posted on A")).status).toBe(302);
      const [fromA] = await staffStream.waitForEvents(1);
      expect(JSON.parse(fromA!.data)).toMatchObject({ seq: 1, body: "Posted on A", fromMember: true });
      expect((await send(b, `/coach/members/${memberId}/messages`, trainerOnB, 7, "Answered on B")).status).toBe(302);
      const both = await memberStream.waitForEvents(2);
      expect(both.map((e) => JSON.parse(e.data).body)).toEqual(["Posted on A", "Answered on B"]);
      expect((await staffStream.waitForEvents(2)).map((e) => e.id)).toEqual(["1", "2"]);
      staffStream.close();
      memberStream.close();
    });

    it("shows a visitor on B a class booked on A at once: the booking empties B's cached Group Classes page", async () => {
      const classId = await insertClass({ startsAt: new Date(Math.floor((Date.now() + 2 * 86_400_000) / 60_000) * 60_000), capacity: 4 });
      const spotsOnB = async () => {
        const html = (await (await fetch(`${b.baseUrl}/services/group-classes`)).text()).replaceAll("<!-- -->", "");
        return /<span>(\d+ spots? left)<\/span>/.exec(new RegExp(`id="class-${classId}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? "")?.[1];
      };
      // The new class is in no copy yet: B draws and keeps one.
      await fetch(`${b.baseUrl}/services/group-classes`);
      const before = await spotsOnB();
      const memberOnA = await signIn(a.baseUrl, member.email, member.password, { "x-forwarded-for": clientAddress(8) });
      const booked = await fetch(`${a.baseUrl}/services/group-classes`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: a.baseUrl, cookie: memberOnA, "x-forwarded-for": clientAddress(8) },
        body: new URLSearchParams({ intent: "book", classId }),
      });
      expect(booked.status).toBe(302);
      await expect.poll(spotsOnB, { timeout: 5_000 }).toBe("3 spots left");
      expect([undefined, "4 spots left"]).toContain(before);
    });

    it("serves on B an image uploaded on A (S3 mode), byte for byte", async () => {
      const cookie = await signIn(a.baseUrl, trainer.email, trainer.password, { "x-forwarded-for": clientAddress(5) });
      const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#0f766e" } }).jpeg().toBuffer();
      const uploaded = await fetch(`${a.baseUrl}/cms/uploads`, {
        method: "POST",
        headers: { "content-type": "image/jpeg", origin: a.baseUrl, cookie },
        body: photo,
      });
      expect(uploaded.status).toBe(201);
      const { image } = (await uploaded.json()) as { image: { id: string; src: string } };
      expect(image.src).toMatch(/^\/uploads\/images\/[\w-]+\/\d+\.jpg$/);
      const fromA = await fetch(`${a.baseUrl}${image.src}`);
      const fromB = await fetch(`${b.baseUrl}${image.src}`);
      expect(fromA.status).toBe(200);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
      // It lives in the bucket, not on either process's disk.
      for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, "uploads", "images", image.id))).toBe(false);
    });
  });
}
