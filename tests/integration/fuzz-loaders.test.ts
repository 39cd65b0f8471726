/**
 * Fuzzing every loader's query string over real HTTP (fast-check): every route of
 * app/routes.ts, as a visitor, a member and an administrator, gets GET requests whose
 * query holds the route's own parameters (and the common names any route might read)
 * with hostile values: NUL and other control characters, huge and negative numbers,
 * out-of-range months and dates, invalid dates, very long strings, repeated keys,
 * broken percent-encoding and unknown parameters. Property: never a 5xx.
 *
 * Two passes:
 * - a fixed sweep: each parameter of each route alone set to each of a few values that
 *   once broke a loader (NUL first), through React Router's data requests (`.data`: the
 *   loaders without the render, several times faster); a route that lists no parameter
 *   gets every common name at once;
 * - generated queries (fast-check, fixed seed: FUZZ_SEED overrides it, FUZZ_RUNS widens
 *   it) as whole pages, so the render of what the loaders returned is tried too.
 *
 * Unmarked on purpose: it runs on PGlite and again on PostgreSQL, where a NUL that
 * reaches a query is an error ('invalid byte sequence') that PGlite accepts.
 *
 * Last, on the same server (one Vite start instead of two): an AppError a service throws
 * in a loader reaches the browser with its status and message, never a 500.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as ArticlesModule from "~/modules/articles/articles.server";
import type * as ContactsModule from "~/modules/contacts/contacts.server";
import type * as IntakeFixture from "~/modules/contacts/intake.fixture";
import type * as ProgramsModule from "~/modules/programs/programs.server";
import type * as SessionsModule from "~/modules/training-sessions/training-sessions.server";
import type * as UsersModule from "~/modules/users/users.server";
import type * as ProfileModule from "~/modules/users/profile.server";
import { routeTable as routes } from "../support/route-table";
import { startApp, textValue, type RunningApp } from "./fuzz-harness";
import { sessionCookie } from "../support/sign-in";


/**
 * The PostgreSQL pass tries the first of the same generated cases: what only PostgreSQL
 * refuses (NUL in text, a malformed typed value) is what the fixed sweep sends first, to
 * every parameter, on both databases; the generated queries' breadth is PGlite's pass.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.DATABASE_URL ? 1 : 4));
/** A route that reads no parameter: unknown and common names only, a run or two. */
const RUNS_WITHOUT_PARAMETERS = Math.min(RUNS, 2);

type Who = "visitor" | "member" | "admin";
const whos: readonly Who[] = ["visitor", "member", "admin"];
const PASSWORD = "Fuzz-password-123";
const accounts = { member: "member@loader-fuzz.test", admin: "admin@loader-fuzz.test" } as const;

let app: RunningApp;
const cookies: Record<Who, string> = { visitor: "", member: "", admin: "" };
const ids = { member: "", admin: "", article: "", session: "", submission: "", program: "" };
let address = 0;

/** Every request from its own address: the limits count per address, and we want the loader. */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

/**
 * Each route's query parameters, as typical queries that reach its code (a parameter may
 * only be read for one tab). A route of app/routes.ts without an entry fails the first
 * test: write down what it reads, `[]` when it reads nothing.
 */
