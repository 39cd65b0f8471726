import type { Manifest } from "./manifest";

/** "1.2 MB", "640 KB": a size as a person reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** What an archive holds, in one line. */
export function describeBackup(manifest: Manifest, bytes?: number): string {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const fileBytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  const parts = [
    `${manifest.tables.length} tables with ${rows} rows`,
    `${manifest.files.length} stored files (${formatBytes(fileBytes)})`,
  ];
  return `${parts.join(", ")}${bytes === undefined ? "" : `; ${formatBytes(bytes)} in all`}`;
}
