/**
 * The permission matrix over real HTTP against the built server: every route of
 * app/routes.ts and every endpoint outside React Router × (visitor, member A, member B,
 * trainer, admin, deactivated) × (read and the route's POST intents), as written in
 * support/permission-matrix.ts. A route, or a route's action, without a row fails
 * the test (default deny). Member B must not read or change member A's session,
 * progress entry or goal, and the deactivated user's old cookie and new sign-ins fail.
 */
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse, PlaywrightWorkerArgs } from "@playwright/test";
import sharp from "sharp";
import { routeTable as routes } from "../support/route-table";
import { expect, test } from "./support/test";
import { expressEndpoints, matrix, matrixRoles, PRIVATE, type Expected, type MatrixIds, type MatrixRole, type MatrixRow } from "./support/permission-matrix";
import { PASSWORD, users, type UserKey } from "./support/users";

const accounts: Record<Exclude<MatrixRole, "visitor">, UserKey> = {
  memberA: "memberA",
  memberB: "memberB",
  trainer: "matrixTrainer",
  admin: "matrixAdmin",
  deactivated: "deactivated",
};

const clients = {} as Record<MatrixRole, APIRequestContext>;
const ids = {} as MatrixIds;
let deactivatedCookie = "";

/** The site's calendar day (Europe/London), as the forms expect it. */
function londonDay(offsetDays = 0): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

/** React Router's single-fetch answer (turbo-stream, one line of JSON) as plain values. */
function decodeTurboStream(text: string): unknown {
  const values = JSON.parse(text.split("\n")[0]!) as unknown[];
  const memo = new Map<number, unknown>();
  const decode = (index: number): unknown => {
    if (index < 0) return undefined;
    if (memo.has(index)) return memo.get(index);
    const value = values[index];
    if (Array.isArray(value)) {
      // Typed values (dates and the like) are ["D", …]; plain arrays hold indices.
      if (typeof value[0] === "string") return value;
      const out: unknown[] = [];
      memo.set(index, out);
      for (const i of value as number[]) out.push(decode(i));
      return out;
    }
    if (value && typeof value === "object") {
      const out: Record<string, unknown> = {};
      memo.set(index, out);
      for (const [key, i] of Object.entries(value as Record<string, number>)) out[String(values[Number(key.slice(1))])] = decode(i);
      return out;
    }
    return value;
  };
  return decode(0);
}

/** Every object inside `value` for which `test` holds. */
function findAll(value: unknown, pick: (o: Record<string, unknown>) => boolean, seen = new Set<unknown>()): Array<Record<string, unknown>> {
  if (!value || typeof value !== "object" || seen.has(value)) return [];
  seen.add(value);
  const here = !Array.isArray(value) && pick(value as Record<string, unknown>) ? [value as Record<string, unknown>] : [];
  return [...here, ...Object.values(value).flatMap((v) => findAll(v, pick, seen))];
}

async function loaderData(client: APIRequestContext, pathname: string, query = ""): Promise<unknown> {
  const response = await client.get(`${pathname}.data${query}`);
  expect(response.status(), `${pathname}.data${query}`).toBe(200);
  return decodeTurboStream(await response.text());
}

function idOf(found: Array<Record<string, unknown>>, what: string): string {
  expect(found.length, `one ${what}`).toBeGreaterThan(0);
  return String(found[0]!.id);
}

async function newClient(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, n: number): Promise<APIRequestContext> {
  // Each role from its own client address, so the sign-in limits never meet.
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": `10.232.${n}.${(Date.now() % 200) + 1}` } });
}

async function signIn(client: APIRequestContext, who: UserKey): Promise<APIResponse> {
  return client.post("/login", { form: { email: users[who].email, password: PASSWORD }, maxRedirects: 0 });
}

