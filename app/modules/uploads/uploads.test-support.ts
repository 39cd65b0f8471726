/** Helpers for the upload tests: what is in the uploads table and on the local disk. */
import fs from "node:fs";
import path from "node:path";
import { getDb } from "~/db/client.server";
import { upload } from "~/db/schema/uploads";
import { dataPath } from "~/lib/data-dir.server";

/** Every file under DATA_DIR/uploads, as storage keys. */
export function storedFiles(): string[] {
  const root = dataPath("uploads");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join("/"))
    .sort();
}

export function uploadRows() {
  return getDb().select().from(upload);
}

/** Empties the uploads table and folder between tests. */
export async function wipeUploads(): Promise<void> {
  await getDb().delete(upload);
  fs.rmSync(dataPath("uploads"), { recursive: true, force: true });
}
