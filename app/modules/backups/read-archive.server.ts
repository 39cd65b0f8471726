/**
 * Opens a backup archive and checks all of it before anything is written (decision
 * 0075): the ZIP's central directory (missing when the file was cut short), the manifest,
 * exactly the entries it names, and each entry's SHA-256.
 */
import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import yauzl from "yauzl";
import { z } from "zod";
import { releaseMigrationLevel } from "~/db/migrations.server";
import { BackupError } from "./backup-errors";
import { FORMAT, MANIFEST_ENTRY, expectedEntries, manifestSchema, type Manifest } from "./manifest";

export interface OpenArchive {
  manifest: Manifest;
  /** A fresh stream of one entry's bytes. */
  open(name: string): Promise<Readable>;
  close(): void;
}

/** Every entry of the ZIP, by name, from its central directory. */
async function readDirectory(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entries.has(entry.fileName)) {
        reject(new BackupError(`The archive names ${entry.fileName} twice: it is not a backup made by Relentless.`));
        return;
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once("end", resolve);
    zip.once("error", reject);
    zip.readEntry();
  });
  return entries;
}

/** Opens `file` and verifies every entry against the manifest; throws a BackupError saying what is wrong. */
export async function openVerifiedArchive(file: string): Promise<OpenArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupError(`There is no file ${file}.`);
    throw new BackupError(
      `${file} is not a whole backup archive: its end (the ZIP's directory) is missing or damaged, as in a copy cut short. Nothing was changed. (${(error as Error).message})`,
    );
  }
  try {
    const entries = await readDirectory(zip).catch((error: unknown) => {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`${file} is damaged: its list of contents cannot be read (${(error as Error).message}). Nothing was changed.`);
    });
    const open = async (name: string) => {
      const entry = entries.get(name);
      if (!entry) throw new BackupError(`The archive has no ${name}.`);
      return zip.openReadStreamPromise(entry);
    };
    if (!entries.has(MANIFEST_ENTRY)) throw new BackupError(`${file} has no ${MANIFEST_ENTRY}: it is not a backup made by Relentless (or it is incomplete). Nothing was changed.`);
    const manifest = parseManifest(await text(await open(MANIFEST_ENTRY)));
    if (manifest.migrationLevel > releaseMigrationLevel()) {
      throw new BackupError(
        `This backup was made by a newer release of Relentless (migration level ${manifest.migrationLevel}; this release knows ${releaseMigrationLevel()}). ` +
          `Update Relentless, then restore it. Nothing was changed.`,
      );
    }
    const expected = expectedEntries(manifest);
    const unexpected = [...entries.keys()].filter((name) => name !== MANIFEST_ENTRY && !expected.has(name));
    if (unexpected.length > 0) throw new BackupError(`The archive holds entries its manifest does not list (${unexpected.slice(0, 3).join(", ")}): it was altered. Nothing was changed.`);
    for (const [name, sha256] of expected) {
      if (!entries.has(name)) throw new BackupError(`The archive lacks ${name}, which its manifest lists: it was altered or is incomplete. Nothing was changed.`);
      let actual: string;
      try {
        const hash = crypto.createHash("sha256");
        for await (const chunk of await open(name)) hash.update(chunk as Buffer);
        actual = hash.digest("hex");
      } catch (error) {
        throw new BackupError(`${name} in the archive is damaged and cannot be read (${(error as Error).message}). Nothing was changed.`);
      }
      if (actual !== sha256) throw new BackupError(`${name} in the archive does not match its checksum in the manifest: the archive was altered or damaged. Nothing was changed.`);
    }
    return { manifest, open, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

function parseManifest(content: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new BackupError(`The archive's ${MANIFEST_ENTRY} is not valid JSON: the archive was altered or damaged. Nothing was changed.`);
  }
  if (typeof json === "object" && json !== null && (json as { format?: unknown }).format !== FORMAT) {
    throw new BackupError(`The archive is not a Relentless backup (its ${MANIFEST_ENTRY} names another format). Nothing was changed.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(`The archive's ${MANIFEST_ENTRY} is not one this release can read:\n${z.prettifyError(parsed.error)}\nNothing was changed.`);
  return parsed.data;
}