function matches(response: APIResponse, expected: Expected): boolean {
  if (typeof expected === "number") return response.status() === expected;
  const permanent = expected.startsWith("moved:");
  if (!(permanent ? [301, 308] : [302, 303]).includes(response.status())) return false;
  const want = expected.slice(expected.indexOf(":") + 1);
  const location = response.headers()["location"] ?? "";
  return location === want || location.startsWith(`${want}?`);
}

function describeAnswer(response: APIResponse): string {
  const location = response.headers()["location"];
  return location ? `${response.status()} → ${location}` : String(response.status());
}

async function send(client: APIRequestContext, row: MatrixRow): Promise<APIResponse> {
  const url = row.path(ids);
  if (row.op === "read") return client.get(url, { maxRedirects: 0 });
  const fields = row.form?.(ids) ?? {};
  if (row.encoding === "json") return client.post(url, { data: fields, maxRedirects: 0 });
  if (row.encoding === "multipart") return client.post(url, { multipart: fields, maxRedirects: 0 });
  return client.post(url, { form: fields, maxRedirects: 0 });
}


test("every route in app/routes.ts, every action and every express endpoint has a row (default deny)", () => {
  const rowsFor = (route: string) => matrix.filter((r) => r.route === route);
  const missing: string[] = [];
  for (const entry of routes) {
    const route = entry.path;
    if (!rowsFor(route).some((r) => r.op === "read")) missing.push(`${route || "/"}: read`);
    const source = fs.readFileSync(path.join("app", entry.file), "utf8");
    if (/export\s+(?:async\s+)?function\s+action\b/.test(source) && !rowsFor(route).some((r) => r.op !== "read")) {
      missing.push(`${route}: its action`);
    }
  }
  for (const endpoint of expressEndpoints) if (rowsFor(endpoint).length === 0) missing.push(endpoint);
  // Rows for routes that no longer exist are mistakes too.
  const known = new Set([...routes.map((r) => r.path), ...expressEndpoints]);
  const stale = [...new Set(matrix.map((r) => r.route))].filter((r) => !known.has(r));
  expect(missing, "routes without a row in tests/e2e/support/permission-matrix.ts").toEqual([]);
  expect(stale, "rows for routes app/routes.ts no longer has").toEqual([]);
});