function queries(): Record<string, ReadonlyArray<Record<string, string>>> {
  const month = "2026-11";
  const day = "2026-11-25";
  const none: ReadonlyArray<Record<string, string>> = [];
  return {
    "": none,
    login: [{ redirectTo: "/members" }],
    auth: [{ redirectTo: "/members" }],
    register: [{ redirectTo: "/members" }],
    signup: none,
    logout: none,
    "auth/callback": [{ next: "/members" }],
    "login/two-factor": [{ redirectTo: "/members" }],
    setup: [{ token: "not-a-token" }],
    "profile-setup": none,
    // The dashboard reads no parameter; an old ?tab= address answers a redirect.
    members: [{ tab: "schedule", month }],
    "members/nutrition": [{ category: "meal-plans" }],
    "members/workouts": [{ page: "2" }],
    // Nobody's workout: the picker's parameters and a not-yet-started workout's day (decision 0112) are read before the 404.
    "members/workouts/:workoutId": [{ swap: "x", add: "1", q: "bench", day: "no-such-day" }],
    "members/community": none,
    "members/schedule": [{ month, session: ids.session, day }],
    "members/settings": none,
    admin: none,
    "admin/contacts": [{ status: "new", q: "jordan", page: "1", open: ids.submission }],
    // The layout and its index (the old address, /cms?tab=X: a permanent redirect).
    cms: [{ tab: "videos", page: "2", add: "1", delete: ids.article }],
    "cms/articles": [{ page: "1", add: "1", delete: ids.article }],
    "cms/videos": [{ page: "2", add: "1" }],
    "cms/meal-plans": [{ page: "1", delete: "x" }],
    "cms/schedules": [{ page: "1" }],
    unauthorized: none,
    contact: none,
    "sitemap.xml": none,
    "robots.txt": none,
    "manifest.webmanifest": none,
    services: none,
    "services/personal-training": none,
    "services/group-classes": none,
    "services/nutrition-coaching": none,
    "services/warrior-prep": none,
    about: none,
    transformations: none,
    privacy: none,
    terms: none,
    cookies: none,
    "forgot-password": none,
    "reset-password": [{ token: "not-a-token" }],
    "admin/settings": none,
    "admin/activity": [{ page: "1" }],
    "admin/users": [{ q: "fuzz", page: "1" }, { invite: "1", name: "New Person", email: "new@loader-fuzz.test", submission: ids.submission }],
    "admin/users/:userId/data": none,
    "admin/deletion-requests": none,
    "admin/erasures/:reportId": none,
    "data-exports/download": [{ token: "not-a-token" }],
    // A calendar feed reads no parameter: its secret is the path (a made-up one here, 404).
    "calendar/:feed": none,
    "invitations/accept": [{ token: "not-a-token" }],
    unsubscribe: [{ token: "not-a-token" }],
    articles: [{ q: "fuzz", category: "Training", page: "1" }],
    content: [{ q: "fuzz", category: "Training", page: "1" }],
    "articles/new": none,
    "articles/:ref": none,
    "articles/:id/edit": none,
    "cms/markdown-preview": none,
    "cms/uploads": none,
    schedule: [
      { view: "week", date: day, member: ids.member, edit: ids.session },
      { view: "month", date: day, new: day },
    ],
    "members/progress": [{ range: "1y" }, { range: "forever" }],
    "members/progress.csv": none,
    "members/:memberId/progress": [{ range: "1y" }],
    "members/:memberId/training": none,
    coach: [{ page: "1" }, { page: "99" }, { page: "-1" }],
    "coach/members/:memberId": none,
    "members/progress/photos": [{ page: "2", before: "2026-01-01", after: "2026-02-01" }],
    "coach/members/:memberId/photos": [{ page: "1", before: "2026-02-01", after: "2026-01-01" }],
    "progress-photos/:photoId/:file": none,
    "members/check-ins": [{ page: "2" }],
    // Nobody's check-in: 404.
    "members/check-ins/:checkInId": none,
    "coach/members/:memberId/check-ins": [{ page: "2" }, { page: "1e309" }],
    "coach/members/:memberId/check-ins/:checkInId": none,
    // Messages: a page of earlier messages (?before=), the staff's list (?page=), the live streams' start (?after=).
    "members/messages": [{ before: "3" }],
    "members/messages/events": [{ after: "0" }],
    "members/workouts/:workoutId/sync": none,
    "coach/messages": [{ page: "2" }],
    "coach/members/:memberId/messages": [{ before: "2" }],
    "coach/members/:memberId/messages/events": [{ after: "1" }],
    "message-images/:messageId/:file": none,
    "documents/:id": none,
    "cms/documents": [{ name: "menu.pdf" }],
    "cms/nutrition-documents": none,
    programs: none,
    "programs/templates": none,
    // Group classes for staff (issue 31): a week of classes; a timetable row's and a class type's form.
    classes: [{ week: "1" }, { week: "-99" }],
    "classes/timetable": [{ edit: "class-slot-mon-am" }],
    "classes/types": [{ edit: "class-type-hiit" }],
    "classes/new": none,
    "classes/:classId": none,
    "programs/new": none,
    // The builder opens the block form for a day (?block=new&day=) or a block (?block=).
    "programs/:programId": [
      { block: "new", day: "no-such-day" },
      { block: "no-such-block" },
      { week: "0" },
      { week: "53" },
      { week: "1e3" },
      { week: "2", block: "no-such-block" },
      { assigned: "no-such-assignment" },
      { block: "new", day: "no-such-day", q: "pull-ups" },
      { members: "%_\\" },
    ],
    // How far assignments are: ?ids= lists up to 10 of them.
    "programs/:programId/assignments": [{ ids: "a,b" }, { ids: Array.from({ length: 11 }, (_, i) => `id-${i}`).join(",") }],
    "programs/exercise-choices": [{ q: "pull-ups" }, { q: "%_\\" }, { q: "x".repeat(500) }],
    "programs/member-choices": [{ q: "member" }, { q: "%_\\" }, { q: "x".repeat(500) }],
    "programs/exercises": [
      { q: "bench press", muscle: "chest", equipment: "barbell", page: "1" },
      { q: "squat", muscle: "no-such-muscle", equipment: "spaceship", page: "99" },
    ],
    "programs/exercises/new": none,
    "programs/exercises/:exerciseId": none,
    "programs/exercises/:exerciseId/edit": none,
    // Billing (issue 48): the member's page (payments' page, an invitation's package, the return from the provider's page); a receipt's PDF (nobody's: 404).
    "members/billing": [{ page: "2", product: "prod_online_coaching", checkout: "no-such-checkout" }],
    "members/billing/receipts/:receiptId": none,
    "admin/billing": none,
    "admin/billing/products/new": none,
    "admin/billing/products/:productId": none,
    // Staff's payments and their CSV: the same filters (a month wins over a date range).
    "coach/payments": [
      { status: "failed", method: "direct_debit", month, q: "fuzz", page: "2" },
      { from: day, to: "2026-12-31", status: "pending" },
    ],
    "coach/payments.csv": [{ status: "paid_out", method: "cash", month, q: "fuzz" }, { from: day, to: "2026-12-31" }],
    "coach/members/:memberId/billing": [{ page: "2" }],
    "*": none,
  };
}

