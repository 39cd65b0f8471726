/** How many rows a statement ending in `returning` touched, on PGlite and on PostgreSQL alike. */
export function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; affectedRows?: number; rowCount?: number };
  return r.rows?.length ?? r.affectedRows ?? r.rowCount ?? 0;
}
