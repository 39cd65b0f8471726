/**
 * Run by `npm run bench` and `npm run load` (with tsx) before the server opens the same
 * DATA_DIR (or DATABASE_URL): seeds the benchmark data and, with BENCH_MEASURE=1, takes
 * the in-process measurements, written as JSON to BENCH_OUT (with the heavy member's
 * workout under way, which the HTTP measurements log sets into):
 * - one password hash and one verification (better-auth's scrypt),
 * - the member dashboard's, the Progress section's and the workout screen's loaders vs the
 *   SQL they send,
 * - a bare renderToString of the home page (the built server bundle, no HTTP).
 */
import fs from "node:fs";
import path from "node:path";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRequestHandler, ServerRouter, type ServerBuild } from "react-router";
import { eq } from "drizzle-orm";
import { getDb, openDatabase, setDatabase } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { getEnv } from "~/lib/env.server";
import { syncExerciseCatalogue } from "~/modules/exercises/catalogue-sync.server";
import type { SessionUser } from "~/auth/session.server";
import { loadNutritionInsights } from "~/modules/nutrition/member-nutrition.server";
import { getProgressOverview, getProgressSnapshot } from "~/modules/progress/progress-overview.server";
import { countTrainingSessions, getNextTrainingSessions } from "~/modules/training-sessions/training-sessions.server";
import { LIFT_EXERCISES } from "~/modules/exercises/lifts";
import { getTodayCard } from "~/modules/workouts/training-plan.server";
import { getWorkoutScreen } from "~/modules/workouts/workout-screen.server";
import { addExercise, logSet } from "~/modules/workouts/workout-session.server";
import { startWorkout } from "~/modules/workouts/workout-start.server";
import { requestContext } from "~/lib/request-context";
import { BENCH_PASSWORD, HEAVY_EMAIL, memberEmail, seedBenchData } from "./fixtures";
import { loaderVsSql, medianMs } from "./loader-vs-sql";

export interface InProcessResults {
  /** The heavy member's ad-hoc workout under way and its exercises' ids (the set-logging benchmark's targets). */
  workout: BenchWorkout;
  /** One workout under way per ordinary member (the phones logging sets at the same moment). */
  setWorkouts: SetWorkout[];
  hashMs: number;
  verifyMs: number;
  loaders: { name: string; loaderMs: number; sqlMs: number; statements: number }[];
  bareRenderMs: number;
  /** The home page's loaders (root and home) through React Router, without rendering. */
  loadersOnlyMs: number;
  inProcessSsrMs: number;
}

const heavyActor = (heavyId: string): SessionUser => ({ id: heavyId, email: HEAVY_EMAIL, name: "Heavy Member", role: "member", weightUnit: "lbs", profileComplete: true });

export interface BenchWorkout {
  id: string;
  exerciseIds: string[];
}

export interface SetWorkout extends BenchWorkout {
  email: string;
}

/** Exercises in each ordinary member's workout: room for the sets logged (30 each at most). */
const SET_WORKOUT_EXERCISES = 10;

/** Each ordinary member's ad-hoc workout under way, of the seven lifts in turn. */
async function prepareSetWorkouts(members: number): Promise<SetWorkout[]> {
  const lifts: string[] = Object.values(LIFT_EXERCISES);
  const workouts: SetWorkout[] = [];
  for (let m = 0; m < members; m++) {
    const email = memberEmail(m);
    const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email));
    const actor: SessionUser = { id: row!.id, email, name: `Bench Member ${m}`, role: "member", weightUnit: "kg", profileComplete: true };
    const { workoutId } = await startWorkout(actor, {});
    const exerciseIds: string[] = [];
    for (let i = 0; i < SET_WORKOUT_EXERCISES; i++) exerciseIds.push((await addExercise(actor, workoutId, { exerciseId: lifts[i % lifts.length]! })).workoutExerciseId);
    workouts.push({ email, id: workoutId, exerciseIds });
  }
  return workouts;
}

/** Exercises in the benchmark's workout: a long session's worth. */
const BENCH_WORKOUT_EXERCISES = 8;

/**
 * The heavy member's ad-hoc workout under way: the seven lifts and the bench press again
 * (their 3 years of history give 'last time' and suggestions something to read), one set
 * logged in the first.
 */
async function prepareWorkout(heavyId: string): Promise<BenchWorkout> {
  const actor = heavyActor(heavyId);
  const { workoutId } = await startWorkout(actor, {});
  const lifts: string[] = Object.values(LIFT_EXERCISES);
  const exerciseIds: string[] = [];
  for (let i = 0; i < BENCH_WORKOUT_EXERCISES; i++) {
    exerciseIds.push((await addExercise(actor, workoutId, { exerciseId: lifts[i % lifts.length]! })).workoutExerciseId);
  }
  await logSet(actor, workoutId, { workoutExerciseId: exerciseIds[0], weight: "185", reps: "5" });
  return { id: workoutId, exerciseIds };
}