/** Names any route might read: a new route that reads one is fuzzed before anyone lists it. */
const commonNames = ["q", "page", "tab", "id", "date", "month", "day", "category", "range", "status", "member", "redirectTo", "next", "token", "view", "muscle", "equipment"];

/** The URL path of a route, its dynamic segments filled with real ids. */
function pathOf(route: string): string {
  const filled = route
    .replace(":ref", ids.article)
    .replace(":id/edit", `${ids.article}/edit`)
    .replace(":memberId", ids.member)
    .replace(":programId", ids.program)
    .replace(":exerciseId", "bench-press")
    .replace(":workoutId", "no-such-workout")
    .replace(":photoId/:file", "no-such-photo/480.jpg")
    .replace(":checkInId", "no-such-check-in")
    .replace(":messageId/:file", "no-such-message/960.webp")
    .replace(":receiptId", "no-such-receipt")
    .replace(":productId", "prod_online_coaching")
    .replace(":id", "no-such-document")
    .replace(":feed", `${"x".repeat(43)}.ics`)
    .replace("*", "no-such-page");
  return `/${filled}`;
}

/**
 * Values that once broke a loader or are meant to: each is tried on every parameter in the
 * sweep. The PostgreSQL pass sweeps the first two, whose answer depends on the database
 * server's text handling (a NUL is 'invalid byte sequence' there, not in PGlite); the dates,
 * the huge number and the long string meet the same PostgreSQL code in PGlite, and the
 * PGlite pass sweeps every parameter with them (a third of the PostgreSQL pass's sweep, 22 s of its 33).
 */
const sweepValues = ["\u0000", "a\u0001b\u001f\u007f\u0085", "9999-12", "9999-12-31", "1e309", "x".repeat(5_000)];
const sweptValues = process.env.DATABASE_URL ? sweepValues.slice(0, 2) : sweepValues;

/** Raw path segments: encoded control characters (a 400), broken percent-encoding, odd lengths. */
const hostileSegments = ["%00", "a%00b", "%01", "%1F", "%7F", "%C2%85", "%", "%ZZ", "%E0%A4%A", "%C0%80", "%ED%A0%80", "x".repeat(5_000), "..%2F..%2Fetc", "%2e%2e", "%F0%9F%98%80", "%20"];
const controlInPath = /^(?:a?%00b?|%01|%1F|%7F|%C2%85)$/;

/** A hostile query value: the action fuzzer's text plus what a query string tends to carry. */
const queryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: textValue.map((v) => v.slice(0, 6_000)) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "\u0000",
      "a\u0000b",
      "\t\n\r\u000b\u001b\u007f\u009f",
      "9999-12",
      "0000-01",
      "9999-12-31",
      "0000-01-01",
      "2026-02-30",
      "2026-13",
      "2100-12",
      "2101-01",
      "1969-12-31",
      "-1",
      "-0",
      "0x10",
      "1e309",
      "1.5",
      "99999999999999999999",
      "abc",
      "1/0",
      "//evil.example",
      "/\\evil",
      "javascript:alert(1)",
      "/members\u0000",
      "/😀",
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.date({ noInvalidDate: true }), fc.constantFrom(7, 10)).map(([d, n]) => d.toISOString().slice(0, n)) },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String) },
);

