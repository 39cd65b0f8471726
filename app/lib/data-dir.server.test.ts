// @test-database any: files and folders; the outbox e-mail reads its sender's name from the site settings (decision 0020).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "~/db/lock.server";
import { getAuthSecret } from "./data-dir.server";
import { resetEnv } from "./env.server";
import { resetMailTransport, sendMail } from "./mail.server";

const mode = (file: string) => fs.statSync(file).mode & 0o777;
const original = { DATA_DIR: process.env.DATA_DIR, AUTH_SECRET: process.env.AUTH_SECRET };
let root = "";

/** A DATA_DIR that does not exist yet, two folders deep, as a first start sees it. */
function freshDataDir(): string {
  const dir = path.join(root, "state", "data");
  process.env.DATA_DIR = dir;
  delete process.env.AUTH_SECRET;
  resetEnv();
  resetMailTransport();
  return dir;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-modes-"));
});

afterEach(() => {
  process.env.DATA_DIR = original.DATA_DIR;
  if (original.AUTH_SECRET === undefined) delete process.env.AUTH_SECRET;
  else process.env.AUTH_SECRET = original.AUTH_SECRET;
  resetEnv();
  resetMailTransport();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("DATA_DIR is readable by the server's user only", () => {
  it("the generated secret: its folder 0700, the file 0600", () => {
    const dir = freshDataDir();
    expect(getAuthSecret()).toHaveLength(43);
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, "auth-secret"))).toBe(0o600);
  });

  it("the outbox, which holds reset and invitation links: the folder 0700, each e-mail 0600", async () => {
    const dir = freshDataDir();
    const file = await sendMail({ to: "someone@example.com", subject: "Reset your Relentless password", text: "a one-time link" });
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, "outbox"))).toBe(0o700);
    expect(mode(file)).toBe(0o600);
  });

  it("a DATA_DIR made earlier with the usual 0755 is tightened when the database takes its lock", () => {
    const dir = freshDataDir();
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const release = acquireDataDirLock(dir);
    try {
      expect(mode(dir)).toBe(0o700);
    } finally {
      release();
    }
  });
});
