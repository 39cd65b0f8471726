import crypto from "node:crypto";
import { and, asc, count, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { exercise } from "~/db/schema/exercises";
import { programBlock } from "~/db/schema/programs";
import { setLog, workoutExercise } from "~/db/schema/workouts";
import type { PictureImage } from "~/components/ui/picture";
import { AppError } from "~/lib/app-error";
import { getPictureImages, type StoredImage } from "~/modules/uploads/uploads.server";
import type { CategoryKey, EquipmentKey, MeasureKey, MuscleKey } from "./exercise-keys";
import { searchWords } from "./exercise-search";
import { staffSlug } from "./exercise-slug";
import { exerciseSchema, type ExerciseFormValues, type ExerciseInput, type ExerciseQuery } from "./exercises.schema";
import { containing, escapeLike } from "~/lib/like";

type Actor = Pick<SessionUser, "id" | "email" | "role">;

/** One page of the library. */
export const EXERCISE_PAGE_SIZE = 30;

export const EXERCISE_MESSAGES = {
  notFound: "Exercise not found",
  builtInReadOnly: "Built-in exercises cannot be changed or deleted. Add your own exercise instead.",
  notYours: "Trainers can change only the exercises they added.",
  nameTaken: "An exercise with this name already exists",
  inUse: "This exercise is used in a program or a logged workout, so it cannot be deleted.",
  imageGone: "That image could not be found. Please upload it again.",
} as const;

export interface ExerciseSummary {
  id: string;
  slug: string;
  name: string;
  category: CategoryKey;
  measure: MeasureKey;
  primaryMuscles: MuscleKey[];
  secondaryMuscles: MuscleKey[];
  equipment: EquipmentKey[];
  /** Shipped with the product (read-only); else added by staff. */
  builtIn: boolean;
}

export interface ExerciseDetail extends ExerciseSummary {
  cues: string[];
  demoImageId: string | null;
  demoImage: PictureImage | null;
  videoUrl: string | null;
  /** Who added it (staff-made only; null when built-in or the account is gone). */
  createdByName: string | null;
  /** The acting user may edit and delete it. */
  canChange: boolean;
}

export interface ExercisePage {
  items: ExerciseSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/** Built-ins are the rows whose id is their slug (staff-made ones have random ids). */
const isBuiltIn = (row: { id: string; slug: string }) => row.id === row.slug;

const summaryColumns = {
  id: exercise.id,
  slug: exercise.slug,
  name: exercise.name,
  category: exercise.category,
  measure: exercise.measure,
  primaryMuscles: exercise.primaryMuscles,
  secondaryMuscles: exercise.secondaryMuscles,
  equipment: exercise.equipment,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]["_"]["data"] };

function toSummary(row: SummaryRow): ExerciseSummary {
  return {
    ...row,
    category: row.category as CategoryKey,
    primaryMuscles: row.primaryMuscles as MuscleKey[],
    secondaryMuscles: row.secondaryMuscles as MuscleKey[],
    equipment: row.equipment as EquipmentKey[],
    builtIn: isBuiltIn(row),
  };
}

/**
 * The search (decision 0046), one for the library and every picker. A name matches when
 * each word of the search is in its search key ("pull ups", "DB row": hyphens, spaces,
 * plurals and abbreviations already read). Only when no name does is a typo forgiven:
 * then the names close to the whole search by pg_trgm's trigram similarity match
 * ("romainan deadlift"). Both are tests the key's trigram index serves. Best match first:
 * names starting with the search, then the closest. An empty search matches every
 * name; a search of punctuation only, none.
 */
interface Search {
  matches: SQL | undefined;
  /** The names a typo may have meant; null when there is no search. */
  nearMisses: SQL | null;
  order: SQL[];
}

function searchOf(q: string): Search {
  const byName = [asc(sql`lower(${exercise.name})`), asc(exercise.id)];
  if (q.trim() === "") return { matches: undefined, nearMisses: null, order: byName };
  const words = searchWords(q);
  if (words.length === 0) return { matches: sql`false`, nearMisses: null, order: byName };
  const whole = words.join("");
  return {
    matches: and(...words.map((word) => sql`${exercise.searchKey} like ${containing(word)}`)),
    nearMisses: or(sql`${exercise.searchKey} % ${whole}`, sql`${exercise.searchKey} %> ${whole}`)!,
    order: [desc(sql`${exercise.searchKey} like ${`${escapeLike(whole)}%`}`), desc(sql`similarity(${exercise.searchKey}, ${whole})`), ...byName],
  };
}

function filters(query: LibraryQuery, search: SQL | undefined): SQL | undefined {
  return and(
    search,
    query.muscle ? or(sql`${query.muscle} = any(${exercise.primaryMuscles})`, sql`${query.muscle} = any(${exercise.secondaryMuscles})`) : undefined,
    query.equipment ? sql`${query.equipment} = any(${exercise.equipment})` : undefined,
  );
}

/**
 * The library as staff browse it: names matching the search, a muscle (primary or
 * secondary) and a piece of equipment, best match first, then A to Z. A page past the
 * last shows the last.
 */
type LibraryQuery = Pick<ExerciseQuery, "q"> & Partial<ExerciseQuery>;

export async function listExercises(actor: Actor, query: LibraryQuery): Promise<ExercisePage> {
  ensureCan(actor, "programs", "view");
  const db = getDb();
  const search = searchOf(query.q);
  const countOf = async (where: SQL | undefined) => (await db.select({ total: count() }).from(exercise).where(where))[0]?.total ?? 0;
  let where = filters(query, search.matches);
  let total = await countOf(where);
  if (total === 0 && search.nearMisses) {
    where = filters(query, search.nearMisses);
    total = await countOf(where);
  }
  const pageCount = Math.max(1, Math.ceil(total / EXERCISE_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await db
    .select(summaryColumns)
    .from(exercise)
    .where(where)
    .orderBy(...search.order)
    .limit(EXERCISE_PAGE_SIZE)
    .offset((page - 1) * EXERCISE_PAGE_SIZE);
  return { items: rows.map(toSummary), total, page, pageCount };
}

/** An exercise as a picker offers it. */
export interface ExerciseChoice {
  id: string;
  name: string;
  measure: MeasureKey;
}

/**
 * The library for a picker (the program builder's block form, the workout screen's add and
 * swap): the library's search for `q` (every exercise when it is empty), best match
 * first, at most `limit`. Names and measures only, which anyone who programs or
 * trains may see: each caller checks its own rule first.
 */
export async function pickExercises(q: string, limit?: number): Promise<ExerciseChoice[]> {
  const search = searchOf(q);
  const pick = (where: SQL | undefined) => {
    const query = getDb().select({ id: exercise.id, name: exercise.name, measure: exercise.measure }).from(exercise).where(where).orderBy(...search.order);
    return limit === undefined ? query : query.limit(limit);
  };
  const found = await pick(search.matches);
  return found.length === 0 && search.nearMisses ? pick(search.nearMisses) : found;
}

/** May this actor edit or delete this exercise? Built-ins: nobody; trainers: their own; administrators: any staff-made one. */
function canChange(actor: Actor, row: { id: string; slug: string; createdById: string | null }): boolean {
  if (isBuiltIn(row)) return false;
  if (actor.role === "admin") return true;
  return actor.role === "trainer" && row.createdById === actor.id;
}

/** One exercise with its cues and demo, or a 404. */
export async function getExercise(actor: Actor, id: string): Promise<ExerciseDetail> {
  ensureCan(actor, "programs", "view");
  const [row] = await getDb()
    .select({ ...summaryColumns, cues: exercise.cues, demoImageId: exercise.demoImageId, videoUrl: exercise.videoUrl, createdById: exercise.createdById, createdByName: user.name })
    .from(exercise)
    .leftJoin(user, eq(user.id, exercise.createdById))
    .where(eq(exercise.id, id));
  if (!row) throw new AppError(404, EXERCISE_MESSAGES.notFound);
  const { cues, demoImageId, videoUrl, createdById, createdByName, ...summary } = row;
  const images = await getPictureImages([demoImageId]);
  return {
    ...toSummary(summary),
    cues: cues.split("\n").filter((line) => line.trim() !== ""),
    demoImageId,
    demoImage: (demoImageId && images.get(demoImageId)) || null,
    videoUrl,
    createdByName: isBuiltIn(row) ? null : createdByName,
    canChange: canChange(actor, { ...row, createdById }),
  };
}

/** The exercise the actor may change, or the refusal: 404 unknown, 403 built-in or another trainer's. */
async function changeable(actor: Actor, id: string) {
  ensureCan(actor, "exercises", "write");
  const [row] = await getDb()
    .select({ id: exercise.id, slug: exercise.slug, name: exercise.name, createdById: exercise.createdById })
    .from(exercise)
    .where(eq(exercise.id, id));
  if (!row) throw new AppError(404, EXERCISE_MESSAGES.notFound);
  if (isBuiltIn(row)) throw new AppError(403, EXERCISE_MESSAGES.builtInReadOnly);
  if (!canChange(actor, row)) throw new AppError(403, EXERCISE_MESSAGES.notYours);
  return row;
}

/** The edit form of an exercise the actor may change (404 unknown, 403 built-in or another trainer's). */
export async function getExerciseForm(actor: Actor, id: string): Promise<{ exercise: ExerciseDetail; values: ExerciseFormValues; defaultImage: StoredImage | null }> {
  await changeable(actor, id);
  const found = await getExercise(actor, id);
  return {
    exercise: found,
    values: {
      name: found.name,
      category: found.category,
      measure: found.measure,
      primaryMuscles: found.primaryMuscles,
      secondaryMuscles: found.secondaryMuscles,
      equipment: found.equipment,
      cues: found.cues.join("\n"),
      demoImageId: found.demoImageId ?? "",
      videoUrl: found.videoUrl ?? "",
    },
    defaultImage: found.demoImageId && found.demoImage ? { id: found.demoImageId, ...found.demoImage } : null,
  };
}

/** Names are unique in the library, whatever their case, so a trainer picking one is never unsure which. */
async function ensureNameFree(name: string, exceptId?: string): Promise<void> {
  const [taken] = await getDb()
    .select({ id: exercise.id })
    .from(exercise)
    .where(and(eq(sql`lower(${exercise.name})`, name.toLowerCase()), exceptId ? ne(exercise.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, "", { fieldErrors: { name: EXERCISE_MESSAGES.nameTaken } });
}

/** A demo image must be a stored image upload (else the foreign key would fail with a 500). */
async function ensureImageExists(imageId: string | null): Promise<void> {
  if (!imageId) return;
  const images = await getPictureImages([imageId]);
  if (!images.has(imageId)) throw new AppError(400, "", { fieldErrors: { demoImageId: EXERCISE_MESSAGES.imageGone } });
}

function columnsOf(values: ExerciseInput) {
  return {
    name: values.name,
    category: values.category,
    measure: values.measure,
    primaryMuscles: values.primaryMuscles,
    secondaryMuscles: values.secondaryMuscles,
    equipment: values.equipment,
    cues: values.cues.join("\n"),
    demoImageId: values.demoImageId,
    videoUrl: values.videoUrl,
  };
}

/** Adds a staff exercise (trainers and administrators); `input` is the form, checked here. */
export async function createExercise(actor: Actor, input: unknown): Promise<{ id: string; slug: string }> {
  ensureCan(actor, "exercises", "write");
  const values = exerciseSchema.parse(input);
  await ensureNameFree(values.name);
  await ensureImageExists(values.demoImageId);
  const id = crypto.randomUUID();
  const slug = staffSlug(values.name, id);
  await getDb()
    .insert(exercise)
    .values({ id, slug, ...columnsOf(values), createdById: actor.id });
  await recordAudit({ action: "content.created", actor, target: { type: "exercise", id }, summary: `Exercise "${values.name}" added` });
  return { id, slug };
}

/** Saves the form over a staff exercise the actor may change; the slug follows the name. */
export async function updateExercise(actor: Actor, id: string, input: unknown): Promise<{ id: string; slug: string }> {
  await changeable(actor, id);
  const values = exerciseSchema.parse(input);
  await ensureNameFree(values.name, id);
  await ensureImageExists(values.demoImageId);
  const slug = staffSlug(values.name, id);
  const updated = await getDb()
    .update(exercise)
    .set({ slug, ...columnsOf(values), updatedAt: new Date() })
    .where(eq(exercise.id, id))
    .returning({ id: exercise.id });
  if (updated.length === 0) throw new AppError(404, EXERCISE_MESSAGES.notFound);
  await recordAudit({ action: "content.updated", actor, target: { type: "exercise", id }, summary: `Exercise "${values.name}" updated` });
  return { id, slug };
}

/**
 * Deletes a staff exercise the actor may change. One that a program block, a performed
 * workout or a logged set uses is refused (409): deleting it would rewrite history.
 * The row is locked before the uses are counted: a workout or a program taking it up
 * meanwhile holds the row (FOR SHARE, or its foreign key's lock) and either commits
 * first, so its use is counted, or waits and then finds the exercise gone.
 */
export async function deleteExercise(actor: Actor, id: string): Promise<{ name: string }> {
  const row = await changeable(actor, id);
  await getDb().transaction(async (tx) => {
    const [locked] = await tx.select({ id: exercise.id }).from(exercise).where(eq(exercise.id, id)).for("update");
    if (!locked) throw new AppError(404, EXERCISE_MESSAGES.notFound);
    for (const table of [programBlock, workoutExercise, setLog]) {
      const [use] = await tx.select({ one: sql`1` }).from(table).where(eq(table.exerciseId, id)).limit(1);
      if (use) throw new AppError(409, EXERCISE_MESSAGES.inUse);
    }
    await tx.delete(exercise).where(eq(exercise.id, id));
  });
  await recordAudit({ action: "content.deleted", actor, target: { type: "exercise", id }, summary: `Exercise "${row.name}" deleted` });
  return { name: row.name };
}