/** Raw, deliberately broken percent-encoding, written into the query as is. */
const rawGarbage = fc.constantFrom("%", "%0", "%ZZ", "%E0%A4%A", "%C0%80", "%ED%A0%80", "%FF%FE", "%00", "%2500", "+%2B+", "%u0000", "a=b=c", "==", "&&");

interface QueryCase {
  base: Record<string, string>;
  /** Parameters set to generated values; an array repeats the key. */
  set: Array<[string, string[]]>;
  dropped: string[];
  unknown: Array<[string, string]>;
  raw: string | null;
}

function queryCase(known: readonly string[], bases: ReadonlyArray<Record<string, string>>): fc.Arbitrary<QueryCase> {
  const names = [...new Set([...known, ...commonNames])];
  return fc.record({
    base: bases.length ? fc.constantFrom(...bases) : fc.constant({}),
    set: fc.array(fc.tuple(fc.constantFrom(...names), fc.array(queryValue, { minLength: 1, maxLength: 3 })), { maxLength: 4 }),
    dropped: fc.subarray(known.length ? [...known] : ["_"]),
    unknown: fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("__proto__", "constructor", "_data", "_routes", "index")), queryValue), { maxLength: 2 }),
    raw: fc.option(fc.tuple(fc.constantFrom(...names), rawGarbage).map(([k, v]) => `${k}=${v}`), { freq: 3 }),
  });
}

function queryString(c: QueryCase): string {
  const params = new URLSearchParams();
  const setNames = new Set(c.set.map(([k]) => k));
  for (const [k, v] of Object.entries(c.base)) if (!setNames.has(k) && !c.dropped.includes(k)) params.append(k, v);
  for (const [k, values] of c.set) for (const v of values) params.append(k, v);
  for (const [k, v] of c.unknown) params.append(k, v);
  const encoded = params.toString();
  return [encoded, c.raw].filter(Boolean).join("&");
}

/** The loaders' data request of a page (`/_root.data` for the index); resource routes answer their own URL. */
function dataPathOf(route: (typeof routes)[number], pathname: string): string {
  if (!/export\s+default\s/.test(fs.readFileSync(path.join("app", route.file), "utf8"))) return pathname;
  return pathname === "/" ? "/_root.data" : `${pathname}.data`;
}

async function get(pathname: string, query: string, who: Who): Promise<{ status: number; text: string }> {
  const response = await fetch(`${app.base}${pathname}${query ? `?${query}` : ""}`, {
    redirect: "manual",
    // Uncompressed: gzip costs the fuzzing time and proves nothing here.
    headers: { "accept-encoding": "identity", "x-forwarded-for": nextAddress(), ...(cookies[who] ? { cookie: cookies[who] } : {}) },
    signal: AbortSignal.timeout(30_000),
  });
  // An event stream never ends: its status is the answer.
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await response.body?.cancel();
    return { status: response.status, text: "" };
  }
  return { status: response.status, text: await response.text() };
}

const short = (s: string) => (s.length > 160 ? `${JSON.stringify(s.slice(0, 120))}… (${s.length} chars)` : JSON.stringify(s));

