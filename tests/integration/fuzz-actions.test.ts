/**
 * Fuzzing every action and form endpoint over real HTTP (fast-check): wrong types,
 * missing and extra fields, huge strings, any Unicode (lone surrogates, RTL marks, NUL),
 * arrays for strings, malformed JSON, urlencoded and multipart bodies, wrong content
 * types. Properties: never a 5xx; a refusal (4xx) carries a clear message; and a
 * refusal writes nothing (every table's rows are compared, rate-limit counters aside).
 *
 * The seed is fixed (FUZZ_SEED overrides it) and printed with any counterexample.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as UsersModule from "~/modules/users/users.server";
import type * as ProfileModule from "~/modules/users/profile.server";
import type * as ArticlesModule from "~/modules/articles/articles.server";
import type * as SessionsModule from "~/modules/training-sessions/training-sessions.server";
import type * as ContactsModule from "~/modules/contacts/contacts.server";
import type * as IntakeFixture from "~/modules/contacts/intake.fixture";
import type * as InvitationsModule from "~/modules/invitations/invitations.server";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import { isProgressIntent } from "~/modules/progress/progress-types";
import {
  changedTables,
  bodyFor,
  describeBody,
  requestInit,
  snapshot,
  startApp,
  type GeneratedBody,
  type RunningApp,
} from "./fuzz-harness";
import { sessionCookie } from "../support/sign-in";

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_921);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

type Who = "visitor" | "member" | "trainer" | "admin";
const PASSWORD = "Fuzz-password-123";
const accounts = {
  member: "member@fuzz.test",
  trainer: "trainer@fuzz.test",
  admin: "admin@fuzz.test",
  target: "target@fuzz.test",
} as const;

let app: RunningApp;
const cookies: Record<Who, string> = {
  visitor: "",
  member: "",
  trainer: "",
  admin: "",
};
const ids = {
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
};
let address = 0;

/** Every request from its own address: the limits count per address, and we want the handler. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/** The answer, or null when the server closed the connection before taking the whole body (an oversize upload). */
async function post(path: string, who: Who, init: { headers: Record<string, string>; body?: BodyInit }): Promise<Response | null> {
  try {
    return await fetch(`${app.base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.origin, "x-forwarded-for": nextAddress(), ...(cookies[who] ? { cookie: cookies[who] } : {}), ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") throw error;
    return null;
  }
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

interface Endpoint {
  name: string;
  path: string;
  who: Who;
  base: Record<string, string>;
  pools?: Record<string, readonly string[]>;
  /** Tables whose rows must stay exactly the same after a refusal (all tables' counts do too). */
  touches?: readonly string[];
  /** Tables a refusal is meant to write: a failed sign-in is audited. */
  refusalWrites?: readonly string[];
}

/** The tables each area's actions write. */
function touchesOf(path: string): string[] {
  if (path.startsWith("/members") || path === "/profile-setup") return ["progress_entries", "fitness_goals", "training_sessions", "profiles", "users", "accounts", "sessions"];
  if (path.startsWith("/admin/users")) return ["users", "invitations", "sessions"];
  if (path.startsWith("/admin/contacts")) return ["contact_submissions"];
  if (path.startsWith("/admin/settings")) return ["site_settings"];
  if (path.startsWith("/articles") || /^\/cms\/(?:articles|videos|meal-plans|schedules)\b/.test(path)) return ["articles", "content_items"];
  if (path.startsWith("/schedule")) return ["training_sessions"];
  if (path.startsWith("/cms/")) return ["uploads", "nutrition_documents"];
  if (path === "/contact") return ["contact_submissions"];
  return ["users", "accounts", "sessions", "verifications", "invitations"];
}

const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(
    new Date(),
  );

function endpoints(): Endpoint[] {
  const list: Endpoint[] = [
    {
      name: "intake /contact",
      path: "/contact",
      who: "visitor",
      base: {
        firstName: "Jordan",
        lastName: "Reyes",
        email: "jordan@example.com",
        phone: "07700 900123",
        age: "34",
        gender: "female",
        currentFitnessLevel: "intermediate",
        goals: "Weight Loss",
        preferredTrainingTime: "Evening (5-9 PM)",
        termsAccepted: "true",
      },
    },
    {
      name: "/login",
      path: "/login",
      who: "visitor",
      base: {
        email: accounts.member,
        password: "wrong-password-1",
        redirectTo: "/members",
      },
      refusalWrites: ["audit_log"],
    },
    {
      name: "/forgot-password",
      path: "/forgot-password",
      who: "visitor",
      base: { email: accounts.member },
    },
    {
      name: "/reset-password",
      path: "/reset-password",
      who: "visitor",
      base: {
        token: "not-a-token",
        password: "New-password-123",
        confirmPassword: "New-password-123",
      },
    },
    {
      name: "/invitations/accept",
      path: "/invitations/accept",
      who: "visitor",
      base: {
        token: "not-a-token",
        password: "New-password-123",
        confirmPassword: "New-password-123",
      },
    },
    {
      name: "/setup",
      path: "/setup",
      who: "visitor",
      base: {
        token: "not-a-token",
        name: "Sam",
        email: "sam@fuzz.test",
        password: "New-password-123",
      },
    },
    {
      name: "/logout",
      path: "/logout",
      who: "visitor",
      base: { redirectTo: "/" },
    },
    {
      name: "/profile-setup",
      path: "/profile-setup",
      who: "member",
      base: {
        fullName: "Fuzz Member",
        location: "Leeds",
        interests: "Lifting",
        experience: "Some",
        goals: "More",
      },
    },
    {
      name: "/cms/markdown-preview",
      path: "/cms/markdown-preview",
      who: "trainer",
      base: { content: "# Hello" },
    },
    {
      name: "/cms/uploads",
      path: "/cms/uploads",
      who: "trainer",
      base: { file: "not an image" },
    },
    {
      name: "/cms/documents",
      path: "/cms/documents?name=menu.pdf",
      who: "trainer",
      base: { file: "%PDF-1.4 not really" },
    },
    {
      name: "/articles/new",
      path: "/articles/new",
      who: "trainer",
      base: {
        title: "A title",
        excerpt: "An excerpt",
        content: "Body",
        category: "Training",
        readTime: "4",
        published: "on",
        membersOnly: "",
      },
    },
  ];
  const entryIds = [ids.entry, "no-such-entry"];
  const progress: Record<string, Record<string, string>> = {
    "log-body": { type: "weight", value: "180", date: today(), notes: "" },
    "log-measurements": { chest: "40", waist: "32", date: today() },
    "log-workout": {
      exercise: "squat",
      sets: "3",
      reps: "5",
      weight: "200",
      date: today(),
    },
    "set-goal": { title: "Goal", description: "Describe it", targetDate: "" },
    "update-goal": {
      id: ids.goal,
      title: "Goal",
      description: "Describe it",
      status: "in_progress",
    },
    "update-entry": { id: ids.entry, value: "181", date: today() },
    "delete-entry": { id: ids.entry },
    "delete-goal": { id: ids.goal },
    "set-unit": { unit: "kg" },
    "cancel-session": { id: ids.session, month: today().slice(0, 7) },
    "change-password": {
      currentPassword: "wrong-password-1",
      newPassword: "New-password-123",
      confirmPassword: "New-password-123",
    },
    "revoke-other-sessions": {},
    "update-profile": {
      fullName: "Fuzz Member",
      bio: "",
      location: "Leeds",
      interests: "",
      experience: "",
      goals: "",
    },
  };
  for (const [intent, base] of Object.entries(progress)) {
    list.push({
      // Progress has its own page and action; the other member forms post to /members.
      name: `${isProgressIntent(intent) ? "/members/progress" : "/members"} ${intent}`,
      path: isProgressIntent(intent) ? "/members/progress" : "/members",
      who: "member",
      base: { intent, ...base },
      pools: { id: [...entryIds, ids.goal, ids.session] },
    });
  }
  // Two-factor in Settings (nothing is on for the fuzz member): wrong codes are counted per account.
  for (const [intent, base] of Object.entries<Record<string, string>>({
    "two-factor-confirm": { code: "123456" },
    "two-factor-backup-codes": { code: "123456" },
    "two-factor-disable": { password: "wrong-password-1", code: "123456" },
  })) {
    list.push({
      name: `/members ${intent}`,
      path: "/members?tab=settings",
      who: "member",
      base: { intent, ...base },
      refusalWrites: ["request_limits", "audit_log"],
    });
  }
  list.push({ name: "/login/two-factor", path: "/login/two-factor", who: "visitor", base: { code: "123456", redirectTo: "/members" } });
  list.push({ name: "/admin/settings security", path: "/admin/settings", who: "admin", base: { intent: "security" } });
  const userIds = [ids.target, "no-such-user"];
  for (const [intent, base] of Object.entries<Record<string, string>>({
    invite: { name: "New Person", email: "new@fuzz.test", role: "member" },
    "set-role": { id: ids.target, role: "trainer" },
    deactivate: { id: ids.target },
    reactivate: { id: ids.target },
    resend: { id: ids.invitation },
    revoke: { id: ids.invitation },
    "reset-two-factor": { id: ids.target },
  })) {
    list.push({
      name: `/admin/users ${intent}`,
      path: "/admin/users",
      who: "admin",
      base: { intent, ...base },
      pools: {
        id: [...userIds, ids.invitation],
        role: ["member", "trainer", "admin"],
      },
    });
  }
  for (const intent of ["mark-read", "mark-responded", "delete"]) {
    list.push({
      name: `/admin/contacts ${intent}`,
      path: "/admin/contacts",
      who: "admin",
      base: { intent, id: ids.submission },
      pools: { id: [ids.submission, "no-such-submission"] },
    });
  }
  list.push(
    {
      name: "/admin/settings save",
      path: "/admin/settings",
      who: "admin",
      base: {
        intent: "save",
        businessName: "Relentless",
        email: "coach@fuzz.test",
        phone: "",
        address: "",
        timeZone: "Europe/London",
        instagramUrl: "",
        facebookUrl: "",
        youtubeUrl: "",
        tiktokUrl: "",
      },
    },
    {
      name: "/admin/settings test-email",
      path: "/admin/settings",
      who: "admin",
      base: { intent: "test-email" },
    },
  );
  const article = {
    title: "Fuzzed title",
    excerpt: "Excerpt",
    content: "Body",
    category: "Training",
    readTime: "4",
    published: "on",
  };
  list.push(
    {
      name: "/articles/:id/edit save",
      path: `/articles/${ids.article}/edit`,
      who: "trainer",
      base: article,
    },
    {
      name: "/articles/:id/edit delete",
      path: `/articles/${ids.article}/edit`,
      who: "trainer",
      base: { intent: "delete" },
    },
  );
  for (const tab of ["articles", "videos", "meal-plans", "schedules"]) {
    list.push({
      name: `/cms/${tab} create`,
      path: `/cms/${tab}`,
      who: "trainer",
      base: {
        intent: "create",
        title: "Fuzz",
        description: "Text",
        url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        category: "Training",
        content: "Body",
        duration: "30",
      },
    });
  }
  list.push({
    name: "/cms/articles delete",
    path: "/cms/articles",
    who: "trainer",
    base: { intent: "delete", id: ids.article },
    pools: { id: [ids.article, "no-such-content"] },
  });
  const sessionForm = {
    memberId: ids.member,
    date: today(),
    time: "09:00",
    duration: "60",
    type: "Strength",
    location: "Studio",
    description: "",
    status: "scheduled",
  };
  for (const intent of ["create", "update", "cancel"]) {
    list.push({
      name: `/schedule ${intent}`,
      path: "/schedule",
      who: "trainer",
      base: { intent, id: ids.session, ...sessionForm },
      pools: {
        id: [ids.session, "no-such-session"],
        memberId: [ids.member, ids.trainer, "no-such-member"],
      },
    });
  }
  list.push(
    {
      name: "/cms/nutrition-documents create-document",
      path: "/cms/nutrition-documents",
      who: "trainer",
      base: {
        intent: "create-document",
        title: "Menu",
        description: "Week one",
        category: "Meal Plans",
        type: "link",
        url: "https://example.com/menu",
      },
    },
    {
      name: "/cms/nutrition-documents delete-document",
      path: "/cms/nutrition-documents",
      who: "trainer",
      base: { intent: "delete-document", id: "no-such-document" },
    },
  );
  return list;
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
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("fuzzing every action and form endpoint", () => {
  it("never answers 5xx, explains every refusal and writes nothing when it refuses", async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const endpoint of endpoints()) {
      let before = await snapshot(app.database, endpoint.touches ?? touchesOf(endpoint.path), endpoint.refusalWrites);
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
              // No answer: the server stopped reading an oversize body, which is a refusal too.
              const text = response ? await response.text().catch(() => "") : "";
              const status = response?.status ?? 413;
              const fail = (why: string) => {
                problem = `${describeBody(body)}\n  → ${status} ${why}: ${text.slice(0, 300)}`;
                return false;
              };
              if (status >= 500) return fail("server error");
              const after = await snapshot(app.database, endpoint.touches ?? touchesOf(endpoint.path), endpoint.refusalWrites);
              if (status >= 400) {
                if (response && !clearMessage(response.headers.get("content-type") ?? "", text))
                  return fail("without a clear message");
                const changed = changedTables(before, after);
                if (changed.length > 0)
                  return fail(
                    `but these tables changed: ${changed.join(", ")}`,
                  );
              }
              before = after;
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
    expect(requests).toBeGreaterThan(endpoints().length * RUNS * 0.9);
    expect(failures, failures.join("\n\n")).toEqual([]);
  }, 600_000);
});
