/**
 * Fuzzing every action and form endpoint over real HTTP (fast-check): wrong types,
 * missing and extra fields, huge strings, any Unicode (lone surrogates, RTL marks, NUL),
 * arrays for strings, malformed JSON, urlencoded and multipart bodies, wrong content
 * types. Properties: never a 5xx; a refusal (4xx) carries a clear message; and a
 * refusal writes nothing (a trigger on every table notes each row written, rate-limit
 * counters aside).
 *
 * The endpoints and their starting bodies are in fuzz-actions-table.ts. The seed is fixed
 * (FUZZ_SEED overrides it) and printed with any counterexample.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as UsersModule from "~/modules/users/users.server";
import type * as ProfileModule from "~/modules/users/profile.server";
import type * as ArticlesModule from "~/modules/articles/articles.server";
import type * as SessionsModule from "~/modules/training-sessions/training-sessions.server";
import type * as ContactsModule from "~/modules/contacts/contacts.server";
import type * as IntakeFixture from "~/modules/contacts/intake.fixture";
import type * as InvitationsModule from "~/modules/invitations/invitations.server";
import type * as ExercisesModule from "~/modules/exercises/exercises.server";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import { program, programBlock, programDay, programWeek } from "~/db/schema/programs";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { SESSION_LIMITS } from "~/modules/workouts/set-rules";
import { bodyFor, describeBody, noteWrites, requestInit, startApp, type GeneratedBody, type RunningApp, type WriteNotes } from "./fuzz-harness";
import { accounts, endpoints, staffWorkout, today, trainedCopy, type FuzzIds, type Who } from "./fuzz-actions-table";
import { sessionCookie } from "../support/sign-in";

/** The PostgreSQL pass tries half as many cases of its own seed: other inputs than PGlite's, within the time CI has. */
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.DATABASE_URL ? 20_260_922 : 20_260_921));
const RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 4) / (process.env.DATABASE_URL ? 2 : 1));
const PASSWORD = "Fuzz-password-123";

let app: RunningApp;
let writes: WriteNotes | undefined;
const cookies: Record<Who, string> = {
  visitor: "",
  member: "",
  trainer: "",
  admin: "",
};
const ids: FuzzIds = {
  member: "",
  trainer: "",
  admin: "",
  target: "",
  article: "",
  session: "",
  entry: "",
  goal: "",
  submission: "",
  invitation: "",
  exercise: "",
  workout: "",
  workoutExercise: "",
  fullWorkoutExercise: "",
  set: "",
  finishedWorkout: "",
};
let address = 0;

/** Every request from its own address: the limits count per address, and we want the handler. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/**
 * The answer, uncompressed: gzip costs the fuzzing time and proves nothing here. A refused
 * oversize body gets its whole answer too (server/unread-bodies.ts).
 */
