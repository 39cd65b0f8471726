/**
 * What a backup archive holds (decision 0075): manifest.json lists every table with its
 * row count and checksum, every stored file with its size and SHA-256, and the migration
 * level the rows belong to. The archive's entries are named from it.
 */
import { z } from "zod";
import { isValidStorageKey } from "~/lib/storage.server";

export const MANIFEST_ENTRY = "manifest.json";
export const SECRET_ENTRY = "auth-secret";
export const FORMAT = "relentless-backup";
export const FORMAT_VERSION = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  database: z.enum(["pglite", "postgres"]),
  migrationLevel: z.number().int().min(1),
  /** Per table: its entry's SHA-256, and the order-free checksum of its rows (decision 0074) a restore compares the loaded rows with. */
  tables: z.array(z.object({ name: z.string().min(1), rows: z.number().int().min(0), sha256, checksum: sha256 })),
  sequences: z.array(z.object({ name: z.string().min(1), value: z.string().regex(/^-?\d+$/), called: z.boolean() })),
  // Checked before anything is written: a key can never leave the storage's folder.
  files: z.array(z.object({ key: z.string().refine(isValidStorageKey, "is not a valid storage key"), bytes: z.number().int().min(0), sha256 })),
  /** The generated AUTH_SECRET of DATA_DIR, when the site used one: two-factor secrets are encrypted with a key derived from it. */
  secret: z.object({ sha256 }).nullable(),
});

export type Manifest = z.infer<typeof manifestSchema>;

export const tableEntry = (name: string) => `tables/${name}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;

/** Every entry the archive must hold besides the manifest, with the SHA-256 it must have. */
export function expectedEntries(manifest: Manifest): Map<string, string> {
  const entries = new Map<string, string>();
  for (const table of manifest.tables) entries.set(tableEntry(table.name), table.sha256);
  for (const file of manifest.files) entries.set(fileEntry(file.key), file.sha256);
  if (manifest.secret) entries.set(SECRET_ENTRY, manifest.secret.sha256);
  return entries;
}
