/**
 * `npm run user:create` as a real process. On PGlite (the default run) it gets its
 * own fresh DATA_DIR; in the PostgreSQL run it uses this file's database
 * (process.env.DATABASE_URL, set by tests/setup/per-file.ts).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "~/auth/auth.server";
import { getDb, openDatabase, type Db } from "~/db/client.server";
import { account, user } from "~/db/schema/auth";

const usage = 'Usage: npm run user:create -- --email E --password P --role member|trainer|admin --name "Full Name"';
const onPostgres = Boolean(process.env.DATABASE_URL);

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command the way `npm run user:create --` does (scripts/run-cli.js, decision 0056). */
function userCreate(args: string[], dataDir: string): Promise<Result> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  // A shell user has no NODE_ENV; the PostgreSQL run points the CLI at this file's database.
  delete env.NODE_ENV;
  if (!onPostgres) delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    // Its own process group: a hung run is killed with anything it started.
    const child = spawn(process.execPath, ["scripts/run-cli.js", "user-create", ...args], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 50_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The database the CLI wrote to: this file's PostgreSQL database, or the PGlite in dataDir. */
async function withCliDatabase<T>(dataDir: string, run: (db: Db) => Promise<T>): Promise<T> {
  if (onPostgres) return run(getDb());
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate();
    return await run(database.db);
  } finally {
    await database.close();
  }
}

function findUser(db: Db, email: string) {
  return db.select({ id: user.id, name: user.name, role: user.role }).from(user).where(eq(user.email, email));
}

const tempDirs: string[] = [];
function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-cli-"));
  tempDirs.push(dir);
  return dir;
}

// The DATA_DIR of this file's CLI runs: fresh, as on a machine where no server ever ran.
let dataDir: string;

beforeAll(() => {
  dataDir = freshDataDir();
});

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run user:create", { timeout: 60_000 }, () => {
  it("creates a user on a DATA_DIR no server ever used (it migrates first)", async () => {
    expect(fs.readdirSync(dataDir)).toEqual([]);

    const result = await userCreate(
      ["--email", "Tina@Example.com", "--password", "tina-password", "--role", "trainer", "--name", "Tina Trainer"],
      dataDir,
    );

    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created trainer tina@example\.com \(\S+\)$/m);
    // The embedded database is closed and unlocked when the command ends.
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);
    if (!onPostgres) expect(fs.existsSync(path.join(dataDir, "db"))).toBe(true);

    const id = /\(([^\s()]+)\)/.exec(result.stdout)![1];
    const [row, credentials] = await withCliDatabase(dataDir, async (db) => {
      const [found] = await findUser(db, "tina@example.com");
      const [password] = await db.select({ hash: account.password }).from(account).where(eq(account.userId, id!));
      return [found, password] as const;
    });
    expect(row).toEqual({ id, name: "Tina Trainer", role: "trainer" });
    expect(credentials?.hash).toEqual(expect.any(String));
    expect(credentials?.hash).not.toContain("tina-password");
    if (onPostgres) {
      await expect(getAuth().api.signInEmail({ body: { email: "tina@example.com", password: "tina-password" } })).resolves.toMatchObject({
        user: { id },
      });
    }
  });

  it("refuses a duplicate e-mail with exit code 1 and a message", async () => {
    await withCliDatabase(dataDir, (db) => db.insert(user).values({ id: "existing-user", name: "Already Here", email: "dup@example.com" }));

    const result = await userCreate(["--email", "DUP@example.com", "--password", "other-password", "--role", "admin", "--name", "Someone Else"], dataDir);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain("A user with the e-mail dup@example.com already exists");
    expect(result.stdout).not.toContain("Created");
    const rows = await withCliDatabase(dataDir, (db) => findUser(db, "dup@example.com"));
    expect(rows).toEqual([{ id: "existing-user", name: "Already Here", role: "member" }]);
  });

  // Argument errors end before any database is opened: these two run side by side.
  it.concurrent.for([
    ["an unknown option", ["--email", "a@example.com", "--password", "long-enough", "--name", "A", "--bogus", "x"], [/Unknown option '--bogus'/]],
    [
      "invalid values (every problem at once)",
      ["--password", "short", "--role", "owner"],
      [
        /→ at name/,
        /Please enter a valid email address\n\s*→ at email/,
        /Password must be at least 8 characters\n\s*→ at password/,
        /Role must be member, trainer or admin\n\s*→ at role/,
      ],
    ],
  ] as Array<[string, string[], RegExp[]]>)("rejects %s with exit code 1 and the usage line, touching nothing", async ([, args, messages], { expect }) => {
    const untouched = freshDataDir();
    const result = await userCreate(args, untouched);

    expect(result.code).toBe(1);
    for (const message of messages) expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain(usage);
    expect(result.stdout).toBe("");
    expect(fs.readdirSync(untouched)).toEqual([]);
  });
});

// Only the embedded database has a data-dir lock: PostgreSQL serves many processes.
// Registered on PGlite only (not skipped on PostgreSQL, where no such lock exists).
if (!onPostgres) {
  describe("npm run user:create beside another process on the same DATA_DIR", { timeout: 60_000 }, () => {
    it("is refused with exit code 1 and says that the database is in use", async () => {
      const holder = await openDatabase({ kind: "pglite", dataDir });
      let result: Result;
      try {
        await holder.migrate();
        result = await userCreate(["--email", "locked@example.com", "--password", "long-enough", "--role", "member", "--name", "Locked Out"], dataDir);
      } finally {
        await holder.close();
      }

      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`The embedded database in ${dataDir} is in use by another Relentless process (pid ${process.pid})`);
      expect(result.stdout).not.toContain("Created");
      expect(await withCliDatabase(dataDir, (db) => findUser(db, "locked@example.com"))).toEqual([]);
    });
  });
}
