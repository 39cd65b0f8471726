/**
 * `npm run backup` and `npm run restore` as real processes (decision 0075): `seed:demo`
 * plus generated history, backed up, restored into a fresh target, compared row by row
 * and file by file, and served by the built server; archives cut short or altered, and
 * targets that are not empty, refused with nothing changed. PGlite in the PGlite pass; in
 * the PostgreSQL pass, PGlite moved to PostgreSQL by `db:move`, then PostgreSQL backed up and
 * restored into another PostgreSQL database. Needs `npm run build` first.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import yazl from "yazl";
import { openDatabase, type Database } from "~/db/client.server";
import { acquireDataDirLock } from "~/db/lock.server";
import { MANIFEST_ENTRY } from "~/modules/backups/manifest";
import { openVerifiedArchive } from "~/modules/backups/read-archive.server";
import { listTables, pinTextFormats, readRows } from "~/modules/backups/table-copy.server";
import { killIfRunning, runCli, signIn, startServer, type ServerProcess } from "../../scripts/reliability/server";
import { addGeneratedHistory } from "../support/generated-history";
import { seedDataDirFromTemplate } from "../support/migrated-database";
import { databaseUrl } from "../setup/database";

const MEMBER = { email: "member@demo.relentless", password: "relentless-demo", name: "Morgan Member" };
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-backup-test-"));
const dir = (name: string) => path.join(scratch, name);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

interface Site {
  dataDir: string;
  databaseUrl?: string;
}
const siteEnv = (site: Site) => ({ DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl ?? "" });
const openSite = (site: Site): Promise<Database> =>
  site.databaseUrl ? openDatabase({ kind: "postgres", url: site.databaseUrl, max: 1 }) : openDatabase({ kind: "pglite", dataDir: site.dataDir });

/** Every row of every table as row_to_json text, read as the copy engine reads them, sorted (databases of other collations order text keys differently). */
async function rowsOf(site: Site): Promise<Record<string, string[]>> {
  const database = await openSite(site);
  try {
    return await database.db.transaction(async (tx) => {
      await pinTextFormats(tx);
      const all: Record<string, string[]> = {};
      for (const table of (await listTables(tx)).tables) {
        all[table.name] = [];
        for await (const row of readRows(tx, table)) all[table.name]!.push(row);
        all[table.name]!.sort();
      }
      return all;
    });
  } finally {
    await database.close();
  }
}

/** Every file under DATA_DIR/uploads by its key, with its SHA-256. */
function filesOf(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, "uploads");
  if (!fs.existsSync(root)) return {};
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(root, file)] = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  }
  return files;
}

/** The same archive with one entry's bytes changed by `change` (the manifest kept as it was, unless it is the one changed), and `extra` entries added. */
async function rewriteArchive(from: string, to: string, name: string, change: (bytes: Buffer) => Buffer, extra: Record<string, Buffer> = {}): Promise<void> {
  const zip = await yauzl.openPromise(from, { lazyEntries: true, autoClose: false });
  const out = new yazl.ZipFile();
  const done = new Promise<void>((resolve, reject) => out.outputStream.pipe(fs.createWriteStream(to)).once("close", resolve).once("error", reject));
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
        const bytes = Buffer.concat(chunks);
        out.addBuffer(entry.fileName === name ? change(bytes) : bytes, entry.fileName);
        zip.readEntry();
      })().catch(reject);
    });
    zip.once("end", resolve);
    zip.readEntry();
  });
  zip.close();
  for (const [entry, bytes] of Object.entries(extra)) out.addBuffer(bytes, entry);
  out.end();
  await done;
}

/** The member signs in on the restored site and gets their dashboard; then `whileRunning`, with the server still up. */
async function expectMemberDashboard(site: Site, whileRunning?: () => Promise<void>): Promise<void> {
  let server: ServerProcess | undefined;
  try {
    server = await startServer({ ...siteEnv(site), TRUST_PROXY: "true" });
    const cookie = await signIn(server.baseUrl, MEMBER.email, MEMBER.password);
    const response = await fetch(`${server.baseUrl}/members`, { headers: { cookie }, redirect: "manual" });
    const body = await response.text();
    expect(response.status, body.slice(0, 500)).toBe(200);
    expect(body).toContain('id="dashboard-title"');
    expect(body).toContain(MEMBER.name);
    await whileRunning?.();
  } finally {
    await killIfRunning(server);
  }
}

