/**
 * The workout screen of the heavy member (3 years of logged lifts) and set logging by the
 * ordinary members, over HTTP: the screen's throughput, the set-logging action's latency
 * at 20 connections (POST /members/workouts/:id/sync with a fresh idempotency key per set,
 * as the screen's queue sends every set: the action alone, no page render), and the
 * JavaScript the screen loads.
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import type { BenchWorkout, SetWorkout } from "./in-process";
import { signIn, throughput } from "./http";
import { BENCH_PASSWORD } from "./fixtures";
import { pageJavaScript } from "./lighthouse";

/** Sets logged by the latency run, spread over the members' workouts and their exercises (at most 30 sets each). */
const SETS_LOGGED = 1000;
/** Sets logged first, as a freshly started server meets them (five rounds of the 20 connections). */
const COLD_SETS = 100;
/**
 * Seconds before autocannon gives a set up. Far above the 10 s of the other runs: the
 * first sets after a start have taken 10 s, and a set given up would drop out of the
 * figures instead of showing in them.
 */
const SET_TIMEOUT_SECONDS = 60;

export interface WorkoutBench {
  screen: { rps: number; p99: number };
  logSet: { rps: number; p50: number; p99: number; sets: number };
  /** The first sets after the server started, before the measured ones. */
  coldLogSet: { sets: number; p50: number; p99: number; max: number };
  js: Awaited<ReturnType<typeof pageJavaScript>>;
}

export async function benchWorkout(options: {
  origin: string;
  cookie: string;
  workout: BenchWorkout;
  setWorkouts: SetWorkout[];
  connections: number;
  setConnections: number;
  duration: number;
}): Promise<WorkoutBench> {
  const { origin, cookie, workout } = options;
  const path = `/members/workouts/${workout.id}`;
  const page = await fetch(`${origin}${path}`, { headers: { cookie } });
  if (page.status !== 200) throw new Error(`${path} answered ${page.status} to the heavy member`);
  const screen = await throughput({ url: `${origin}${path}`, connections: options.connections, duration: options.duration, headers: { cookie } });

  // Each ordinary member logs into their own workout, as phones in a gym do; the sets go
  // to the members in turn, and within a member's workout to its exercises in turn.
  const loggers = await Promise.all(options.setWorkouts.map(async (w) => ({ ...w, cookie: await signIn(origin, w.email, BENCH_PASSWORD) })));
  let next = 0;
  const logSets = async (amount: number) => {
    const run = await autocannon({
      url: `${origin}/`,
      connections: options.setConnections,
      amount,
      timeout: SET_TIMEOUT_SECONDS,
      requests: [
        {
          method: "POST",
          setupRequest: (request) => {
            const n = next++;
            const logger = loggers[n % loggers.length]!;
            const workoutExerciseId = logger.exerciseIds[Math.floor(n / loggers.length) % logger.exerciseIds.length]!;
            return {
              ...request,
              path: `/members/workouts/${logger.id}/sync`,
              headers: { ...request.headers, cookie: logger.cookie, origin, "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ intent: "log-set", workoutExerciseId, clientKey: randomUUID(), weight: "60", reps: "5", rpe: "8" }).toString(),
            };
          },
        },
      ],
    });
    if (run.errors || run.timeouts || run.non2xx) throw new Error(`Logging sets: ${run.errors} errors, ${run.timeouts} timeouts, ${run.non2xx} non-2xx answers`);
    return run;
  };
  // The first sets after a start run cold (the action's code not yet compiled): 3-4 s against a
  // median of 0.5 s in one probe. They are measured apart, so the p99 of a running server is not theirs.
  const cold = await logSets(COLD_SETS);
  const logSet = await logSets(SETS_LOGGED);

  return {
    screen: { rps: screen.requests.average, p99: screen.latency.p99 },
    logSet: { rps: logSet.requests.average, p50: logSet.latency.p50, p99: logSet.latency.p99, sets: logSet.requests.total },
    coldLogSet: { sets: cold.requests.total, p50: cold.latency.p50, p99: cold.latency.p99, max: cold.latency.max },
    js: await pageJavaScript(origin, path, { cookie }),
  };
}
