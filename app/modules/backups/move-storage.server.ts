/**
 * `npm run storage:move`: every file of DATA_DIR/uploads copied into the empty S3 bucket
 * under the same key, then each one read back from the bucket and compared by size and
 * SHA-256 with the original (decision 0077). The local files are left as they were.
 */
import { Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { contentTypeForKey, type FileStorage } from "~/lib/storage.server";
import { BACKUPS_PREFIX, BackupError } from "./backup-errors";
import { hashing } from "./hashing";
import { firstStoredKey } from "./targets.server";

/** Reads a stream to its end: its SHA-256 and size. */
async function digest(body: Readable): Promise<{ sha256: string; bytes: number }> {
  const { stream, result } = hashing();
  body.once("error", (error) => stream.destroy(error));
  await pipeline(body, stream, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return result();
}

/** Copies every file of `source` into the empty `target`; returns how many and how many bytes. On failure the copies are deleted again. */
export async function moveFiles(source: FileStorage, target: FileStorage): Promise<{ files: number; bytes: number }> {
  const present = await firstStoredKey(target);
  if (present) throw new BackupError(`${target.description} already holds files (such as ${present}): storage:move copies only into an empty bucket. Nothing was changed.`);
  const written: string[] = [];
  const copied: Array<{ key: string; sha256: string; bytes: number }> = [];
  try {
    for await (const key of source.list(BACKUPS_PREFIX)) {
      const original = await source.get(key);
      if (!original) continue; // deleted since it was listed
      const { stream, result } = hashing();
      original.body.once("error", (error) => stream.destroy(error));
      written.push(key);
      await target.putStream(key, original.body.pipe(stream), original.bytes, original.contentType || contentTypeForKey(key));
      copied.push({ key, ...result() });
    }
    for (const file of copied) {
      const stored = await target.get(file.key);
      const got = stored ? await digest(stored.body) : null;
      if (!got || got.bytes !== file.bytes || got.sha256 !== file.sha256) {
        throw new BackupError(`${file.key} in ${target.description} differs from the original (size or checksum). The copies were deleted again; nothing was changed.`);
      }
    }
  } catch (error) {
    await target.delete(written).catch(() => undefined);
    throw error;
  }
  return { files: copied.length, bytes: copied.reduce((sum, file) => sum + file.bytes, 0) };
}