/** A source site: the migrated template, `seed:demo`, then the generated history. */
async function seededSite(site: Site): Promise<void> {
  if (!site.databaseUrl) seedDataDirFromTemplate(site.dataDir, {});
  const seeded = await runCli("seed-demo", [], siteEnv(site));
  expect(seeded.code, seeded.output).toBe(0);
  const database = await openSite(site);
  try {
    await addGeneratedHistory(database.db);
  } finally {
    await database.close();
  }
}

async function backUp(site: Site, out: string): Promise<void> {
  const result = await runCli("backup", ["--out", out], siteEnv(site));
  expect(result.code, result.output).toBe(0);
  expect(result.output).toMatch(/Backup written to .*: \d\d tables with \d+ rows, \d+ stored files/);
}

if (!process.env.DATABASE_URL) {
  describe("backup and restore on PGlite", () => {
    const source: Site = { dataDir: dir("source") };
    const archive = dir("site.zip");
    let sourceRows: Record<string, string[]>;

    beforeAll(async () => {
      await seededSite(source);
      await backUp(source, archive);
      sourceRows = await rowsOf(source);
    }, 240_000);

    it("restores every row, file and the generated secret into a fresh DATA_DIR, and the restored site serves the member's dashboard", async () => {
      const target: Site = { dataDir: dir("restored") };
      const restored = await runCli("restore", [archive], siteEnv(target));
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain("every table's row count and checksum and every file's checksum match the manifest");

      expect(sourceRows.messages!.length).toBeGreaterThan(900);
      expect(await rowsOf(target)).toEqual(sourceRows);
      const files = filesOf(source.dataDir);
      expect(Object.keys(files).length).toBeGreaterThan(10);
      expect(filesOf(target.dataDir)).toEqual(files);
      expect(fs.readFileSync(path.join(target.dataDir, "auth-secret"), "utf8")).toBe(fs.readFileSync(path.join(source.dataDir, "auth-secret"), "utf8"));
      await expectMemberDashboard(target, async () => {
        // The server holds the embedded database: the command asks it, through DATA_DIR, to write the archive.
        const out = dir("through-the-server.zip");
        const result = await runCli("backup", ["--out", out], siteEnv(target));
        expect(result.code, result.output).toBe(0);
        expect(result.output).toContain("asking it to write the backup");
        const written = await openVerifiedArchive(out);
        written.close();
        expect(written.manifest.tables.find((t) => t.name === "messages")?.rows).toBe(sourceRows.messages!.length);
        expect(Object.fromEntries(written.manifest.files.map((f) => [f.key, f.sha256]))).toEqual(files);
      });
    }, 180_000);

    it("refuses to back up an embedded database another process holds when no server answers in DATA_DIR", async () => {
      const held = dir("held");
      seedDataDirFromTemplate(held, {});
      const release = acquireDataDirLock(held);
      try {
        const result = await runCli("backup", ["--out", dir("held.zip")], { DATA_DIR: held });
        expect(result.code).toBe(1);
        expect(result.output).toContain("is in use by another Relentless process");
        expect(fs.existsSync(dir("held.zip"))).toBe(false);
      } finally {
        release();
      }
    });

    it("db:move refuses a PostgreSQL database it cannot reach, and a site already on PostgreSQL, with a message and no stack", async () => {
      const unreachable = await runCli("db-move", ["--to", "postgres://relentless@127.0.0.1:1/none"], siteEnv(source));
      expect(unreachable.code).toBe(1);
      expect(unreachable.output).toContain("Cannot use the PostgreSQL database postgres://relentless@127.0.0.1:1/none: connect ECONNREFUSED");
      expect(unreachable.output).not.toContain("    at ");
      const onPostgres = await runCli("db-move", ["--to", "postgres://relentless@127.0.0.1:1/none"], { ...siteEnv(source), DATABASE_URL: "postgres://relentless@127.0.0.1:1/site" });
      expect(onPostgres.code).toBe(1);
      expect(onPostgres.output).toContain("DATABASE_URL is set: this site runs on PostgreSQL already");
      expect(await rowsOf(source)).toEqual(sourceRows);
    });

    it("refuses an archive cut short, and writes nothing", async () => {
      const truncated = dir("truncated.zip");
      const bytes = fs.readFileSync(archive);
      fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.9)));
      const target = dir("after-truncated");
      const result = await runCli("restore", [truncated], { DATA_DIR: target });
      expect(result.code).toBe(1);
      expect(result.output).toContain("is not a whole backup archive");
      expect(result.output).not.toContain("    at ");
      expect(fs.existsSync(target)).toBe(false);
    });

    it("refuses an archive whose rows were altered, and writes nothing", async () => {
      const altered = dir("altered.zip");
      await rewriteArchive(archive, altered, "tables/messages.jsonl", (bytes) => Buffer.from(bytes.toString().replace("Message 7", "Message 8")));
      const target = dir("after-altered");
      const result = await runCli("restore", [altered], { DATA_DIR: target });
      expect(result.code).toBe(1);
      expect(result.output).toContain("tables/messages.jsonl in the archive does not match its checksum in the manifest");
      expect(fs.existsSync(target)).toBe(false);
    });

    it("refuses an archive from a newer release, and writes nothing", async () => {
      const newer = dir("newer.zip");
      await rewriteArchive(archive, newer, MANIFEST_ENTRY, (bytes) => Buffer.from(JSON.stringify({ ...JSON.parse(bytes.toString()), migrationLevel: 999 })));
      const target = dir("after-newer");
      const result = await runCli("restore", [newer], { DATA_DIR: target });
      expect(result.code).toBe(1);
      expect(result.output).toContain("This backup was made by a newer release of Relentless (migration level 999");
      expect(fs.existsSync(target)).toBe(false);
    });

    it("refuses an archive naming a file by a key the storage never writes, and writes nothing", async () => {
      const escaping = dir("escaping.zip");
      const empty = crypto.createHash("sha256").update("").digest("hex");
      await rewriteArchive(
        archive,
        escaping,
        MANIFEST_ENTRY,
        (bytes) => {
          const manifest = JSON.parse(bytes.toString()) as { files: Array<{ key: string; bytes: number; sha256: string }> };
          manifest.files.push({ key: ".ssh/authorized_keys", bytes: 0, sha256: empty });
          return Buffer.from(JSON.stringify(manifest));
        },
        { "files/.ssh/authorized_keys": Buffer.alloc(0) },
      );
      const target = dir("after-escaping");
      const result = await runCli("restore", [escaping], { DATA_DIR: target });
      expect(result.code).toBe(1);
      expect(result.output).toContain("is not a valid storage key");
      expect(fs.existsSync(target)).toBe(false);
    });

    it("leaves the DATA_DIR empty when loading fails after the files were written (a table this release does not have)", async () => {
      const foreign = dir("foreign.zip");
      const empty = crypto.createHash("sha256").update("").digest("hex");
      await rewriteArchive(
        archive,
        foreign,
        MANIFEST_ENTRY,
        (bytes) => {
          const manifest = JSON.parse(bytes.toString()) as { tables: Array<{ name: string; rows: number; sha256: string; checksum: string }> };
          manifest.tables.push({ name: "no_such_table", rows: 0, sha256: empty, checksum: "0".repeat(64) });
          return Buffer.from(JSON.stringify(manifest));
        },
        { "tables/no_such_table.jsonl": Buffer.alloc(0) },
      );
      const target = dir("after-foreign");
      const result = await runCli("restore", [foreign], { DATA_DIR: target });
      expect(result.code).toBe(1);
      expect(result.output).toContain("The target has no table no_such_table");
      expect(fs.existsSync(path.join(target, "db"))).toBe(false);
      expect(filesOf(target)).toEqual({});
      expect(fs.existsSync(path.join(target, "auth-secret"))).toBe(false);
    }, 60_000);

    it("refuses a DATA_DIR that has a database unless --force, which replaces it and keeps the old one aside", async () => {
      const target: Site = { dataDir: dir("occupied") };
      seedDataDirFromTemplate(target.dataDir, {});
      const before = await rowsOf(target);

      const refused = await runCli("restore", [archive], siteEnv(target));
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("The target is not empty");
      expect(refused.output).toContain("add --force to REPLACE");
      expect(await rowsOf(target)).toEqual(before);

      // With another AUTH_SECRET set, the restored site's own secret would be ignored: the restore says so.
      const forced = await runCli("restore", [archive, "--force"], { ...siteEnv(target), AUTH_SECRET: "another-secret-of-at-least-32-characters" });
      expect(forced.code, forced.output).toBe(0);
      expect(forced.output).toContain("--force: REPLACING the existing data");
      expect(forced.output).toContain("AUTH_SECRET is set and wins");
      expect(await rowsOf(target)).toEqual(sourceRows);
      const aside = fs.readdirSync(target.dataDir).filter((name) => name.startsWith("replaced-"));
      expect(aside).toHaveLength(1);
      expect(fs.existsSync(path.join(target.dataDir, aside[0]!, "db"))).toBe(true);
    }, 120_000);
  });
}