function post(path: string, who: Who, init: { headers: Record<string, string>; body?: BodyInit }): Promise<Response> {
  return fetch(`${app.base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: app.origin, "accept-encoding": "identity", "x-forwarded-for": nextAddress(), ...(cookies[who] ? { cookie: cookies[who] } : {}), ...init.headers },
    body: init.body,
    signal: AbortSignal.timeout(30_000),
  });
}

/** A refusal says why: JSON {error} or {message}, a text, or a page with an alert or an error heading. */
function clearMessage(contentType: string, text: string): boolean {
  if (contentType.includes("application/json")) {
    try {
      const body = JSON.parse(text) as { error?: unknown; message?: unknown };
      return (
        (typeof body.error === "string" && body.error.length > 0) ||
        (typeof body.message === "string" && body.message.length > 0)
      );
    } catch {
      return false;
    }
  }
  if (contentType.includes("text/html")) {
    // Shown (an alert, a marked field) or carried in the page's action data for its toast.
    return /role="alert"|aria-invalid="true"|\\?"(?:error|message|fieldErrors|invalid)\\?"/.test(text);
  }
  return text.trim().length > 0;
}


beforeAll(async () => {
  app = await startApp();
  const users = await app.load<typeof UsersModule>(
    "/app/modules/users/users.server.ts",
  );
  const profiles = await app.load<
    typeof ProfileModule
  >("/app/modules/users/profile.server.ts");
  for (const [key, email] of Object.entries(accounts)) {
    const role = key === "trainer" || key === "admin" ? key : "member";
    const created = await users.createUserWithPassword({
      email,
      password: PASSWORD,
      name: `Fuzz ${key}`,
      role,
    });
    await profiles.completeOwnProfile(created, {
      fullName: `Fuzz ${key}`,
      location: "Leeds",
      interests: "Lifting",
      experience: "Some",
      goals: "More",
    });
    ids[key as keyof typeof accounts] = created.id;
  }
  for (const who of ["member", "trainer", "admin"] as const)
    cookies[who] = await sessionCookie(accounts[who], PASSWORD, { base: app.base, headers: { "x-forwarded-for": nextAddress() } });

  const trainer = {
    id: ids.trainer,
    email: accounts.trainer,
    role: "trainer" as const,
  };
  const admin = {
    id: ids.admin,
    email: accounts.admin,
    role: "admin" as const,
  };
  const articles = await app.load<
    typeof ArticlesModule
  >("/app/modules/articles/articles.server.ts");
  ids.article = (
    await articles.createArticle(trainer, {
      title: "Fuzz target",
      excerpt: "",
      content: "Body",
      category: "Training",
      membersOnly: false,
      imageId: null,
      readTime: 4,
      published: true,
    })
  ).id;
  const exercises = await app.load<typeof ExercisesModule>("/app/modules/exercises/exercises.server.ts");
  ids.exercise = (
    await exercises.createExercise(trainer, { name: "Fuzz Squat", category: "strength", measure: "weight_reps", primaryMuscles: ["quads"], equipment: ["barbell"] })
  ).id;
  const sessions = await app.load<
    typeof SessionsModule
  >("/app/modules/training-sessions/training-sessions.server.ts");
  const future = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
  }).format(new Date(Date.now() + 7 * 86_400_000));
  ids.session = (
    await sessions.createTrainingSession(trainer, {
      memberId: ids.member,
      date: future,
      time: "09:00",
      duration: "60",
      type: "Strength",
    })
  ).id;
  const contacts = await app.load<
    typeof ContactsModule
  >("/app/modules/contacts/contacts.server.ts");
  const { validApplication } = await app.load<
    typeof IntakeFixture
  >("/app/modules/contacts/intake.fixture.ts");
  ids.submission = (await contacts.submitApplication(validApplication)).id;
  const invitations = await app.load<
    typeof InvitationsModule
  >("/app/modules/invitations/invitations.server.ts");
  ids.invitation = (
    await invitations.createInvitation(admin, {
      name: "Invited",
      email: "invited@fuzz.test",
      role: "member",
      contactSubmissionId: "",
    })
  ).id;
  for (const form of [
    { intent: "log-body", type: "weight", value: "180", date: today() },
    { intent: "set-goal", title: "Fuzz goal", description: "Hold on to it" },
    { intent: "log-workout", exercise: "squat", sets: "3", reps: "5", weight: "200", date: today() },
  ] as Array<Record<string, string>>) {
    const response = (await post("/members/progress", "member", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    }))!;
    expect(
      response.status,
      `${form.intent}: ${(await response.text()).slice(0, 300)}`,
    ).toBe(200);
  }
  ids.entry = (
    await app.database.db
      .select({ id: progressEntry.id })
      .from(progressEntry)
      .where(eq(progressEntry.userId, ids.member))
  )[0]!.id;
  ids.goal = (
    await app.database.db
      .select({ id: fitnessGoal.id })
      .from(fitnessGoal)
      .where(eq(fitnessGoal.userId, ids.member))
  )[0]!.id;
  // The member's workout under way, with one exercise and one logged set (the workout screen's intents name them).
  const db = app.database.db;
  // The member's finished workout (their own 'Log Workout' made it): what a coach comments on.
  ids.finishedWorkout = (await db.select({ id: workout.id }).from(workout).where(and(eq(workout.userId, ids.member), isNotNull(workout.finishedAt))))[0]!.id;
  Object.assign(ids, { workout: "fuzz-workout", workoutExercise: "fuzz-workout-exercise", set: "fuzz-set" });
  await db.insert(workout).values({ id: ids.workout, userId: ids.member, title: "Workout", performedOn: today() });
  await db.insert(workoutExercise).values({ id: ids.workoutExercise, workoutId: ids.workout, exerciseId: "bench-press", position: 0, plannedSets: 3, status: "done" });
  await db.insert(setLog).values({ id: ids.set, workoutExerciseId: ids.workoutExercise, userId: ids.member, exerciseId: "bench-press", performedOn: today(), setNumber: 1, weightKg: 60, reps: 5 });
  // At the limits: an exercise with its 30 sets, and the workout one exercise short of its limit (the first valid add fills it).
  ids.fullWorkoutExercise = "fuzz-full-exercise";
  await db.insert(workoutExercise).values([
    { id: ids.fullWorkoutExercise, workoutId: ids.workout, exerciseId: "squat", position: 1, plannedSets: 30, status: "done" },
    ...Array.from({ length: SESSION_LIMITS.exercises - 3 }, (_, i) => ({ id: `fuzz-filler-${i}`, workoutId: ids.workout, exerciseId: "squat", position: i + 2, plannedSets: 3 })),
  ]);
  await db
    .insert(setLog)
    .values(Array.from({ length: 30 }, (_, i) => ({ id: `fuzz-full-set-${i}`, workoutExerciseId: ids.fullWorkoutExercise, userId: ids.member, exerciseId: "squat", performedOn: today(), setNumber: i + 1, weightKg: 100, reps: 5 })));
  await db.insert(workout).values({ id: staffWorkout, userId: ids.admin, title: "Admin's own", performedOn: today(), finishedAt: new Date() });
  // The member's copy with a trained day (fuzz-actions-table.ts: trainedCopy).
  const c = trainedCopy;
  await db.insert(program).values({ id: c.program, name: "Fuzz copy", memberId: ids.member, startDate: today() });
  await db.insert(programWeek).values([
    { id: c.openWeek, programId: c.program, position: 0 },
    { id: c.trainedWeek, programId: c.program, position: 1 },
  ]);
  await db.insert(programDay).values([
    { id: c.openDay, programId: c.program, weekId: c.openWeek, dayIndex: 0, title: "Pull" },
    { id: c.trainedDay, programId: c.program, weekId: c.trainedWeek, dayIndex: 0, title: "Push" },
  ]);
  await db.insert(programBlock).values([
    { id: c.openBlock, dayId: c.openDay, position: 0, exerciseId: "pull-up", sets: 3, repsMin: 8, repsMax: 8 },
    ...c.trainedBlocks.map((id, position) => ({ id, dayId: c.trainedDay, position, exerciseId: "bench-press", groupKey: c.trainedGroup, groupKind: "superset" as const, sets: 3, repsMin: 8, repsMax: 8 })),
  ]);
  await db.insert(workout).values({ id: c.workout, userId: ids.member, programDayId: c.trainedDay, title: "Push", performedOn: today(), finishedAt: new Date() });
  writes = await noteWrites(app.database);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await writes?.stop();
});

describe("fuzzing every action and form endpoint", () => {
  it("never answers 5xx, explains every refusal and writes nothing when it refuses", async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const endpoint of endpoints(ids)) {
      // What the endpoint before wrote when it accepted a body.
      await writes!.take();
      let problem = "";
      try {
        await fc.assert(
          fc.asyncProperty(
            bodyFor(endpoint.base, endpoint.pools),
            async (body: GeneratedBody) => {
              requests += 1;
              const response = await post(
                endpoint.path,
                endpoint.who,
                requestInit(body),
              );
              const text = await response.text();
              const status = response.status;
              const fail = (why: string) => {
                problem = `${describeBody(body)}\n  → ${status} ${why}: ${text.slice(0, 300)}`;
                return false;
              };
              if (status >= 500) return fail("server error");
              const written = await writes!.take();
              if (status >= 400) {
                if (!clearMessage(response.headers.get("content-type") ?? "", text))
                  return fail("without a clear message");
                const changed = new Set(written.filter((w) => !endpoint.refusalWrites?.includes(w.table)).map((w) => `${w.table} (${w.operation.toLowerCase()})`));
                if (changed.size > 0) return fail(`but it wrote: ${[...changed].join(", ")}`);
              }
              return true;
            },
          ),
          { seed: SEED, numRuns: RUNS },
        );
      } catch (error) {
        // fast-check has shrunk the body; `problem` is the smallest failing one it tried.
        const replay = /path: "([^"]*)"/.exec(String(error))?.[1] ?? "";
        failures.push(
          `${endpoint.name} (POST ${endpoint.path} as ${endpoint.who}), seed ${SEED}, path "${replay}":\n  ${problem}`,
        );
      }
    }
    expect(requests).toBeGreaterThan(endpoints(ids).length * RUNS * 0.9);
    expect(failures, failures.join("\n\n")).toEqual([]);
  }, 600_000);
});
