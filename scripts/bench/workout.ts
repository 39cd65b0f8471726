/**
 * The workout screen of the heavy member (3 years of logged lifts) and set logging by the
 * ordinary members, over HTTP: the screen's throughput, the set-logging action's latency
 * at 20 connections (POST /members/workouts/:id/sync with a fresh idempotency key per set,
 * as the screen's queue sends every set: the action alone, no page render, on connections
 * already open: set-loggers.ts), and the JavaScript the screen loads.
 */
import { randomUUID } from "node:crypto";
import type { BenchWorkout, SetWorkout } from "./in-process";
import { signIn, throughput } from "./http";
import { BENCH_PASSWORD } from "./fixtures";
import { pageJavaScript } from "./lighthouse";
import { openSetLoggers } from "./set-loggers";

/** Sets logged by the latency run, spread over the members' workouts and their exercises (at most 30 sets each). */
const SETS_LOGGED = 1000;
/** Sets logged first, as a freshly started server meets them (five rounds of the 20 connections). */
const COLD_SETS = 100;

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
  const phones = await openSetLoggers(Number(new URL(origin).port), options.setConnections, (n) => {
    const logger = loggers[n % loggers.length]!;
    const workoutExerciseId = logger.exerciseIds[Math.floor(n / loggers.length) % logger.exerciseIds.length]!;
    return {
      method: "POST",
      path: `/members/workouts/${logger.id}/sync`,
      headers: { cookie: logger.cookie, origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "log-set", workoutExerciseId, clientKey: randomUUID(), weight: "60", reps: "5", rpe: "8" }).toString(),
    };
  });
  // The first sets after a start are measured apart, so the p99 of a running server is not theirs.
  const cold = await phones.log(COLD_SETS);
  const logSet = await phones.log(SETS_LOGGED);
  phones.close();

  return {
    screen: { rps: screen.requests.average, p99: screen.latency.p99 },
    logSet: { rps: logSet.perSecond, p50: logSet.p50, p99: logSet.p99, sets: logSet.sets },
    coldLogSet: { sets: cold.sets, p50: cold.p50, p99: cold.p99, max: cold.max },
    js: await pageJavaScript(origin, path, { cookie }),
  };
}
