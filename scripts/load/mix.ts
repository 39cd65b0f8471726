/**
 * A gym's evening (issue 49): what each kind of request is, its share of the requests, and
 * what it must answer. The members' writes are sent as a browser without JavaScript posts
 * the form (urlencoded, with its Origin; the answer a redirect, not followed), and sets as
 * the workout screen's offline queue sends them (POST …/sync, a fresh clientKey each).
 */
import { randomUUID } from "node:crypto";
import type { RequestSpec } from "../reliability/load";
import { BENCH_ARTICLE_SLUG } from "../bench/fixtures";
import type { Planned } from "./open-loop";
import { memberId, todayExerciseId, todayWorkoutId, TODAY_EXERCISES, TODAY_WORKOUTS } from "./world";

export const SHARES = {
  "set (/sync)": 30,
  "workout page": 14,
  dashboard: 14,
  "workouts list": 5,
  "messages page": 5,
  "check-ins page": 4,
  "post message": 3,
  "save check-in": 2,
  "/coach": 4,
  "coach: member page": 4,
  "public page": 15,
} as const;
export type Kind = keyof typeof SHARES;
export const KINDS = Object.keys(SHARES) as Kind[];
export const COACH_KINDS: readonly Kind[] = ["/coach", "coach: member page"];

const EXPECT: Record<Kind, readonly number[]> = {
  "set (/sync)": [200],
  "workout page": [200],
  dashboard: [200],
  "workouts list": [200],
  "messages page": [200],
  "check-ins page": [200],
  "post message": [302],
  "save check-in": [302],
  "/coach": [200],
  "coach: member page": [200],
  "public page": [200],
};

export const PUBLIC_PATHS = ["/", "/services", "/about", "/articles", `/articles/${BENCH_ARTICLE_SLUG}`, "/services/personal-training", "/transformations", "/contact"];

export interface Cast {
  /** The origin every process is configured with (BASE_URL): Host and Origin of each request. */
  origin: string;
  /** Cookie headers of the active members, member g at index g − 1. */
  members: string[];
  /** Cookie headers of the coaches. */
  coaches: string[];
  /** All the coach's members (for the coach's member page). */
  allMembers: number;
}

/** Builds the n-th request of each kind: members, coaches and pages in turn. */
export function planner(cast: Cast) {
  const host = new URL(cast.origin).host;
  const turns = new Map<Kind, number>();
  const turn = (kind: Kind) => {
    const n = turns.get(kind) ?? 0;
    turns.set(kind, n + 1);
    return n;
  };
  const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), type: "application/x-www-form-urlencoded" });
  const spec = (kind: Kind, method: "GET" | "POST", path: string, cookie: string | undefined, body?: { body: string; type: string }): Planned => {
    const headers: Record<string, string> = { host, "accept-encoding": "gzip, br" };
    if (cookie) headers.cookie = cookie;
    if (body) Object.assign(headers, { origin: cast.origin, "content-type": body.type });
    const request: RequestSpec = { method, path, headers, body: body?.body };
    return { kind, spec: request, expect: EXPECT[kind] };
  };
  const active = cast.members.length;
  return (kind: Kind): Planned => {
    const n = turn(kind);
    // Member g (from 1) in turn; their n-th set goes to the next of their workouts, then the next lift.
    const g = (n % active) + 1;
    const round = Math.floor(n / active);
    const cookie = cast.members[g - 1];
    const coach = cast.coaches[n % Math.min(2, cast.coaches.length)];
    switch (kind) {
      case "set (/sync)": {
        const k = round % TODAY_WORKOUTS;
        const e = Math.floor(round / TODAY_WORKOUTS) % TODAY_EXERCISES;
        return spec(kind, "POST", `/members/workouts/${todayWorkoutId(g, k)}/sync`, cookie, form({ intent: "log-set", workoutExerciseId: todayExerciseId(g, k, e), clientKey: randomUUID(), weight: "135", reps: "8", rpe: "8" }));
      }
      case "workout page":
        return spec(kind, "GET", `/members/workouts/${todayWorkoutId(g, round % TODAY_WORKOUTS)}`, cookie);
      case "dashboard":
        return spec(kind, "GET", "/members", cookie);
      case "workouts list":
        return spec(kind, "GET", "/members/workouts", cookie);
      case "messages page":
        return spec(kind, "GET", "/members/messages", cookie);
      case "check-ins page":
        return spec(kind, "GET", "/members/check-ins", cookie);
      case "post message":
        return spec(kind, "POST", "/members/messages", cookie, form({ intent: "send-message", body: `Set ${n} done, legs are shaking` }));
      case "save check-in":
        return spec(kind, "POST", "/members/check-ins", cookie, form({ intent: "save-check-in", weight: "", sleep: "4", energy: "3", stress: "2", hunger: "3", nutritionAdherence: String(70 + (n % 30)), wins: "Trained four times", struggles: "", question: "" }));
      case "/coach":
        return spec(kind, "GET", "/coach", coach);
      case "coach: member page":
        return spec(kind, "GET", `/coach/members/${memberId(((n * 37) % cast.allMembers) + 1)}`, coach);
      case "public page":
        return spec(kind, "GET", PUBLIC_PATHS[n % PUBLIC_PATHS.length]!, undefined);
    }
  };
}
