// @test-database pglite
/**
 * Files in an S3 bucket (s3rver): `npm run storage:move` copies DATA_DIR/uploads into an
 * empty bucket and checks each file back, refusing a bucket that holds files; and a backup
 * of a site whose files live in a bucket restores them into another empty bucket. Real
 * processes; the embedded database of the suite's template (its rows are tested in
 * backup-restore.test.ts).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { S3FileStorage } from "~/lib/storage.server";
import { runCli } from "../../scripts/reliability/server";
import { seedDataDirFromTemplate } from "../support/migrated-database";
import { S3_TEST_CREDENTIALS, startS3Server, type RunningS3 } from "../support/s3-server";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-storage-move-"));
const dataDir = path.join(scratch, "site");
const keys = ["images/aaaaaaaaaaaaaaaaaaaaaa/480.webp", "progress-photos/bbbbbbbbbbbbbbbbbbbbbb/960.jpg", "message-images/cccccccccccccccccccccc/1600.avif", "documents/dddddddddddddddddddddd/plan.pdf"];
let s3: RunningS3;
let other: RunningS3;

const bucketEnv = (bucket: RunningS3) => ({
  S3_BUCKET: bucket.bucket,
  S3_ENDPOINT: bucket.endpoint,
  S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
});

/** Every object of a bucket by key, with its SHA-256. */
async function bucketFiles(bucket: RunningS3): Promise<Record<string, string>> {
  const storage = new S3FileStorage({ bucket: bucket.bucket, region: "us-east-1", endpoint: bucket.endpoint, credentials: S3_TEST_CREDENTIALS });
  try {
    const files: Record<string, string> = {};
    for await (const key of storage.list()) {
      const hash = crypto.createHash("sha256");
      for await (const chunk of (await storage.get(key))!.body) hash.update(chunk as Buffer);
      files[key] = hash.digest("hex");
    }
    return files;
  } finally {
    storage.destroy();
  }
}

const localFiles: Record<string, string> = {};

beforeAll(async () => {
  [s3, other] = await Promise.all([startS3Server("relentless-move"), startS3Server("relentless-restored")]);
  seedDataDirFromTemplate(dataDir, {});
  for (const [index, key] of keys.entries()) {
    // One file over a megabyte: the copy streams it.
    const bytes = crypto.randomBytes(index === 0 ? 1_500_000 : 2_000 + index);
    fs.mkdirSync(path.dirname(path.join(dataDir, "uploads", key)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads", key), bytes);
    localFiles[key] = crypto.createHash("sha256").update(bytes).digest("hex");
  }
}, 60_000);

afterAll(async () => {
  await Promise.all([s3?.stop(), other?.stop()]);
  fs.rmSync(scratch, { recursive: true, force: true });
});

it("storage:move without S3_BUCKET says what to set", async () => {
  const result = await runCli("storage-move", [], { DATA_DIR: dataDir });
  expect(result.code).toBe(1);
  expect(result.output).toContain("Set S3_BUCKET");
});

it("storage:move copies every file into the empty bucket under its key, checked back, and then refuses the bucket that holds them", async () => {
  const moved = await runCli("storage-move", [], { DATA_DIR: dataDir, ...bucketEnv(s3) });
  expect(moved.code, moved.output).toBe(0);
  expect(moved.output).toContain(`Copied ${keys.length} files`);
  expect(moved.output).toContain("every file's size and checksum match the original");
  expect(await bucketFiles(s3)).toEqual(localFiles);

  const again = await runCli("storage-move", [], { DATA_DIR: dataDir, ...bucketEnv(s3) });
  expect(again.code).toBe(1);
  expect(again.output).toContain("storage:move copies only into an empty bucket. Nothing was changed.");
  expect(await bucketFiles(s3)).toEqual(localFiles);
}, 60_000);

it("a backup of a site whose files live in a bucket restores them into another empty bucket", async () => {
  const archive = path.join(scratch, "s3.zip");
  const backedUp = await runCli("backup", ["--out", archive], { DATA_DIR: dataDir, ...bucketEnv(s3) });
  expect(backedUp.code, backedUp.output).toBe(0);
  expect(backedUp.output).toContain(`${keys.length} stored files`);

  const restored = await runCli("restore", [archive], { DATA_DIR: path.join(scratch, "restored"), ...bucketEnv(other) });
  expect(restored.code, restored.output).toBe(0);
  expect(await bucketFiles(other)).toEqual(localFiles);
}, 120_000);
