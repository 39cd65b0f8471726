/**
 * npm run storage:move (with the S3_* variables set)
 * Copies every file of DATA_DIR/uploads into the empty S3 bucket, checks each one back,
 * and says what to do next (decision 0077).
 */
import { parseArgs } from "node:util";
import { dataPath } from "~/lib/data-dir.server";
import { getEnv } from "~/lib/env.server";
import { createStorage, LocalFileStorage, S3FileStorage } from "~/lib/storage.server";
import { BackupError } from "~/modules/backups/backup-errors";
import { formatBytes } from "~/modules/backups/describe";
import { moveFiles } from "~/modules/backups/move-storage.server";
import { runCommand } from "./cli";

await runCommand(async () => {
  try {
    parseArgs({ options: {}, strict: true });
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\nUsage: S3_BUCKET=… npm run storage:move`);
  }
  const target = createStorage();
  if (!getEnv().S3_BUCKET) throw new BackupError("Set S3_BUCKET (and S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as your storage needs): storage:move copies DATA_DIR/uploads into that bucket.");
  const source = new LocalFileStorage(dataPath("uploads"));
  try {
    const moved = await moveFiles(source, target);
    console.log(`Copied ${moved.files} files (${formatBytes(moved.bytes)}) from ${dataPath("uploads")} to ${target.description}; every file's size and checksum match the original.`);
    console.log("Next: start the server with the same S3_* variables: it serves the files from the bucket.");
    console.log(`The files in ${dataPath("uploads")} are left as they were; delete them once the site works from the bucket.`);
  } finally {
    if (target instanceof S3FileStorage) target.destroy();
  }
});
