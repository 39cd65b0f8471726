/**
 * A member's data as one ZIP (decision 0081): a JSON file for every table of the catalogue,
 * CSVs of what a spreadsheet user wants, their photos and message images as files, and a
 * README. Written to a file on disk as it is made: rows are read a page at a time and each
 * image is opened only when the ZIP reaches it, so years of workouts or a thousand photos
 * never sit in memory together.
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { sql, type SQL } from "drizzle-orm";
import { ZipFile } from "yazl";
import { getDb } from "~/db/client.server";
import { checkIn } from "~/db/schema/check-ins";
import { exercise } from "~/db/schema/exercises";
import { message } from "~/db/schema/messages";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import { progressPhoto } from "~/db/schema/progress-photos";
import { trainingSession } from "~/db/schema/training-sessions";
import type { UploadVariant } from "~/db/schema/uploads";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { getStorage } from "~/lib/storage.server";
import { csvCell } from "~/modules/progress/progress-csv.server";
import { catalogue, isPersonal, primaryKeyOf, tableName, type Member, type PersonalTable } from "./catalogue.server";

/** Rows read per query: enough to keep the queries few, small enough to keep memory flat. */
const PAGE = 500;

type Row = Record<string, unknown>;

async function rowsOf(query: SQL): Promise<Row[]> {
  return ((await getDb().execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Every row of `query` (which must end in ORDER BY), a page at a time. */
async function* paged(query: SQL): AsyncGenerator<Row> {
  for (let offset = 0; ; offset += PAGE) {
    const rows = await rowsOf(sql`${query} limit ${PAGE} offset ${offset}`);
    yield* rows;
    if (rows.length < PAGE) return;
  }
}

/** An address that says nothing: none, 'unknown', or all zeros (better-auth keeps an IPv6 client's /64 only, and ::1's is all zeros). */
const placeholderAddress = (column: SQL | ReturnType<typeof sql.identifier>) => sql`(coalesce(${column}, '') ~ '^[0:.]*$' or lower(${column}) = 'unknown')`;

function tableQuery(entry: PersonalTable, m: Member): SQL {
  const t = sql.identifier(tableName(entry.table));
  const omit = entry.omit?.length ? sql` - array[${sql.join(entry.omit.map((c) => sql`${c}`), sql`, `)}]::text[]` : sql``;
  const addresses = (entry.addresses ?? []).map((c) => sql` - (case when ${placeholderAddress(sql.identifier(c))} then ${c}::text else ''::text end)`);
  const order = primaryKeyOf(entry.table).map((c) => sql.identifier(c));
  return sql`select to_jsonb(${t})${omit}${sql.join(addresses)} as row from ${t} where ${entry.rows(m)} order by ${sql.join(order, sql`, `)}`;
}

/** A JSON array of the table's rows for the member, one row per line. */
async function* jsonRows(entry: PersonalTable, m: Member): AsyncGenerator<Buffer> {
  let first = true;
  yield Buffer.from("[");
  for await (const r of paged(tableQuery(entry, m))) {
    yield Buffer.from(`${first ? "\n" : ",\n"}${JSON.stringify(r.row)}`);
    first = false;
  }
  yield Buffer.from("\n]\n");
}

interface CsvFile {
  name: string;
  what: string;
  header: string[];
  query: (m: Member) => SQL;
}

const csvFiles: CsvFile[] = [
  {
    name: "progress-entries.csv",
    what: "every number you logged: date, what, value in kg, % or cm, sets, reps, notes",
    header: ["Date", "Kind", "Value (kg, % or cm)", "Sets", "Reps", "Notes"],
    query: (m) =>
      sql`select ${progressEntry.recordedOn} as a, ${progressEntry.kind} as b, ${progressEntry.value} as c, ${progressEntry.sets} as d, ${progressEntry.reps} as e, ${progressEntry.notes} as f
        from ${progressEntry} where ${progressEntry.userId} = ${m.id} order by ${progressEntry.recordedOn}, ${progressEntry.id}`,
  },
  {
    name: "workout-sets.csv",
    what: "every set of every workout: date, workout, exercise, set number, weight in kg, reps, RPE, time, distance",
    header: ["Date", "Workout", "Exercise", "Set", "Weight (kg)", "Reps", "RPE", "Seconds", "Metres"],
    query: (m) =>
      sql`select ${workout.performedOn} as a, ${workout.title} as b, ${exercise.name} as c, ${setLog.setNumber} as d, ${setLog.weightKg} as e, ${setLog.reps} as f, ${setLog.rpe} as g, ${setLog.durationSeconds} as h, ${setLog.distanceMeters} as i
        from ${setLog} join ${workoutExercise} on ${workoutExercise.id} = ${setLog.workoutExerciseId} join ${workout} on ${workout.id} = ${workoutExercise.workoutId} join ${exercise} on ${exercise.id} = ${setLog.exerciseId}
        where ${setLog.userId} = ${m.id} order by ${workout.performedOn}, ${workout.startedAt}, ${workoutExercise.position}, ${setLog.setNumber}, ${setLog.id}`,
  },
  {
    name: "check-ins.csv",
    what: "your weekly check-ins: week, weight in kg, the 1-5 scales, nutrition %, your words, the coach's reply",
    header: ["Week of", "Weight (kg)", "Sleep", "Energy", "Stress", "Hunger", "Nutrition %", "Wins", "Struggles", "Question", "Planned workouts", "Logged workouts", "Sent", "Coach's reply", "Reviewed"],
    query: (m) =>
      sql`select ${checkIn.weekOf} as a, (select ${progressEntry.value} from ${progressEntry} where ${progressEntry.id} = ${checkIn.weightEntryId}) as b, ${checkIn.sleep} as c, ${checkIn.energy} as d, ${checkIn.stress} as e, ${checkIn.hunger} as f,
          ${checkIn.nutritionAdherence} as g, ${checkIn.wins} as h, ${checkIn.struggles} as i, ${checkIn.question} as j, ${checkIn.plannedWorkouts} as k, ${checkIn.loggedWorkouts} as l, ${checkIn.submittedAt} as m, ${checkIn.reply} as n, ${checkIn.reviewedAt} as o
        from ${checkIn} where ${checkIn.userId} = ${m.id} order by ${checkIn.weekOf}, ${checkIn.id}`,
  },
  {
    name: "training-sessions.csv",
    what: "your one-to-one sessions: start (UTC), minutes, type, place, status, description",
    header: ["Starts (UTC)", "Minutes", "Type", "Location", "Status", "Description"],
    query: (m) =>
      sql`select ${trainingSession.startsAt} as a, ${trainingSession.durationMinutes} as b, ${trainingSession.type} as c, ${trainingSession.location} as d, ${trainingSession.status} as e, ${trainingSession.description} as f
        from ${trainingSession} where ${trainingSession.memberId} = ${m.id} order by ${trainingSession.startsAt}, ${trainingSession.id}`,
  },
  {
    name: "goals.csv",
    what: "your goals: title, description, target date, status, completed",
    header: ["Title", "Description", "Target date", "Status", "Completed"],
    query: (m) =>
      sql`select ${fitnessGoal.title} as a, ${fitnessGoal.description} as b, ${fitnessGoal.targetDate} as c, ${fitnessGoal.status} as d, ${fitnessGoal.completedAt} as e
        from ${fitnessGoal} where ${fitnessGoal.userId} = ${m.id} order by ${fitnessGoal.createdAt}, ${fitnessGoal.id}`,
  },
];

const cell = (value: unknown) => csvCell(value instanceof Date ? value.toISOString() : (value as string | number | null | undefined));

async function* csvRows(file: CsvFile, m: Member): AsyncGenerator<Buffer> {
  yield Buffer.from(`${file.header.map(cell).join(",")}\r\n`);
  for await (const r of paged(file.query(m))) yield Buffer.from(`${Object.values(r).map(cell).join(",")}\r\n`);
}

/** The largest JPEG of an image's variants (any format when there is no JPEG): the file a person can open anywhere. */
function bestVariant(variants: readonly UploadVariant[]): UploadVariant | undefined {
  const jpegs = variants.filter((v) => v.format === "jpeg");
  return [...(jpegs.length > 0 ? jpegs : variants)].sort((a, b) => b.width - a.width)[0];
}

const extensionOf = (v: UploadVariant) => (v.format === "jpeg" ? "jpg" : v.format);

interface ImageFile {
  name: string;
  key: string;
}

async function imageFiles(m: Member): Promise<ImageFile[]> {
  const photos = await getDb()
    .select({ takenOn: progressPhoto.takenOn, pose: progressPhoto.pose, id: progressPhoto.id, variants: progressPhoto.variants })
    .from(progressPhoto)
    .where(sql`${progressPhoto.userId} = ${m.id}`)
    .orderBy(progressPhoto.takenOn, progressPhoto.createdAt, progressPhoto.id);
  const images = await getDb()
    .select({ seq: message.seq, createdAt: message.createdAt, image: message.image })
    .from(message)
    .where(sql`${message.memberId} = ${m.id} and ${message.image} is not null`)
    .orderBy(message.seq);
  const files: ImageFile[] = [];
  const taken = new Map<string, number>();
  for (const p of photos) {
    const v = bestVariant(p.variants);
    if (!v) continue;
    // Dates first, so the files sort by date; a second photo of a pose on a date is numbered.
    const base = `photos/${p.takenOn}-${p.pose}`;
    const n = (taken.get(base) ?? 0) + 1;
    taken.set(base, n);
    files.push({ name: `${base}${n > 1 ? `-${n}` : ""}.${extensionOf(v)}`, key: v.key });
  }
  for (const i of images) {
    const v = i.image ? bestVariant(i.image.variants) : undefined;
    if (v) files.push({ name: `message-images/${i.createdAt.toISOString().slice(0, 10)}-message-${i.seq}.${extensionOf(v)}`, key: v.key });
  }
  return files;
}

function readme(m: Member & { name: string }, madeAt: Date, tables: PersonalTable[]): string {
  return [
    `Your data, as ${m.name} <${m.email}>, made ${madeAt.toISOString()} (UTC).`,
    "",
    "data/   one JSON file per table of the site's database that holds something of yours:",
    "        each is a list of rows, one row per line, with the database's own column names.",
    "        Passwords, sign-in tokens and two-factor secrets are left out.",
    ...tables.map((t) => `        ${`data/${tableName(t.table)}.json`.padEnd(42)} ${t.how}`),
    "",
    "csv/    the same data in spreadsheet form (weights in kg, measurements in cm, times in UTC):",
    ...csvFiles.map((f) => `        ${`csv/${f.name}`.padEnd(42)} ${f.what}`),
    "",
    "photos/          your progress photos, named date-pose.jpg",
    "message-images/  the images of your conversation with the coach, named date-message-number.jpg",
    "",
    "Not in this file: what the site keeps for its own working (e-mails waiting to be sent, counts of",
    "failed sign-ins, links waiting to be used). It is deleted with your account.",
    "",
  ].join("\r\n");
}

/** Writes the member's archive to `file`; resolves once it is complete on disk. */
export async function writeMemberArchive(m: Member & { name: string }, file: string, madeAt: Date): Promise<void> {
  const zip = new ZipFile();
  const out = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
  // A query or a stored file that fails ends the archive with that error (the job retries).
  const failed = new Promise<never>((_, reject) => zip.on("error", reject));
  zip.outputStream.pipe(out);
  const options = { mtime: madeAt };
  const tables = catalogue.filter(isPersonal).filter((entry) => !entry.internal);
  zip.addBuffer(Buffer.from(readme(m, madeAt, tables)), "README.txt", options);
  // Lazily: each entry's query or file is opened only when the ZIP reaches it.
  const lazy = (name: string, open: () => Promise<Readable> | Readable) =>
    zip.addReadStreamLazy(name, options, (done) => {
      Promise.resolve(open()).then(
        (stream) => {
          stream.on("error", (error) => zip.emit("error", error));
          done(null, stream);
        },
        (error: Error) => done(error, undefined as never),
      );
    });
  for (const entry of tables) lazy(`data/${tableName(entry.table)}.json`, () => Readable.from(jsonRows(entry, m), { objectMode: false }));
  for (const csv of csvFiles) lazy(`csv/${csv.name}`, () => Readable.from(csvRows(csv, m), { objectMode: false }));
  for (const image of await imageFiles(m)) {
    lazy(image.name, async () => {
      const stored = await getStorage().get(image.key);
      if (!stored) throw new Error(`A stored image is missing: ${image.key}`);
      return stored.body;
    });
  }
  zip.end();
  try {
    await Promise.race([finished(out), failed]);
  } finally {
    out.destroy();
  }
}
