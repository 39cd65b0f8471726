/**
 * The permission matrix: every route of app/routes.ts and every resource endpoint
 * outside React Router × role × operation, with the answer it must give. One table;
 * tests/e2e/permission-matrix.spec.ts sends each request over HTTP to the built server
 * and fails when a route of app/routes.ts (or a route's action) has no row here.
 *
 * An expected answer is a status, or "redirect:<path>" for a 302/303 whose Location
 * is that path (with any query string after it), "moved:<path>" the same for a
 * permanent 301/308 (an old address).
 */
export const matrixRoles = ["visitor", "memberA", "memberB", "trainer", "admin", "deactivated"] as const;
export type MatrixRole = (typeof matrixRoles)[number];
export type Expected = number | `redirect:${string}` | `moved:${string}`;
export type Operation = "read" | "create" | "update" | "delete";

/** Real ids and slugs, made or found by the spec before the matrix runs. */
export interface MatrixIds {
  today: string;
  /** A week ahead: sessions are scheduled then, so member A may still cancel one. */
  future: string;
  publicSlug: string;
  membersOnlySlug: string;
  articleId: string;
  memberAId: string;
  memberBId: string;
  deactivatedId: string;
  /** Member A's sessions: one member A cancels, one the staff update. */
  sessionForMember: string;
  sessionForStaff: string;
  /** The last class the Group Classes page lists (two weeks ahead): members A and B book it, then cancel. */
  bookableClassId: string;
  entryId: string;
  goalId: string;
  imageId: string;
  documentId: string;
  /** A program the trainer made through /programs/new. */
  programId: string;
  trainerId: string;
  /** Member B's copy of that program, whose week 1 day 1 member B trained (a finished workout). */
  copyId: string;
  trainedWeekId: string;
  trainedDayId: string;
  /** Member A's progress photo. */
  photoId: string;
  /** Member A's check-in of this week, sent through /members/check-ins. */
  checkInId: string;
  /** An upcoming group class of next week, as the staff's Classes list shows it. */
  classId: string;
  /** The receipt of a cash payment the administrator recorded for member A (issue 48). */
  receiptId: string;
}

let nobodies = 0;
/**
 * An e-mail with no account, new for every request: the per-account sign-in throttle and
 * the per-e-mail reset-request limit (tests/e2e/sign-in-throttle.spec.ts) must never
 * answer in place of the route this matrix checks.
 */
const nobody = () => `nobody-${(nobodies += 1)}@relentless.test`;

export interface MatrixRow {
  /** The path as written in app/routes.ts ("" for the index), or the endpoint outside React Router. */
  route: string;
  op: Operation;
  /** The action's intent (or what the POST does when the route has no intents). */
  intent?: string;
  path: (ids: MatrixIds) => string;
  /** A urlencoded form body; `json` sends it as JSON, `multipart` as multipart/form-data. */
  form?: (ids: MatrixIds) => Record<string, string>;
  encoding?: "form" | "json" | "multipart";
  expect: Record<MatrixRole, Expected>;
  /**
   * 0 (default) runs first, in any order. 1: changes that would spoil other rows
   * (member A deletes its own entry), after the ownership checks. 2: sign-out, last.
   */
  phase?: 0 | 1 | 2;
  /** What the answer to a request with a session cookie tells caches: PRIVATE unless given (server/cache-control.ts). */
  cacheControl?: string;
}

/** Every answer that may depend on who is asking. */
export const PRIVATE = "private, no-store";
const PUBLIC_FOR_AN_HOUR = "public, max-age=3600";

/**
 * One answer per role. Member B answers as member A unless given, and the deactivated
 * user (whose session was ended) always answers as a visitor: that is the point.
 */
function answers(visitor: Expected, member: Expected, trainer: Expected, admin: Expected, memberB: Expected = member): Record<MatrixRole, Expected> {
  return { visitor, memberA: member, memberB, trainer, admin, deactivated: visitor };
}

const everyone = (answer: Expected) => answers(answer, answer, answer, answer);
const toLogin = "redirect:/login" as const;
/** Signed-in people get `answer`; visitors are sent to sign in. */
const signedIn = (answer: Expected) => answers(toLogin, answer, answer, answer);
/** Trainer and admin get `answer`; members the 403 page; visitors sign in. */
const staffOnly = (answer: Expected) => answers(toLogin, "redirect:/unauthorized", answer, answer);
/** The admin area: other roles are sent to their dashboard (spec 7). */
const adminOnly = (answer: Expected) => answers(toLogin, "redirect:/members", "redirect:/members", answer);
/** JSON endpoints for staff: 401 and 403 answers instead of redirects. */
const staffJson = (answer: Expected) => answers(401, 403, answer, answer);
/** Where a signed-in person is sent when no page was asked for: members to their dashboard, staff to 'Needs attention'. */
const home = (visitor: Expected) => answers(visitor, "redirect:/members", "redirect:/coach", "redirect:/coach");
/** Pages that send signed-in people to their home. */
const signedOutOnly = home(200);

const read = (route: string, expect: Record<MatrixRole, Expected>, path?: (ids: MatrixIds) => string): MatrixRow => ({
  route,
  op: "read",
  path: path ?? (() => `/${route}`),
  expect,
});

const missingId = "matrix-no-such-id";