if (process.env.DATABASE_URL) {
  describe("from PGlite to PostgreSQL with db:move, then backup and restore from PostgreSQL to PostgreSQL", () => {
    const base = process.env.DATABASE_URL!;
    const name = () => `relentless_test_bk_${crypto.randomBytes(4).toString("hex")}`;
    const names = { moved: name(), restored: name() };
    const embedded: Site = { dataDir: dir("embedded") };
    // The moved database keeps the embedded site's DATA_DIR: its files and secret stay there.
    const moved: Site = { dataDir: embedded.dataDir, databaseUrl: databaseUrl(base, names.moved) };
    const restored: Site = { dataDir: dir("pg-restored"), databaseUrl: databaseUrl(base, names.restored) };
    const archive = dir("pg.zip");
    let embeddedRows: Record<string, string[]>;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl(base, "postgres") });
      await admin.connect();
      try {
        // The moved database orders text the way a PostgreSQL created with an English locale does (PGlite's is byte order, C).
        await admin.query(`create database ${names.moved} template template0 locale_provider icu icu_locale 'en-US'`);
        await admin.query(`create database ${names.restored}`);
      } finally {
        await admin.end();
      }
      await seededSite(embedded);
      embeddedRows = await rowsOf(embedded);
    }, 240_000);

    it("db:move copies the embedded database into an empty PostgreSQL database of another collation, row for row, and says what to set next", async () => {
      const result = await runCli("db-move", ["--to", moved.databaseUrl!], { DATA_DIR: embedded.dataDir });
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain("every table's row count and checksum match the embedded database's");
      expect(result.output).toContain(`Set DATABASE_URL=${moved.databaseUrl}`);
      expect(await rowsOf(moved)).toEqual(embeddedRows);
      expect(await rowsOf(embedded)).toEqual(embeddedRows);
    }, 120_000);

    it("db:move refuses a PostgreSQL database that has tables, and changes nothing", async () => {
      const result = await runCli("db-move", ["--to", moved.databaseUrl!], { DATA_DIR: embedded.dataDir });
      expect(result.code).toBe(1);
      expect(result.output).toContain("db:move copies only into an empty PostgreSQL database");
      expect(await rowsOf(moved)).toEqual(embeddedRows);
    }, 60_000);

    it("restores a PostgreSQL backup into an empty database, refuses it once it is not empty, and the restored site serves the member's dashboard", async () => {
      await backUp(moved, archive);
      const result = await runCli("restore", [archive], siteEnv(restored));
      expect(result.code, result.output).toBe(0);
      expect(await rowsOf(restored)).toEqual(embeddedRows);
      expect(filesOf(restored.dataDir)).toEqual(filesOf(embedded.dataDir));

      const again = await runCli("restore", [archive], { ...siteEnv(restored), DATA_DIR: dir("pg-other") });
      expect(again.code).toBe(1);
      expect(again.output).toContain(`${names.restored} has tables`);
      expect(await rowsOf(restored)).toEqual(embeddedRows);
      await expectMemberDashboard(restored, async () => {
        // On PostgreSQL the command reads beside the running server (one snapshot).
        const out = dir("beside-the-server.zip");
        const beside = await runCli("backup", ["--out", out], siteEnv(restored));
        expect(beside.code, beside.output).toBe(0);
        expect(beside.output).not.toContain("asking it");
        const written = await openVerifiedArchive(out);
        written.close();
        expect(written.manifest.database).toBe("postgres");
        expect(written.manifest.tables.find((t) => t.name === "messages")?.rows).toBe(embeddedRows.messages!.length);
      });
    }, 180_000);
  });
}
