import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { exercise } from "~/db/schema/exercises";
import { siteSetting } from "~/db/schema/settings";
import { EXERCISE_CATALOGUE, type CatalogueExercise } from "./catalogue";

/** The site_settings row that remembers which catalogue the database holds. */
export const CATALOGUE_SETTING_KEY = "exercise-catalogue";
/** Taken for the length of a sync's transaction, so two processes starting at once do it once. */
export const SYNC_LOCK = 727_275;

/** A fingerprint of the catalogue's content: any correction or addition changes it. */
export function catalogueHash(catalogue: readonly CatalogueExercise[] = EXERCISE_CATALOGUE): string {
  return crypto.createHash("sha256").update(JSON.stringify(catalogue)).digest("hex");
}

async function storedHash(db: Pick<Db, "select">): Promise<string | null> {
  const [row] = await db.select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, CATALOGUE_SETTING_KEY));
  const value = row?.value as { hash?: unknown } | undefined;
  return typeof value?.hash === "string" ? value.hash : null;
}

/**
 * Brings the built-in exercises up to the catalogue this release ships (run right after
 * the migrations: server start, `npm run db:migrate`, the test template). Built-ins are
 * upserted by id (= slug); staff-made exercises have random ids and slugs that cannot
 * meet a built-in's, so they are never touched, and nothing is deleted (an exercise a
 * release drops may still be in programs and logs). When the stored fingerprint matches,
 * one read is all it costs, so a restart stays fast. Returns whether it wrote anything.
 */
export async function syncExerciseCatalogue(db: Db, catalogue: readonly CatalogueExercise[] = EXERCISE_CATALOGUE): Promise<boolean> {
  const hash = catalogueHash(catalogue);
  if ((await storedHash(db)) === hash) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK})`);
    // Another process may have synced while this one waited for the lock.
    if ((await storedHash(tx)) === hash) return false;
    const now = new Date();
    const rows = catalogue.map((e) => ({
      id: e.slug,
      slug: e.slug,
      name: e.name,
      category: e.category,
      measure: e.measure,
      primaryMuscles: e.primaryMuscles,
      secondaryMuscles: e.secondaryMuscles,
      equipment: e.equipment,
      cues: e.cues.join("\n"),
      createdById: null,
      updatedAt: now,
    }));
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    await tx
      .insert(exercise)
      .values(rows)
      .onConflictDoUpdate({
        target: exercise.id,
        set: {
          slug: excluded("slug"),
          name: excluded("name"),
          category: excluded("category"),
          measure: excluded("measure"),
          primaryMuscles: excluded("primary_muscles"),
          secondaryMuscles: excluded("secondary_muscles"),
          equipment: excluded("equipment"),
          cues: excluded("cues"),
          updatedAt: excluded("updated_at"),
        },
      });
    await tx
      .insert(siteSetting)
      .values({ key: CATALOGUE_SETTING_KEY, value: { hash, exercises: catalogue.length }, updatedAt: now })
      .onConflictDoUpdate({ target: siteSetting.key, set: { value: { hash, exercises: catalogue.length }, updatedAt: now } });
    return true;
  });
}