export const matrix: MatrixRow[] = [
  // Public pages.
  read("", everyone(200), () => "/"),
  read("services", everyone(200)),
  read("services/personal-training", everyone(200)),
  read("services/group-classes", everyone(200)),
  // Only members book, cancel, confirm or decline, and only their own place (decision 0102); a refusal is a 4xx, never a redirect.
  { route: "services/group-classes", op: "create", intent: "book", path: () => "/services/group-classes", form: (ids) => ({ intent: "book", classId: ids.bookableClassId }), expect: answers(401, "redirect:/services/group-classes", 403, 403) },
  { route: "services/group-classes", op: "update", intent: "confirm", path: () => "/services/group-classes", form: (ids) => ({ intent: "confirm", classId: ids.bookableClassId }), expect: answers(401, 409, 403, 403) },
  { route: "services/group-classes", op: "delete", intent: "decline", path: () => "/services/group-classes", form: (ids) => ({ intent: "decline", classId: ids.bookableClassId }), expect: answers(401, 409, 403, 403) },
  { route: "services/group-classes", op: "delete", intent: "cancel", path: () => "/services/group-classes", form: (ids) => ({ intent: "cancel", classId: ids.bookableClassId }), expect: answers(401, "redirect:/services/group-classes", 403, 403), phase: 1 },
  read("services/nutrition-coaching", everyone(200)),
  read("services/warrior-prep", everyone(200)),
  read("about", everyone(200)),
  read("transformations", everyone(200)),
  read("privacy", everyone(200)),
  read("terms", everyone(200)),
  read("cookies", everyone(200)),
  read("signup", everyone(200)),
  read("unauthorized", everyone(403)),
  { ...read("sitemap.xml", everyone(200)), cacheControl: PUBLIC_FOR_AN_HOUR },
  { ...read("robots.txt", everyone(200)), cacheControl: PUBLIC_FOR_AN_HOUR },
  { ...read("manifest.webmanifest", everyone(200)), cacheControl: "public, no-cache" },
  read("*", everyone(404), () => "/no-such-page"),
  read("articles", everyone(200)),
  read("content", everyone(200)),
  read("articles/:ref", everyone(200), (ids) => `/articles/${ids.publicSlug}`),
  // The members-only body never reaches a visitor: a redirect back to the list.
  read("articles/:ref", answers("redirect:/articles", 200, 200, 200), (ids) => `/articles/${ids.membersOnlySlug}`),
  read("articles/:ref", everyone(404), () => "/articles/no-such-article"),

  // Contact (the intake form): everyone may send it; an empty one is refused.
  read("contact", everyone(200)),
  { route: "contact", op: "create", intent: "apply", path: () => "/contact", form: () => ({ name: "", email: "not-an-email" }), expect: everyone(400) },

  // Signing in and out.
  read("login", signedOutOnly),
  read("auth", signedOutOnly),
  read("register", signedOutOnly),
  // The same page under three paths: a wrong password is a 401; signed-in people are
  // sent on to their dashboard whatever the action said (the page's loader redirects).
  ...(["login", "auth", "register"] as const).map(
    (route): MatrixRow => ({
      route,
      op: "create",
      intent: "sign-in",
      path: () => `/${route}`,
      form: () => ({ email: nobody(), password: "Not-the-password-1" }),
      expect: home(401),
    }),
  ),
  // The second step of a sign-in with two-factor: only with a pending sign-in's cookie.
  read("login/two-factor", home(toLogin)),
  // Without one the action refuses (401) and the page's loader then sends visitors to /login, others on.
  {
    route: "login/two-factor",
    op: "create",
    intent: "verify",
    path: () => "/login/two-factor",
    form: () => ({ code: "000000" }),
    expect: home(toLogin),
  },
  read("auth/callback", home(toLogin)),
  read("logout", everyone("redirect:/")),
  { route: "logout", op: "delete", intent: "sign-out", path: () => "/logout", form: () => ({}), expect: everyone("redirect:/"), phase: 2 },

  // Account recovery, invitations and the first administrator: token links.
  read("forgot-password", everyone(200)),
  { route: "forgot-password", op: "create", intent: "request", path: () => "/forgot-password", form: () => ({ email: nobody() }), expect: everyone(200) },
  read("reset-password", everyone(400)),
  { route: "reset-password", op: "update", intent: "reset", path: () => "/reset-password", form: () => ({ token: "matrix-bad-token", password: "Matrix-new-pass-1", confirmPassword: "Matrix-new-pass-1" }), expect: everyone(400) },
  read("invitations/accept", everyone(410)),
  { route: "invitations/accept", op: "create", intent: "accept", path: () => "/invitations/accept", form: () => ({ token: "matrix-bad-token", password: "Matrix-new-pass-1", confirmPassword: "Matrix-new-pass-1" }), expect: everyone(410) },
  read("setup", everyone(404)),
  { route: "setup", op: "create", intent: "create-admin", path: () => "/setup", form: () => ({ token: "matrix-bad-token", name: "Mallory", email: "mallory@relentless.test", password: "Matrix-new-pass-1" }), expect: everyone(410) },
  read("profile-setup", signedIn("redirect:/members")),
  {
    route: "profile-setup",
    op: "update",
    intent: "complete-profile",
    path: () => "/profile-setup",
    form: () => ({ fullName: "", location: "", interests: "", experience: "", goals: "" }),
    // Complete profiles are sent to the dashboard, as the page's loader does.
    expect: signedIn("redirect:/members"),
  },

  // The member area: every role has one; the data is always the caller's own.
  read("members", answers(401, 200, 200, 200)),
  read("members/nutrition", answers(401, 200, 200, 200)),
  read("members/progress", answers(401, 200, 200, 200)),
  read("members/community", answers(401, 200, 200, 200)),
  read("members/schedule", answers(401, 200, 200, 200)),
  read("members/settings", answers(401, 200, 200, 200)),
  read("members/workouts", answers(401, 200, 200, 200)),
  // Only one's own workout is found: a workout of nobody (or of another member) is 404 alike.
  read("members/workouts/:workoutId", answers(401, 404, 404, 404), () => `/members/workouts/${missingId}`),
  // The page of a workout not started yet (decision 0112): nobody's id or day is not found alike.
  read("members/workouts/:workoutId", answers(401, 404, 404, 404), () => `/members/workouts/${missingId}?day=${missingId}`),
  {
    route: "members/workouts",
    op: "create",
    intent: "start-workout",
    path: () => "/members/workouts",
    // A day of nobody's program: not found; a save without a session goes to sign in.
    form: () => ({ intent: "start-workout", dayId: missingId }),
    expect: answers(toLogin, 404, 404, 404),
  },
  {
    route: "members/workouts/:workoutId",
    op: "create",
    intent: "log-set",
    path: () => `/members/workouts/${missingId}`,
    form: () => ({ intent: "log-set", workoutExerciseId: missingId, weight: "100", reps: "5" }),
    expect: answers(toLogin, 404, 404, 404),
  },
  // The doors that make sets and exercises (their limits are the owner's 409, fuzzed and route-tested): nobody's workout is 404 first.
  ...(
    [
      ["add-set", { workoutExerciseId: missingId }],
      ["add-exercise", { exerciseId: "squat" }],
      ["swap-exercise", { workoutExerciseId: missingId, exerciseId: "squat" }],
    ] as const
  ).map(
    ([intent, fields]): MatrixRow => ({
      route: "members/workouts/:workoutId",
      op: "create",
      intent,
      path: () => `/members/workouts/${missingId}`,
      form: () => ({ intent, ...fields }),
      expect: answers(toLogin, 404, 404, 404),
    }),
  ),
  // The offline queue's door (decision 0093): JSON, the member's own workouts only; nobody's workout is 404, a visitor 401.
  read("members/workouts/:workoutId/sync", everyone(405), () => `/members/workouts/${missingId}/sync`),
  {
    route: "members/workouts/:workoutId/sync",
    op: "create",
    intent: "log-set",
    path: () => `/members/workouts/${missingId}/sync`,
    form: () => ({ intent: "log-set", workoutExerciseId: missingId, weight: "100", reps: "5", clientKey: "6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f" }),
    expect: answers(401, 404, 404, 404),
  },
  // The queue's start (decision 0112): a visitor 401; an id that is no UUID is refused before anything is read or written.
  {
    route: "members/workouts/:workoutId/sync",
    op: "create",
    intent: "start-workout",
    path: () => `/members/workouts/${missingId}/sync`,
    form: () => ({ intent: "start-workout", dayId: missingId, snapshot: JSON.stringify({ title: "Push", performedOn: "2026-01-05", exercises: [] }) }),
    expect: answers(401, 400, 400, 400),
  },
  // Progress photos: one's own only. An upload without a file is refused; member A's photo is nobody else's to delete.
  read("members/progress/photos", answers(401, 200, 200, 200)),
  {
    route: "members/progress/photos",
    op: "create",
    intent: "upload",
    path: () => "/members/progress/photos",
    form: (ids) => ({ intent: "upload", pose: "front", takenOn: ids.today }),
    encoding: "multipart",
    expect: answers(toLogin, 400, 400, 400),
  },
  {
    route: "members/progress/photos",
    op: "delete",
    intent: "delete",
    path: () => "/members/progress/photos",
    form: (ids) => ({ intent: "delete", id: ids.photoId }),
    expect: answers(toLogin, "redirect:/members/progress/photos", 404, 404, 404),
    phase: 1,
  },
  // The bytes: member A and the staff; member B gets 'not found' as for a photo that does not exist.
  read("progress-photos/:photoId/:file", answers(toLogin, 200, 200, 200, 404), (ids) => `/progress-photos/${ids.photoId}/480.jpg`),
  read("progress-photos/:photoId/:file", signedIn(404), () => `/progress-photos/${missingId}/480.jpg`),
  read("coach/members/:memberId/photos", staffOnly(200), (ids) => `/coach/members/${ids.memberAId}/photos`),
  read("coach/members/:memberId/photos", staffOnly(404), () => `/coach/members/${missingId}/photos`),
  read("coach/members/:memberId/photos", staffOnly(404), (ids) => `/coach/members/${ids.trainerId}/photos`),
  // Weekly check-ins: each person's own; member A's check-in is not found for anyone else.
  read("members/check-ins", answers(401, 200, 200, 200)),
  read("members/check-ins/:checkInId", answers(401, 200, 404, 404, 404), (ids) => `/members/check-ins/${ids.checkInId}`),
  read("members/check-ins/:checkInId", answers(401, 404, 404, 404), () => `/members/check-ins/${missingId}`),
  // A scale of 6 is refused (400) and saves nothing; without a session the form is kept (401).
  {
    route: "members/check-ins",
    op: "create",
    intent: "save-check-in",
    path: () => "/members/check-ins",
    form: () => ({ intent: "save-check-in", sleep: "6", energy: "3", stress: "3", hunger: "3", nutritionAdherence: "80" }),
    expect: answers(401, 400, 400, 400),
  },
  {
    route: "members/check-ins/:checkInId",
    op: "update",
    intent: "save-check-in",
    path: (ids) => `/members/check-ins/${ids.checkInId}`,
    form: () => ({ intent: "save-check-in", sleep: "6", energy: "3", stress: "3", hunger: "3", nutritionAdherence: "80" }),
    expect: answers(401, 400, 404, 404, 404),
  },
  // The old addresses of the screens moved for good, for everyone.
  read("members", everyone(301), () => "/members?tab=settings"),
  read("members", everyone(301), () => "/members?tab=progress&range=3m"),
  read("members/progress.csv", signedIn(200)),
  // A progress or profile save without a session is a 401 (the page keeps the form; decision on the error catalogue).
  ...(["log-body", "log-measurements", "log-workout", "set-goal", "set-unit"] as const).map(
    (intent): MatrixRow => ({
      route: "members/progress",
      op: "create",
      intent,
      path: () => "/members/progress",
      form: (ids): Record<string, string> =>
        ({
          "log-body": { intent, type: "weight", value: "181", date: ids.today },
          "log-measurements": { intent, waist: "32", date: ids.today },
          "log-workout": { intent, exercise: "squat", sets: "3", reps: "5", weight: "200", date: ids.today },
          "set-goal": { intent, title: "Matrix goal", description: "Written by the permission matrix" },
          "set-unit": { intent, unit: "lbs" },
        } as Record<typeof intent, Record<string, string>>)[intent],
      expect: answers(401, 200, 200, 200),
    }),
  ),
  // Member A's own objects: only member A may change them; for anyone else they do not exist.
  {
    route: "members/progress",
    op: "update",
    intent: "update-entry",
    path: () => "/members/progress",
    form: (ids) => ({ intent: "update-entry", id: ids.entryId, value: "180", date: ids.today }),
    expect: answers(401, 200, 404, 404, 404),
  },
  {
    route: "members/progress",
    op: "update",
    intent: "update-goal",
    path: () => "/members/progress",
    form: (ids) => ({ intent: "update-goal", id: ids.goalId, title: "Member A's goal", description: "Deadlift twice my weight", status: "in_progress" }),
    expect: answers(401, 200, 404, 404, 404),
  },
  {
    route: "members/progress",
    op: "delete",
    intent: "delete-entry",
    path: () => "/members/progress",
    form: (ids) => ({ intent: "delete-entry", id: ids.entryId }),
    expect: answers(401, 200, 404, 404, 404),
    phase: 1,
  },
  {
    route: "members/progress",
    op: "delete",
    intent: "delete-goal",
    path: () => "/members/progress",
    form: (ids) => ({ intent: "delete-goal", id: ids.goalId }),
    expect: answers(401, 200, 404, 404, 404),
    phase: 1,
  },
  {
    route: "members/schedule",
    op: "delete",
    intent: "cancel-session",
    path: () => "/members/schedule",
    form: (ids) => ({ intent: "cancel-session", id: ids.sessionForMember }),
    expect: answers(toLogin, "redirect:/members/schedule", 404, 404, 404),
    phase: 1,
  },
  {
    route: "members/settings",
    op: "update",
    intent: "update-profile",
    path: () => "/members/settings",
    form: () => ({ intent: "update-profile", fullName: "" }),
    expect: answers(401, 400, 400, 400),
  },
  {
    route: "members/settings",
    op: "update",
    intent: "change-password",
    path: () => "/members/settings",
    form: () => ({ intent: "change-password", currentPassword: "Not-the-password-1", newPassword: "Matrix-new-pass-1", confirmPassword: "Matrix-new-pass-1" }),
    expect: answers(toLogin, 400, 400, 400),
  },
  {
    route: "members/settings",
    op: "delete",
    intent: "revoke-other-sessions",
    path: () => "/members/settings",
    form: () => ({ intent: "revoke-other-sessions" }),
    expect: signedIn("redirect:/members/settings"),
  },
  // Two-factor authentication in Settings: each person's own; nothing is on for the matrix users.
  { route: "members/settings", op: "create", intent: "two-factor-start", path: () => "/members/settings", form: () => ({ intent: "two-factor-start" }), expect: signedIn("redirect:/members/settings#two-factor") },
  { route: "members/settings", op: "update", intent: "two-factor-confirm", path: () => "/members/settings", form: () => ({ intent: "two-factor-confirm", code: "" }), expect: answers(toLogin, 400, 400, 400) },
  { route: "members/settings", op: "create", intent: "two-factor-backup-codes", path: () => "/members/settings", form: () => ({ intent: "two-factor-backup-codes", code: "000000" }), expect: answers(toLogin, 409, 409, 409) },
  { route: "members/settings", op: "delete", intent: "two-factor-disable", path: () => "/members/settings", form: () => ({ intent: "two-factor-disable", password: "Not-the-password-1", code: "000000" }), expect: answers(toLogin, 409, 409, 409) },
  { route: "members/settings", op: "delete", intent: "two-factor-cancel", path: () => "/members/settings", form: () => ({ intent: "two-factor-cancel" }), expect: signedIn("redirect:/members/settings#two-factor"), phase: 1 },
  // An unknown intent changes nothing for anyone (the action contract answers it before any handler).
  { route: "members/settings", op: "create", intent: "unknown", path: () => "/members/settings", form: () => ({ intent: "matrix-unknown" }), expect: everyone(400) },
  // Members' data: a download starts for every signed-in person; only members may ask for deletion (and withdraw it, last).
  { route: "members/settings", op: "create", intent: "export-data", path: () => "/members/settings", form: () => ({ intent: "export-data" }), expect: signedIn("redirect:/members/settings") },
  { route: "members/settings", op: "create", intent: "request-deletion", path: () => "/members/settings", form: () => ({ intent: "request-deletion" }), expect: answers(toLogin, "redirect:/members/settings", 403, 403) },
  { route: "members/settings", op: "delete", intent: "withdraw-deletion", path: () => "/members/settings", form: () => ({ intent: "withdraw-deletion" }), expect: answers(toLogin, "redirect:/members/settings", 403, 403), phase: 1 },
  // The e-mailed link: a visitor signs in first; a made-up token is the one 'not found'.
  read("data-exports/download", answers(toLogin, 404, 404, 404), () => "/data-exports/download?token=matrix-made-up"),
  // Message e-mails in Settings: each person's own; a value that is neither on nor off changes nothing.
  // Calendar feeds (issue 30): each signed-in person makes their own private link (the page answers with it); a made-up secret is 'not found' to everyone.
  { route: "members/settings", op: "create", intent: "calendar-feed", path: () => "/members/settings", form: () => ({ intent: "calendar-feed" }), expect: signedIn(200) },
  read("calendar/:feed", everyone(404), () => `/calendar/${"x".repeat(43)}.ics`),
  { route: "members/settings", op: "update", intent: "message-emails", path: () => "/members/settings", form: () => ({ intent: "message-emails", messageEmails: "maybe" }), expect: answers(toLogin, 400, 400, 400) },

  // E-mail reminders (issue 30): a member's own; an hour out of range changes nothing. Staff have no reminders.
  { route: "members/settings", op: "update", intent: "reminders", path: () => "/members/settings", form: () => ({ intent: "reminders", morningHour: "24", timeZone: "Europe/London" }), expect: answers(toLogin, 400, 403, 403) },
  // An e-mail's one-click unsubscribe needs no sign-in: its signed token is the permission; a made-up one is 'not found' for everyone.
  read("unsubscribe", everyone(404), () => "/unsubscribe?token=matrix-made-up"),
  { route: "unsubscribe", op: "update", intent: "unsubscribe", path: () => "/unsubscribe?token=matrix-made-up", form: () => ({ "List-Unsubscribe": "One-Click" }), expect: everyone(404) },

  // Messages (issue 28): a member's own conversation; staff read every member's at /coach. Another member's is 'not found'.
  read("members/messages", answers(401, 200, "redirect:/coach/messages", "redirect:/coach/messages")),
  // An empty message is refused after the checks; a staff account has no conversation of its own (its post is refused
  // as not found, then the page's loader sends staff to /coach/messages).
  { route: "members/messages", op: "create", intent: "send-message", path: () => "/members/messages", form: () => ({ intent: "send-message", body: "" }), expect: answers(toLogin, 400, "redirect:/coach/messages", "redirect:/coach/messages") },
  // The live streams never end, so the matrix asks with a malformed ?after=: answered (400) once the access checks passed.
  read("members/messages/events", answers(401, 400, 404, 404), () => "/members/messages/events?after=x"),
  read("coach/messages", staffOnly(200)),
  read("coach/messages", staffOnly(200), () => "/coach/messages?page=2"),
  read("coach/members/:memberId/messages", answers(toLogin, "redirect:/members/messages", 200, 200, 404), (ids) => `/coach/members/${ids.memberAId}/messages`),
  read("coach/members/:memberId/messages", answers(toLogin, 404, 404, 404), () => `/coach/members/${missingId}/messages`),
  read("coach/members/:memberId/messages", answers(toLogin, 404, 404, 404), (ids) => `/coach/members/${ids.trainerId}/messages`),
  {
    route: "coach/members/:memberId/messages",
    op: "create",
    intent: "send-message",
    path: (ids) => `/coach/members/${ids.memberAId}/messages`,
    form: () => ({ intent: "send-message", body: "" }),
    expect: answers(toLogin, "redirect:/members/messages", 400, 400, 404),
  },
  // A message's image: the member's and the staff's only (a message that does not exist answers as another member's).
  read("message-images/:messageId/:file", answers(toLogin, 404, 404, 404), () => `/message-images/${missingId}/960.webp`),
  read("coach/members/:memberId/messages/events", answers(401, 400, 400, 400, 404), (ids) => `/coach/members/${ids.memberAId}/messages/events?after=x`),

  // Staff: member progress, the schedule, content, articles, uploads and documents.
  read("members/:memberId/progress", staffOnly(200), (ids) => `/members/${ids.memberAId}/progress`),
  read("members/:memberId/progress", staffOnly(404), () => `/members/${missingId}/progress`),
  // Only members have these views: a staff account's id is not found.
  read("members/:memberId/progress", staffOnly(404), (ids) => `/members/${ids.trainerId}/progress`),
  // A member's training (any member, for staff); a comment on a workout that is not there changes nothing.
  read("members/:memberId/training", staffOnly(200), (ids) => `/members/${ids.memberAId}/training`),
  read("members/:memberId/training", staffOnly(404), () => `/members/${missingId}/training`),
  read("members/:memberId/training", staffOnly(404), (ids) => `/members/${ids.trainerId}/training`),
  {
    route: "members/:memberId/training",
    op: "create",
    intent: "comment",
    path: (ids) => `/members/${ids.memberAId}/training`,
    form: () => ({ intent: "comment", workoutId: missingId, body: "Matrix comment" }),
    expect: staffOnly(404),
  },
  // The coach's home and one page per member; a stale dismissal and a goal weight out of range change nothing.
  read("coach", staffOnly(200)),
  { route: "coach", op: "update", intent: "dismiss-attention", path: () => "/coach", form: (ids) => ({ intent: "dismiss-attention", memberId: ids.memberAId, reason: "unanswered_message", occurrence: "1" }), expect: staffOnly("redirect:/coach") },
  read("coach/members/:memberId", staffOnly(200), (ids) => `/coach/members/${ids.memberAId}`),
  read("coach/members/:memberId", staffOnly(404), () => `/coach/members/${missingId}`),
  read("coach/members/:memberId", staffOnly(404), (ids) => `/coach/members/${ids.trainerId}`),
  {
    route: "coach/members/:memberId",
    op: "update",
    intent: "set-goal-weight",
    path: (ids) => `/coach/members/${ids.memberAId}`,
    // Out of range: refused at the field, nothing saved.
    form: () => ({ intent: "set-goal-weight", goalWeight: "0" }),
    expect: staffOnly(400),
  },
  // A member's check-ins for staff: any member's; a check-in under another member's address is not found.
  read("coach/members/:memberId/check-ins", staffOnly(200), (ids) => `/coach/members/${ids.memberAId}/check-ins`),
  read("coach/members/:memberId/check-ins", staffOnly(404), () => `/coach/members/${missingId}/check-ins`),
  read("coach/members/:memberId/check-ins", staffOnly(404), (ids) => `/coach/members/${ids.trainerId}/check-ins`),
  read("coach/members/:memberId/check-ins/:checkInId", staffOnly(200), (ids) => `/coach/members/${ids.memberAId}/check-ins/${ids.checkInId}`),
  read("coach/members/:memberId/check-ins/:checkInId", staffOnly(404), (ids) => `/coach/members/${ids.memberBId}/check-ins/${ids.checkInId}`),
  {
    route: "coach/members/:memberId/check-ins",
    op: "update",
    intent: "set-check-in-day",
    path: (ids) => `/coach/members/${ids.memberAId}/check-ins`,
    form: () => ({ intent: "set-check-in-day", checkInDay: "9" }),
    expect: staffOnly(400),
  },
  {
    route: "coach/members/:memberId/check-ins/:checkInId",
    op: "create",
    intent: "reply",
    path: (ids) => `/coach/members/${ids.memberAId}/check-ins/${missingId}`,
    form: () => ({ intent: "reply", reply: "Matrix reply" }),
    expect: staffOnly(404),
  },
  read("schedule", staffOnly(200)),
  {
    route: "schedule",
    op: "create",
    intent: "create",
    path: () => "/schedule",
    form: (ids) => ({ intent: "create", memberId: ids.memberAId, date: ids.future, time: "06:00", duration: "30", type: "Matrix check-in", location: "", description: "", status: "scheduled" }),
    expect: staffOnly("redirect:/schedule"),
  },
  {
    route: "schedule",
    op: "update",
    intent: "update",
    path: () => "/schedule",
    form: (ids) => ({ intent: "update", id: ids.sessionForStaff, memberId: ids.memberAId, date: ids.future, time: "07:00", duration: "45", type: "Matrix staff session", location: "", description: "", status: "scheduled" }),
    expect: staffOnly("redirect:/schedule"),
  },
  // Trainer and admin run side by side, so one session would be cancelled by whichever comes first and refused (409) to
  // the other: both cancel one that is not there. Staff pass the gate and get the module's 404; a cancel that works is
  // tests/e2e/sessions.spec.ts and tests/integration/session-routes.test.ts.
  { route: "schedule", op: "delete", intent: "cancel", path: () => "/schedule", form: () => ({ intent: "cancel", id: "no-such-session" }), expect: staffOnly(404), phase: 1 },
  // The content manager: the layout checks once for every tab (tests/e2e/guards.spec.ts: their data requests too).
  read("cms", staffOnly("moved:/cms/articles")),
  read("cms", staffOnly("moved:/cms/videos"), () => "/cms?tab=videos&page=2"),
  ...(["articles", "videos", "meal-plans", "schedules"] as const).flatMap((tab): MatrixRow[] => [
    read(`cms/${tab}`, staffOnly(200)),
    { route: `cms/${tab}`, op: "create", intent: "create", path: () => `/cms/${tab}`, form: () => ({ intent: "create", title: "" }), expect: staffOnly(400) },
    { route: `cms/${tab}`, op: "delete", intent: "delete", path: () => `/cms/${tab}`, form: () => ({ intent: "delete", id: missingId }), expect: staffOnly(`redirect:/cms/${tab}`) },
  ]),
  read("articles/new", staffOnly(200)),
  { route: "articles/new", op: "create", intent: "save", path: () => "/articles/new", form: () => ({ title: "", content: "" }), expect: staffOnly(400) },
  read("articles/:id/edit", staffOnly(200), (ids) => `/articles/${ids.articleId}/edit`),
  read("articles/:id/edit", staffOnly(404), () => `/articles/${missingId}/edit`),
  { route: "articles/:id/edit", op: "update", intent: "save", path: (ids) => `/articles/${ids.articleId}/edit`, form: () => ({ title: "", content: "" }), expect: staffOnly(400) },
  { route: "articles/:id/edit", op: "delete", intent: "delete", path: () => `/articles/${missingId}/edit`, form: () => ({ intent: "delete" }), expect: staffOnly("redirect:/articles") },
  read("cms/markdown-preview", everyone(405)),
  { route: "cms/markdown-preview", op: "create", intent: "preview", path: () => "/cms/markdown-preview", form: () => ({ content: "# Matrix" }), encoding: "json", expect: staffJson(200) },
  read("cms/uploads", everyone(405)),
  { route: "cms/uploads", op: "create", intent: "upload", path: () => "/cms/uploads", form: () => ({ note: "no file" }), encoding: "multipart", expect: staffJson(415) },
  read("cms/documents", everyone(405)),
  { route: "cms/documents", op: "create", intent: "upload", path: () => "/cms/documents", form: () => ({ note: "no file" }), encoding: "multipart", expect: staffJson(415) },
  read("cms/nutrition-documents", staffOnly(200)),
  {
    route: "cms/nutrition-documents",
    op: "create",
    intent: "create-document",
    path: () => "/cms/nutrition-documents",
    form: () => ({ intent: "create-document", title: "" }),
    expect: staffOnly(400),
  },
  {
    route: "cms/nutrition-documents",
    op: "delete",
    intent: "delete-document",
    path: () => "/cms/nutrition-documents",
    form: () => ({ intent: "delete-document", id: missingId }),
    expect: staffOnly(404),
  },
  // Group classes, the staff side (decision 0105): the layout checks once; the class types are the administrators'.
  read("classes", staffOnly(200)),
  read("classes", staffOnly(200), () => "/classes?week=1"),
  read("classes/new", staffOnly(200)),
  { route: "classes/new", op: "create", intent: "add-class", path: () => "/classes/new", form: () => ({ intent: "add-class", classTypeId: "", date: "", time: "" }), expect: staffOnly(400) },
  read("classes/timetable", staffOnly(200)),
  read("classes/timetable", staffOnly(200), () => `/classes/timetable?edit=class-slot-mon-am`),
  { route: "classes/timetable", op: "create", intent: "save-row", path: () => "/classes/timetable", form: () => ({ intent: "save-row", weekday: "9", time: "", classTypeId: "" }), expect: staffOnly(400) },
  { route: "classes/timetable", op: "update", intent: "save-row", path: () => "/classes/timetable", form: () => ({ intent: "save-row", rowId: missingId, weekday: "1", time: "06:00", classTypeId: "class-type-hiit" }), expect: staffOnly(404) },
  { route: "classes/timetable", op: "delete", intent: "remove-row", path: () => "/classes/timetable", form: () => ({ intent: "remove-row", rowId: missingId }), expect: staffOnly("redirect:/classes/timetable") },
  read("classes/types", staffOnly(200)),
  read("classes/types", staffOnly(200), () => "/classes/types?edit=class-type-hiit"),
  // A trainer may not add or change a type (403); an administrator's empty form is refused (400).
  { route: "classes/types", op: "create", intent: "save-type", path: () => "/classes/types", form: () => ({ intent: "save-type", name: "" }), expect: answers(toLogin, "redirect:/unauthorized", 403, 400) },
  { route: "classes/types", op: "update", intent: "save-type", path: () => "/classes/types", form: () => ({ intent: "save-type", typeId: "class-type-hiit", name: "" }), expect: answers(toLogin, "redirect:/unauthorized", 403, 400) },
  { route: "classes/types", op: "update", intent: "move-type", path: () => "/classes/types", form: () => ({ intent: "move-type", typeId: missingId, direction: "up" }), expect: staffOnly("redirect:/classes/types") },
  { route: "classes/types", op: "delete", intent: "remove-type", path: () => "/classes/types", form: () => ({ intent: "remove-type", typeId: missingId }), expect: staffOnly("redirect:/classes/types") },
  read("classes/:classId", staffOnly(200), (ids) => `/classes/${ids.classId}`),
  read("classes/:classId", staffOnly(404), () => `/classes/${missingId}`),
  { route: "classes/:classId", op: "update", intent: "change-class", path: (ids) => `/classes/${ids.classId}`, form: () => ({ intent: "change-class", date: "", time: "" }), expect: staffOnly(400) },
  { route: "classes/:classId", op: "delete", intent: "cancel-class", path: () => `/classes/${missingId}`, form: () => ({ intent: "cancel-class" }), expect: staffOnly(`redirect:/classes/${missingId}`) },
  { route: "classes/:classId", op: "update", intent: "mark-attendance", path: () => `/classes/${missingId}`, form: () => ({ intent: "mark-attendance", bookingId: missingId, mark: "attended" }), expect: staffOnly(`redirect:/classes/${missingId}`) },
  { route: "classes/:classId", op: "update", intent: "mark-all-attended", path: () => `/classes/${missingId}`, form: () => ({ intent: "mark-all-attended" }), expect: staffOnly(`redirect:/classes/${missingId}`) },
  // The front desk (decision 0120): members never reach it; staff naming nobody are refused on the member field.
  { route: "classes/:classId", op: "create", intent: "desk-book", path: (ids) => `/classes/${ids.classId}`, form: () => ({ intent: "desk-book", memberId: missingId }), expect: staffOnly(400) },
  { route: "classes/:classId", op: "update", intent: "desk-move", path: (ids) => `/classes/${ids.classId}`, form: () => ({ intent: "desk-move", memberId: missingId, toClassId: missingId }), expect: staffOnly(400) },
  { route: "classes/:classId", op: "delete", intent: "desk-cancel", path: (ids) => `/classes/${ids.classId}`, form: () => ({ intent: "desk-cancel", memberId: missingId }), expect: staffOnly(400) },
  // Programs: the layout checks once for every screen (tests/integration/programs-routes.test.ts: their data requests too).
  read("programs", staffOnly(200)),
  read("programs/templates", staffOnly(200)),
  {
    route: "programs/templates",
    op: "create",
    intent: "start-from-template",
    path: () => "/programs/templates",
    form: () => ({ intent: "start-from-template", templateId: missingId }),
    expect: staffOnly("redirect:/programs/templates"),
  },
  read("programs/new", staffOnly(200)),
  { route: "programs/new", op: "create", intent: "create-program", path: () => "/programs/new", form: () => ({ intent: "create-program", name: "" }), expect: staffOnly(400) },
  read("programs/:programId", staffOnly(200), (ids) => `/programs/${ids.programId}`),
  read("programs/:programId", staffOnly(200), (ids) => `/programs/${ids.programId}?week=2`),
  read("programs/:programId", staffOnly(404), () => `/programs/${missingId}`),
  // How far an assignment's copies are (the builder asks while they are made): JSON for staff.
  read("programs/:programId/assignments", staffJson(200), (ids) => `/programs/${ids.programId}/assignments?ids=${missingId}`),
  // The block form's exercise search as the coach types: JSON for staff.
  read("programs/exercise-choices", staffJson(200), () => "/programs/exercise-choices?q=bench"),
  // The assign form's member search as the coach types: JSON for staff.
  read("programs/member-choices", staffJson(200), () => "/programs/member-choices?q=member"),
  {
    route: "programs/:programId",
    op: "update",
    intent: "add-day",
    path: (ids) => `/programs/${ids.programId}`,
    form: () => ({ intent: "add-day", weekId: missingId, dayIndex: "9", title: "Matrix day" }),
    expect: staffOnly(400),
  },
  {
    route: "programs/:programId",
    op: "update",
    intent: "assign",
    path: (ids) => `/programs/${ids.programId}`,
    form: (ids) => ({ intent: "assign", memberIds: ids.deactivatedId, startDate: ids.future }),
    expect: staffOnly(400),
  },
  { route: "programs/:programId", op: "delete", intent: "remove-block", path: (ids) => `/programs/${ids.programId}`, form: () => ({ intent: "remove-block", blockId: missingId }), expect: staffOnly(404) },
  // A member's trained day stays as it was trained (decision 0043): staff edits of it are a 409.
  {
    route: "programs/:programId",
    op: "update",
    intent: "update-day",
    path: (ids) => `/programs/${ids.copyId}`,
    form: (ids) => ({ intent: "update-day", dayId: ids.trainedDayId, title: "Rewritten", notes: "" }),
    expect: staffOnly(409),
  },
  { route: "programs/:programId", op: "update", intent: "move-day", path: (ids) => `/programs/${ids.copyId}`, form: (ids) => ({ intent: "move-day", dayId: ids.trainedDayId, dayIndex: "4" }), expect: staffOnly(409) },
  { route: "programs/:programId", op: "delete", intent: "remove-week", path: (ids) => `/programs/${ids.copyId}`, form: (ids) => ({ intent: "remove-week", weekId: ids.trainedWeekId }), expect: staffOnly(409) },
  // The exercise library (tests/e2e/exercise-library.spec.ts: a data request too).
  read("programs/exercises", staffOnly(200)),
  read("programs/exercises", staffOnly(200), () => "/programs/exercises?q=press&muscle=chest&equipment=barbell&page=2"),
  read("programs/exercises/new", staffOnly(200)),
  { route: "programs/exercises/new", op: "create", intent: "save", path: () => "/programs/exercises/new", form: () => ({ intent: "save", name: "" }), expect: staffOnly(400) },
  read("programs/exercises/:exerciseId", staffOnly(200), () => "/programs/exercises/bench-press"),
  read("programs/exercises/:exerciseId", staffOnly(404), () => `/programs/exercises/${missingId}`),
  // Built-ins are read-only for everybody: their edit form answers 403 to staff too.
  read("programs/exercises/:exerciseId/edit", staffOnly(403), () => "/programs/exercises/bench-press/edit"),
  read("programs/exercises/:exerciseId/edit", staffOnly(404), () => `/programs/exercises/${missingId}/edit`),
  {
    route: "programs/exercises/:exerciseId/edit",
    op: "update",
    intent: "save",
    path: () => "/programs/exercises/bench-press/edit",
    form: () => ({ intent: "save", name: "Taken over", category: "strength", measure: "reps", primaryMuscles: "chest", equipment: "barbell" }),
    expect: staffOnly(403),
  },
  { route: "programs/exercises/:exerciseId/edit", op: "delete", intent: "delete", path: () => "/programs/exercises/bench-press/edit", form: () => ({ intent: "delete" }), expect: staffOnly(403) },
  { route: "programs/exercises/:exerciseId/edit", op: "delete", intent: "delete", path: () => `/programs/exercises/${missingId}/edit`, form: () => ({ intent: "delete" }), expect: staffOnly(404) },
  read("documents/:id", signedIn(200), (ids) => `/documents/${ids.documentId}`),
  read("documents/:id", signedIn(404), () => `/documents/${missingId}`),

  // The admin area.
  read("admin", adminOnly(200)),
  read("admin/activity", adminOnly(200)),
  read("admin/contacts", adminOnly(200)),
  ...(["mark-read", "mark-responded", "delete"] as const).map(
    (intent): MatrixRow => ({
      route: "admin/contacts",
      op: intent === "delete" ? "delete" : "update",
      intent,
      path: () => "/admin/contacts",
      form: () => ({ intent, id: missingId }),
      expect: adminOnly("redirect:/admin/contacts"),
    }),
  ),
  read("admin/settings", adminOnly(200)),
  { route: "admin/settings", op: "update", intent: "save", path: () => "/admin/settings", form: () => ({ intent: "save", businessName: "" }), expect: adminOnly(400) },
  { route: "admin/settings", op: "create", intent: "test-email", path: () => "/admin/settings", form: () => ({ intent: "test-email" }), expect: adminOnly("redirect:/admin/settings") },
  // Unticked: the setting stays off, as the set-up left it.
  { route: "admin/settings", op: "update", intent: "security", path: () => "/admin/settings", form: () => ({ intent: "security" }), expect: adminOnly("redirect:/admin/settings") },
  // Refused (no such number of backups): the setting stays as it was.
  { route: "admin/settings", op: "update", intent: "backups", path: () => "/admin/settings", form: () => ({ intent: "backups", keep: "0" }), expect: adminOnly(400) },
  { route: "admin/settings", op: "update", intent: "class-bookings", path: () => "/admin/settings", form: () => ({ intent: "class-bookings", cancelCutoffHours: "2", offerWindowMinutes: "30", weeklyLimit: "0", bookAheadDays: "14" }), expect: adminOnly(400) },
  read("admin/users", adminOnly(200)),
  { route: "admin/users", op: "update", intent: "reset-two-factor", path: () => "/admin/users", form: () => ({ intent: "reset-two-factor", id: missingId }), expect: adminOnly("redirect:/admin/users") },
  { route: "admin/users", op: "create", intent: "invite", path: () => "/admin/users", form: () => ({ intent: "invite", name: "", email: "not-an-email", role: "member" }), expect: adminOnly(400) },
  // No change: member B already is a member.
  { route: "admin/users", op: "update", intent: "set-role", path: () => "/admin/users", form: (ids) => ({ intent: "set-role", id: ids.memberBId, role: "member" }), expect: adminOnly("redirect:/admin/users") },
  // Already deactivated by the set-up: nothing changes.
  { route: "admin/users", op: "delete", intent: "deactivate", path: () => "/admin/users", form: (ids) => ({ intent: "deactivate", id: ids.deactivatedId }), expect: adminOnly("redirect:/admin/users") },
  { route: "admin/users", op: "update", intent: "reactivate", path: () => "/admin/users", form: () => ({ intent: "reactivate", id: missingId }), expect: adminOnly("redirect:/admin/users") },
  { route: "admin/users", op: "create", intent: "resend", path: () => "/admin/users", form: () => ({ intent: "resend", id: missingId }), expect: adminOnly("redirect:/admin/users") },
  { route: "admin/users", op: "delete", intent: "revoke", path: () => "/admin/users", form: () => ({ intent: "revoke", id: missingId }), expect: adminOnly("redirect:/admin/users") },
  // Members' data (issue 29): one member's export and erasure page, the deletion requests, an erasure's report.
  read("admin/users/:userId/data", adminOnly(200), (ids) => `/admin/users/${ids.memberBId}/data`),
  read("admin/users/:userId/data", adminOnly(404), () => `/admin/users/${missingId}/data`),
  { route: "admin/users/:userId/data", op: "create", intent: "export-data", path: () => `/admin/users/${missingId}/data`, form: () => ({ intent: "export-data" }), expect: adminOnly(404) },
  // A confirmation that does not match member B's e-mail: refused, nothing erased.
  { route: "admin/users/:userId/data", op: "delete", intent: "erase", path: (ids) => `/admin/users/${ids.memberBId}/data`, form: () => ({ intent: "erase", confirmEmail: "not-member-b@relentless.test" }), expect: adminOnly(400) },
  { route: "admin/users/:userId/data", op: "delete", intent: "erase", path: () => `/admin/users/${missingId}/data`, form: () => ({ intent: "erase", confirmEmail: "nobody@relentless.test" }), expect: adminOnly(404) },
  read("admin/deletion-requests", adminOnly(200)),
  read("admin/erasures/:reportId", adminOnly(404), () => `/admin/erasures/${missingId}`),

  // Billing (issue 48). Members: only their own billing page, buy and cancel (staff have no package: 403).
  read("members/billing", answers(401, 200, 403, 403)),
  { route: "members/billing", op: "create", intent: "buy", path: () => "/members/billing", form: () => ({ intent: "buy", productId: missingId }), expect: answers(401, 400, 403, 403) },
  { route: "members/billing", op: "delete", intent: "cancel", path: () => "/members/billing", form: () => ({ intent: "cancel", planId: missingId }), expect: answers(401, 404, 403, 403) },
  // A receipt: to the member it was issued to and to staff; another member's is not found, as nobody's.
  read("members/billing/receipts/:receiptId", answers(toLogin, 200, 200, 200, 404), (ids) => `/members/billing/receipts/${ids.receiptId}`),
  read("members/billing/receipts/:receiptId", signedIn(404), () => `/members/billing/receipts/${missingId}`),
  // Staff's payments and their CSV: trainers and administrators.
  read("coach/payments", staffOnly(200)),
  read("coach/payments.csv", staffOnly(200)),
  // A member's billing for staff: trainers see it; only administrators record, refund or cancel (a trainer: 403).
  read("coach/members/:memberId/billing", staffOnly(200), (ids) => `/coach/members/${ids.memberAId}/billing`),
  read("coach/members/:memberId/billing", staffOnly(404), () => `/coach/members/${missingId}/billing`),
  read("coach/members/:memberId/billing", staffOnly(404), (ids) => `/coach/members/${ids.trainerId}/billing`),
  {
    route: "coach/members/:memberId/billing",
    op: "create",
    intent: "record-payment",
    path: (ids) => `/coach/members/${ids.memberAId}/billing`,
    // A negative amount: refused at the field, nothing recorded.
    form: () => ({ intent: "record-payment", key: "00000000-0000-4000-8000-0000000a7a11", method: "cash", amount: "-1", for: "other", description: "Matrix" }),
    expect: answers(toLogin, "redirect:/unauthorized", 403, 400),
  },
  {
    route: "coach/members/:memberId/billing",
    op: "update",
    intent: "refund-payment",
    path: (ids) => `/coach/members/${ids.memberAId}/billing`,
    form: () => ({ intent: "refund-payment", key: "00000000-0000-4000-8000-0000000a7a12", paymentId: missingId, amount: "1.00", reason: "Matrix" }),
    expect: answers(toLogin, "redirect:/unauthorized", 403, 404),
  },
  {
    route: "coach/members/:memberId/billing",
    op: "delete",
    intent: "cancel-plan",
    path: (ids) => `/coach/members/${ids.memberAId}/billing`,
    form: () => ({ intent: "cancel-plan", when: "period_end" }),
    expect: answers(toLogin, "redirect:/unauthorized", 403, 404),
  },
  // 'Retry payment' on 'Needs attention' and a member's page: staff (nobody's payment: refused back to the page).
  { route: "coach", op: "update", intent: "retry-payment", path: () => "/coach", form: () => ({ intent: "retry-payment", paymentId: missingId }), expect: staffOnly("redirect:/coach") },
  {
    route: "coach/members/:memberId",
    op: "update",
    intent: "retry-payment",
    path: () => `/coach/members/${missingId}`,
    form: () => ({ intent: "retry-payment", paymentId: missingId }),
    expect: staffOnly(`redirect:/coach/members/${missingId}`),
  },
  // The catalogue and billing settings: administrators only (refused moves go back to the list with a toast).
  read("admin/billing", adminOnly(200)),
  { route: "admin/billing", op: "update", intent: "move-product", path: () => "/admin/billing", form: () => ({ intent: "move-product", productId: missingId, direction: "up" }), expect: adminOnly("redirect:/admin/billing") },
  { route: "admin/billing", op: "delete", intent: "archive-product", path: () => "/admin/billing", form: () => ({ intent: "archive-product", productId: missingId }), expect: adminOnly("redirect:/admin/billing") },
  { route: "admin/billing", op: "update", intent: "restore-product", path: () => "/admin/billing", form: () => ({ intent: "restore-product", productId: missingId }), expect: adminOnly("redirect:/admin/billing") },
  { route: "admin/billing", op: "update", intent: "billing-settings", path: () => "/admin/billing", form: () => ({ intent: "billing-settings", currency: "GBP", graceDays: "61", vatNumber: "", vatRate: "20" }), expect: adminOnly(400) },
  read("admin/billing/products/new", adminOnly(200)),
  { route: "admin/billing/products/new", op: "create", intent: "save-product", path: () => "/admin/billing/products/new", form: () => ({ intent: "save-product", name: "", kind: "subscription", price: "-1" }), expect: adminOnly(400) },
  read("admin/billing/products/:productId", adminOnly(200), () => "/admin/billing/products/prod_online_coaching"),
  read("admin/billing/products/:productId", adminOnly(404), () => `/admin/billing/products/${missingId}`),
  { route: "admin/billing/products/:productId", op: "update", intent: "save-product", path: () => "/admin/billing/products/prod_online_coaching", form: () => ({ intent: "save-product", name: "", kind: "subscription", price: "-1" }), expect: adminOnly(400) },
  // An invitation with a package that does not exist: refused at the field.
  { route: "admin/users", op: "create", intent: "invite", path: () => "/admin/users", form: () => ({ intent: "invite", name: "Paying Person", email: "paying@relentless.test", role: "member", productId: missingId }), expect: adminOnly(400) },

  // Outside React Router: health, the auth API and uploaded images.
  { ...read("/healthz", everyone(200), () => "/healthz"), cacheControl: "no-store" },
  // better-auth's HTTP API is not served (the pages call it in-process): every path answers 404.
  read("/api/auth/*", everyone(404), () => "/api/auth/get-session"),
  ...(["sign-in/email", "sign-up/email", "change-password", "reset-password", "update-user", "admin/set-role", "admin/remove-user", "admin/set-user-password", "admin/impersonate-user", "two-factor/enable"] as const).map(
    (intent): MatrixRow => ({
      route: "/api/auth/*",
      op: "create",
      intent,
      path: () => `/api/auth/${intent}`,
      form: (ids) => ({ userId: ids.memberBId, email: "member-b@relentless.test", password: "matrix-password", newPassword: "password", role: "admin", name: "Matrix" }),
      encoding: "json",
      expect: everyone(404),
    }),
  ),
  // Uploaded images are public and never change (their key names their bytes).
  { ...read("/uploads/*", everyone(200), (ids) => `/uploads/images/${ids.imageId}/480.webp`), cacheControl: "public, max-age=31536000, immutable" },
  { ...read("/uploads/*", everyone(404), () => "/uploads/images/AAAAAAAAAAAAAAAAAAAAAA/480.webp"), cacheControl: "no-store" },
];

/** Endpoints the express app serves before React Router (server/application.ts); each needs a row too. */
export const expressEndpoints = ["/healthz", "/api/auth/*", "/uploads/*"];