async function measureLoaders(heavyId: string, workoutId: string) {
  const actor = heavyActor(heavyId);
  // The same calls as the dashboard's loader (app/routes/members._index.tsx).
  const dashboard = () => Promise.all([getTodayCard(actor), countTrainingSessions(actor), getNextTrainingSessions(actor, 3), loadNutritionInsights(actor), getProgressSnapshot(actor)]);
  return [
    await loaderVsSql("Dashboard (members._index.tsx)", dashboard),
    await loaderVsSql("Workout screen, 8 exercises (getWorkoutScreen)", () => getWorkoutScreen(actor, workoutId)),
    await loaderVsSql("Progress, 3 months (getProgressOverview)", () => getProgressOverview(actor, { range: "3m" })),
    await loaderVsSql("Progress, all time (getProgressOverview)", () => getProgressOverview(actor, { range: "all" })),
  ];
}

/** The React Router server build inside our bundle (server/application.ts imports it lazily: its own chunk). */
async function loadServerBuild(): Promise<ServerBuild> {
  const chunks = fs.readdirSync("build/server/assets").filter((name) => /^server-build-[\w-]+\.js$/.test(name));
  if (chunks.length !== 1) throw new Error(`Expected one server-build chunk in build/server/assets, found ${chunks.length}`);
  // The chunk is the server build itself (virtual:react-router/server-build).
  return (await import(path.resolve("build/server/assets", chunks[0]!))) as ServerBuild;
}

/**
 * The home page rendered without the server: the route's loaders run once (through the
 * built bundle's own database connection) and the captured router context is rendered
 * with renderToString again and again. Also the whole in-process request (loaders and
 * the streaming render of entry.server) without HTTP.
 */
async function measureRender() {
  const bundle = (await import(path.resolve("build/server/index.js"))) as {
    boot: (o: { assets: { dir: string } }) => Promise<{ database: { close(): Promise<void> }; stopJobs(): void }>;
  };
  const booted = await bundle.boot({ assets: { dir: path.resolve("build/client") } });
  try {
    const build = await loadServerBuild();
    const url = `${getEnv().BASE_URL}/`;
    let captured: unknown;
    const capturing: ServerBuild = {
      ...build,
      entry: {
        module: {
          ...build.entry.module,
          default: (_request, _status, _headers, context) => {
            captured = context;
            return new Response("");
          },
        },
      },
    };
    const loadersOnly = createRequestHandler(capturing, "production");
    await loadersOnly(new Request(url), requestContext("bench"));
    if (!captured) throw new Error("The home page did not render");
    const loadersOnlyMs = await medianMs(() => loadersOnly(new Request(url), requestContext("bench")), 100, 10);
    // The component tree only: the loader data React Router streams after it is left out.
    const context = { ...(captured as object), serverHandoffStream: undefined } as never;
    const render = async () => renderToString(createElement(ServerRouter, { context, url, nonce: "bench" }));
    const bareRenderMs = await medianMs(render, 200, 20);
    const handler = createRequestHandler(build, "production");
    const inProcessSsrMs = await medianMs(async () => (await handler(new Request(url), requestContext("bench"))).text(), 100, 10);
    return { bareRenderMs, loadersOnlyMs, inProcessSsrMs };
  } finally {
    booted.stopJobs();
    await booted.database.close();
  }
}

async function main() {
  const env = getEnv();
  const measure = process.env.BENCH_MEASURE === "1";
  const database = await openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL, max: 4 } : { kind: "pglite", dataDir: env.DATA_DIR });
  let results: Partial<InProcessResults> = {};
  try {
    setDatabase(database);
    await database.migrate();
    await syncExerciseCatalogue(database.db);
    const members = Number(process.env.BENCH_MEMBERS ?? 10);
    const { heavyId } = await seedBenchData(members);
    results.workout = await prepareWorkout(heavyId);
    results.setWorkouts = await prepareSetWorkouts(members);
    if (measure) {
      const hash = await hashPassword(BENCH_PASSWORD);
      results.hashMs = await medianMs(() => hashPassword(BENCH_PASSWORD), 15, 2);
      results.verifyMs = await medianMs(() => verifyPassword({ hash, password: BENCH_PASSWORD }), 15, 2);
      results.loaders = await measureLoaders(heavyId, results.workout.id);
    }
  } finally {
    await database.close();
  }
  if (measure) results = { ...results, ...(await measureRender()) };
  if (process.env.BENCH_OUT) fs.writeFileSync(process.env.BENCH_OUT, JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