beforeAll(async () => {
  app = await startApp();
  const users = await app.load<typeof UsersModule>("/app/modules/users/users.server.ts");
  const profiles = await app.load<typeof ProfileModule>("/app/modules/users/profile.server.ts");
  for (const who of ["member", "admin"] as const) {
    const created = await users.createUserWithPassword({ email: accounts[who], password: PASSWORD, name: `Fuzz ${who}`, role: who });
    await profiles.completeOwnProfile(created, { fullName: `Fuzz ${who}`, location: "Leeds", interests: "Lifting", experience: "Some", goals: "More" });
    ids[who] = created.id;
    cookies[who] = await sessionCookie(accounts[who], PASSWORD, { base: app.base, headers: { "x-forwarded-for": nextAddress() } });
  }
  const admin = { id: ids.admin, email: accounts.admin, role: "admin" as const };
  const articles = await app.load<typeof ArticlesModule>("/app/modules/articles/articles.server.ts");
  ids.article = (
    await articles.createArticle(admin, { title: "Fuzz target", excerpt: "", content: "Body", category: "Training", membersOnly: false, imageId: null, readTime: 4, published: true })
  ).id;
  const sessions = await app.load<typeof SessionsModule>("/app/modules/training-sessions/training-sessions.server.ts");
  const nextWeek = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + 7 * 86_400_000));
  ids.session = (await sessions.createTrainingSession(admin, { memberId: ids.member, date: nextWeek, time: "09:00", duration: "60", type: "Strength" })).id;
  const contacts = await app.load<typeof ContactsModule>("/app/modules/contacts/contacts.server.ts");
  const { validApplication } = await app.load<typeof IntakeFixture>("/app/modules/contacts/intake.fixture.ts");
  ids.submission = (await contacts.submitApplication(validApplication)).id;
  const programs = await app.load<typeof ProgramsModule>("/app/modules/programs/programs.server.ts");
  ids.program = (await programs.createProgram(admin, { name: "Fuzz program" })).id;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("fuzzing every loader's query string", () => {
  it("lists the query parameters of every route in app/routes.ts", () => {
    const listed = queries();
    const known = new Set(routes.map((r) => r.path));
    expect(routes.map((r) => r.path).filter((r) => !(r in listed)), "routes without an entry in queries()").toEqual([]);
    expect(Object.keys(listed).filter((r) => !known.has(r)), "entries for routes app/routes.ts no longer has").toEqual([]);
    // A route that reads its query must say what it reads, so the fuzzing reaches it.
    const silent = routes.filter((r) => /searchParams|parseSearchParams/.test(fs.readFileSync(path.join("app", r.file), "utf8")) && listed[r.path]!.length === 0);
    expect(silent.map((r) => r.path), "routes that read their query but list no parameters").toEqual([]);
  });

  it("never answers 5xx: each parameter alone set to each value of the sweep", async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const pathname = dataPathOf(route, pathOf(route.path));
      const bases = queries()[route.path]!;
      // A route that lists no parameters: every common name at once.
      const sweeps = bases.length
        ? bases.flatMap((base) => Object.keys(base).flatMap((name) => sweptValues.map((value) => ({ ...base, [name]: value }))))
        : sweptValues.slice(0, 2).map((value) => Object.fromEntries(commonNames.map((name) => [name, value])));
      for (const params of sweeps) {
        const query = new URLSearchParams(params).toString();
        for (const who of whos) {
          const { status, text } = await get(pathname, query, who);
          if (status >= 500) failures.push(`GET ${pathname}?${short(query)} as ${who} → ${status}: ${text.slice(0, 200)}`);
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  }, 600_000);

  it("never answers 5xx to hostile path segments, and a control character in the path is a 400", async () => {
    const failures: string[] = [];
    const dynamic = routes.filter((r) => /:|\*/.test(r.path));
    expect(dynamic.length).toBeGreaterThan(0);
    for (const route of dynamic) {
      for (const segment of hostileSegments) {
        const pathname = `/${(route.path).replace(/:[a-z]+|\*/gi, segment)}`;
        for (const who of whos) {
          const { status, text } = await get(pathname, "", who);
          if (status >= 500) failures.push(`GET ${short(pathname)} as ${who} → ${status}: ${text.slice(0, 200)}`);
          else if (controlInPath.test(segment) && status !== 400) failures.push(`GET ${short(pathname)} as ${who} → ${status}, not 400`);
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  }, 600_000);

  it("never answers 5xx to generated queries", async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const pathname = pathOf(route.path);
      const bases = queries()[route.path]!;
      const known = [...new Set(bases.flatMap((b) => Object.keys(b)))];
      for (const who of whos) {
        let problem = "";
        try {
          await fc.assert(
            fc.asyncProperty(queryCase(known, bases), async (c) => {
              requests += 1;
              const query = queryString(c);
              const { status, text } = await get(pathname, query, who);
              if (status < 500) return true;
              problem = `?${short(query)} → ${status}: ${text.slice(0, 200)}`;
              return false;
            }),
            { seed: SEED, numRuns: known.length ? RUNS : RUNS_WITHOUT_PARAMETERS },
          );
        } catch (error) {
          const replay = /path: "([^"]*)"/.exec(String(error))?.[1] ?? "";
          failures.push(`GET ${pathname} as ${who}, seed ${SEED}, path "${replay}":\n  ${problem}`);
        }
      }
    }
    expect(failures, failures.join("\n\n")).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(routes.length * whos.length * RUNS_WITHOUT_PARAMETERS);
  }, 600_000);
});

// The same server answers one plain question too: a service's AppError in a loader reaches the browser as it was thrown.
describe("an AppError thrown in a loader", () => {
  it("answers with its status and message: a missing document is 404 'Document not found', plain text and private", async () => {
    const response = await fetch(`${app.base}/documents/no-such-document`, { redirect: "manual", headers: { cookie: cookies.member } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toBe("Document not found");
  });
});