test.describe("the permission matrix", () => {
  // One set of sessions and objects, used in order: ownership first, the matrix after.
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ playwright, baseURL }) => {
    test.setTimeout(90_000);
    let n = 0;
    for (const role of matrixRoles) clients[role] = await newClient(playwright, baseURL!, (n += 1));
    const signIns = await Promise.all(Object.entries(accounts).map(([role, who]) => signIn(clients[role as MatrixRole], who)));
    for (const response of signIns) expect(response.status()).toBe(302);
    const idOfUser = async (role: MatrixRole) => {
      const email = users[accounts[role as keyof typeof accounts]].email;
      const list = await loaderData(clients.admin, "/admin/users", `?q=${encodeURIComponent(email)}`);
      return idOf(findAll(list, (o) => o.email === email && typeof o.id === "string"), email);
    };
    ids.memberAId = await idOfUser("memberA");
    ids.memberBId = await idOfUser("memberB");
    ids.deactivatedId = await idOfUser("deactivated");
    ids.today = londonDay();
    ids.future = londonDay(7);
    ids.publicSlug = "fixture-public-warm-up";
    ids.membersOnlySlug = "fixture-members-mobility";

    // The deactivated user's cookie from before; then an administrator deactivates it.
    deactivatedCookie = (await clients.deactivated.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const deactivate = await clients.admin.post("/admin/users", { form: { intent: "deactivate", id: ids.deactivatedId }, maxRedirects: 0 });
    expect(deactivate.status()).toBe(302);

    // The trainer schedules two sessions for member A through /schedule.
    for (const type of ["Matrix member session", "Matrix staff session"]) {
      const scheduled = await clients.trainer.post("/schedule", {
        form: { intent: "create", memberId: ids.memberAId, date: ids.future, time: "09:00", duration: "60", type, location: "Studio", description: "", status: "scheduled" },
        maxRedirects: 0,
      });
      expect(scheduled.status(), `schedule ${type}`).toBe(302);
    }
    const schedule = await loaderData(clients.memberA, "/members/schedule", `?month=${ids.future.slice(0, 7)}`);
    ids.sessionForMember = idOf(findAll(schedule, (o) => o.type === "Matrix member session" && typeof o.id === "string"), "member session");
    ids.sessionForStaff = idOf(findAll(schedule, (o) => o.type === "Matrix staff session" && typeof o.id === "string"), "staff session");

    // Member A logs a weight and sets a goal through /members/progress.
    for (const form of [
      { intent: "log-body", type: "weight", value: "180", date: ids.today },
      { intent: "set-goal", title: "Member A's goal", description: "Deadlift twice my weight" },
    ] as Array<Record<string, string>>) {
      const saved = await clients.memberA.post("/members/progress", { form, maxRedirects: 0 });
      expect(saved.status(), form.intent).toBe(200);
    }
    const progress = await loaderData(clients.memberA, "/members/progress");
    ids.entryId = idOf(findAll(progress, (o) => o.kind === "weight" && o.value === 180 && typeof o.id === "string"), "weight entry");
    ids.goalId = idOf(findAll(progress, (o) => o.title === "Member A's goal" && typeof o.id === "string"), "goal");

    // Member A sends this week's check-in through /members/check-ins.
    const sentCheckIn = await clients.memberA.post("/members/check-ins", {
      form: { intent: "save-check-in", sleep: "4", energy: "4", stress: "2", hunger: "3", nutritionAdherence: "80", wins: "Matrix check-in" },
      maxRedirects: 0,
    });
    ids.checkInId = (sentCheckIn.headers()["location"] ?? "").replace("/members/check-ins/", "");
    expect(ids.checkInId, "member A's check-in").toMatch(/^[\w-]+$/);

    // A published article's id, an uploaded image, and a nutrition document (if any) as a member sees it.
    const article = await loaderData(clients.trainer, `/articles/${ids.publicSlug}`);
    ids.articleId = idOf(findAll(article, (o) => o.slug === ids.publicSlug && typeof o.id === "string"), "article");
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#0f766e" } }).jpeg().toBuffer();
    const upload = await clients.trainer.post("/cms/uploads", { headers: { "content-type": "image/jpeg" }, data: photo });
    expect(upload.status()).toBe(201);
    ids.imageId = ((await upload.json()) as { image: { id: string } }).image.id;
    const nutrition = await clients.memberA.get("/members/nutrition");
    ids.documentId = /\/documents\/([\w-]+)/.exec(await nutrition.text())?.[1] ?? "matrix-no-document-yet";

    // A program the trainer makes through /programs/new.
    const made = await clients.trainer.post("/programs/new", { form: { intent: "create-program", name: "Matrix program" }, maxRedirects: 0 });
    expect(made.status()).toBe(302);
    ids.programId = (made.headers()["location"] ?? "").replace("/programs/", "");
    ids.trainerId = await idOfUser("trainer");

    // Member B's copy of it, with a day (bench press) member B trains and finishes: a trained day.
    const post = async (client: APIRequestContext, pathname: string, form: Record<string, string>) => {
      const answer = await client.post(pathname, { form, maxRedirects: 0 });
      expect(answer.status(), `${pathname} ${form.intent}`).toBeLessThan(400);
      return answer.headers()["location"] ?? "";
    };
    const draft = await loaderData(clients.trainer, `/programs/${ids.programId}`);
    const draftWeek = idOf(findAll(draft, (o) => o.position === 0 && Array.isArray(o.days)), "draft week");
    const draftDay = (await post(clients.trainer, `/programs/${ids.programId}`, { intent: "add-day", weekId: draftWeek, dayIndex: "0", title: "Matrix day" })).split("#day-")[1]!;
    await post(clients.trainer, `/programs/${ids.programId}`, { intent: "add-block", dayId: draftDay, exerciseId: "bench-press", sets: "1", reps: "5", loadKind: "none" });
    await post(clients.trainer, `/programs/${ids.programId}`, { intent: "assign", memberIds: ids.memberBId, startDate: ids.today });
    // The copy is made by the server's job a moment later (decision 0051).
    const copies = async () => findAll(await loaderData(clients.trainer, "/programs"), (o) => o.memberId === ids.memberBId && o.sourceId === ids.programId);
    await expect.poll(async () => (await copies()).length, { message: "member B's copy is made" }).toBe(1);
    ids.copyId = idOf(await copies(), "member B's copy");
    const copy = await loaderData(clients.trainer, `/programs/${ids.copyId}`);
    ids.trainedWeekId = idOf(findAll(copy, (o) => o.position === 0 && Array.isArray(o.days)), "copy week");
    ids.trainedDayId = idOf(findAll(copy, (o) => o.title === "Matrix day" && o.dayIndex === 0), "copy day");
    const workoutPath = await post(clients.memberB, "/members/workouts", { intent: "start-workout", dayId: ids.trainedDayId });
    const screen = await loaderData(clients.memberB, workoutPath);
    const benchEntry = idOf(findAll(screen, (o) => o.exerciseId === "bench-press" && o.status === "planned"), "bench press in the workout");
    await post(clients.memberB, workoutPath, { intent: "log-set", workoutExerciseId: benchEntry, weight: "100", reps: "5" });
    await post(clients.memberB, workoutPath, { intent: "finish-workout" });

    // An upcoming class of next week, made from the timetable as the staff's list is read.
    const classWeek = await loaderData(clients.trainer, "/classes", "?week=1");
    ids.classId = idOf(findAll(classWeek, (o) => typeof o.typeName === "string" && typeof o.capacity === "number" && o.past === false && o.cancelled === false), "upcoming class");

    // Member A uploads a progress photo through /members/progress/photos (600 px wide: 480.jpg and 600.jpg).
    const uploaded = await clients.memberA.post("/members/progress/photos", {
      multipart: { intent: "upload", pose: "front", takenOn: ids.today, photo: { name: "front.jpg", mimeType: "image/jpeg", buffer: photo } },
      maxRedirects: 0,
    });
    expect(uploaded.status()).toBe(302);
    ids.photoId = idOf(findAll(await loaderData(clients.memberA, "/members/progress/photos"), (o) => o.pose === "front" && typeof o.id === "string"), "progress photo");

    // A cash payment the administrator records for member A: its receipt is member A's (issue 48).
    const recorded = await clients.admin.post(`/coach/members/${ids.memberAId}/billing`, {
      form: { intent: "record-payment", key: "00000000-0000-4000-8000-0000000a7a10", method: "cash", amount: "10.00", for: "other", description: "Matrix towel hire" },
      maxRedirects: 0,
    });
    expect(recorded.status(), (await recorded.text()).slice(0, 300)).toBe(302);
    const receipts = findAll(await loaderData(clients.memberA, "/members/billing"), (o) => typeof o.receiptId === "string");
    expect(receipts.length, "member A's receipt").toBeGreaterThan(0);
    ids.receiptId = String(receipts[0]!.receiptId);

    // The last class the Group Classes page lists: the furthest ahead, so no journey books it.
    ids.bookableClassId = idOf(findAll(await loaderData(clients.memberA, "/services/group-classes"), (o) => typeof o.spotsLeft === "number" && o.cancelled === false).slice(-1), "group class");
  });

  test.afterAll(async () => {
    await Promise.all(Object.values(clients).map((c) => c?.dispose()));
  });

  test("the deactivated user's old cookie is dead and a fresh sign-in fails", async ({ playwright, baseURL }) => {
    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL!, "x-forwarded-for": "10.232.99.1", cookie: deactivatedCookie } });
    try {
      expect(deactivatedCookie).toContain("session_token=");
      const members = await replay.get("/members", { maxRedirects: 0 });
      expect(members.status()).toBe(401);
      const fresh = await replay.post("/login", { form: { email: users.deactivated.email, password: PASSWORD }, maxRedirects: 0 });
      expect(fresh.status()).toBeGreaterThanOrEqual(400);
      expect(fresh.status()).toBeLessThan(500);
      expect(fresh.headers()["set-cookie"] ?? "").not.toMatch(/session_token=[^;]/);
    } finally {
      await replay.dispose();
    }
  });

  test("member B can neither see nor change member A's session, progress entry or goal", async () => {
    const b = clients.memberB;
    const schedule = await loaderData(b, "/members/schedule", `?month=${ids.future.slice(0, 7)}&session=${ids.sessionForMember}`);
    expect(JSON.stringify(schedule)).not.toContain("Matrix member session");
    const csv = await (await b.get("/members/progress.csv")).text();
    expect(csv).not.toContain("180");
    const attempts = [
      { intent: "cancel-session", id: ids.sessionForMember },
      { intent: "update-entry", id: ids.entryId, value: "100", date: ids.today },
      { intent: "delete-entry", id: ids.entryId },
      { intent: "update-goal", id: ids.goalId, title: "Taken over", description: "By member B", status: "completed" },
      { intent: "delete-goal", id: ids.goalId },
    ] as Array<Record<string, string>>;
    for (const form of attempts) {
      // Each form goes to its own screen's action.
      const response = await b.post(form.intent === "cancel-session" ? "/members/schedule" : "/members/progress", { form, maxRedirects: 0 });
      expect(response.status(), form.intent).toBe(404);
    }
    // As member A, all of it is still there and unchanged.
    const progress = await loaderData(clients.memberA, "/members/progress");
    expect(findAll(progress, (o) => o.id === ids.entryId)[0]).toMatchObject({ value: 180, recordedOn: ids.today });
    expect(findAll(progress, (o) => o.id === ids.goalId)[0]).toMatchObject({ title: "Member A's goal", status: "not_started" });
    const own = await loaderData(clients.memberA, "/members/schedule", `?month=${ids.future.slice(0, 7)}`);
    expect(findAll(own, (o) => o.id === ids.sessionForMember)[0]).toMatchObject({ type: "Matrix member session", status: "scheduled" });
  });

  test("every row of the matrix answers as written, for every role, and no answer to a signed-in person is cacheable", async () => {
    test.setTimeout(120_000);
    const failures: string[] = [];
    let sent = 0;
    for (const phase of [0, 1, 2]) {
      const rows = matrix.filter((r) => (r.phase ?? 0) === phase);
      // Each role's requests one after another (their order matters only within a phase),
      // the six roles side by side, a few rows at a time.
      for (let i = 0; i < rows.length; i += 4) {
        await Promise.all(
          matrixRoles.map(async (role) => {
            for (const row of rows.slice(i, i + 4)) {
              const response = await send(clients[role], row);
              sent += 1;
              if (!matches(response, row.expect[role])) {
                failures.push(`${row.op} ${row.intent ?? ""} ${row.path(ids)} as ${role}: expected ${row.expect[role]}, got ${describeAnswer(response)}`);
              }
              // Every client but the visitor sends a session cookie (the deactivated one's is dead).
              const cacheControl = response.headers()["cache-control"];
              if (role !== "visitor" && cacheControl !== (row.cacheControl ?? PRIVATE)) {
                failures.push(`${row.op} ${row.intent ?? ""} ${row.path(ids)} as ${role}: Cache-Control ${cacheControl ?? "(none)"}, expected ${row.cacheControl ?? PRIVATE}`);
              }
            }
          }),
        );
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(matrix.length * matrixRoles.length);
  });
});
