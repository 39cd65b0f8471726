/**
 * The action and form endpoints that fuzz-actions.test.ts fuzzes: for each, who posts,
 * a valid body to start from, the values some fields are drawn from, and the tables a
 * refusal is meant to write (it must write no other).
 */
import { isProgressIntent } from "~/modules/progress/progress-types";

export type Who = "visitor" | "member" | "trainer" | "admin";
export const accounts = {
  member: "member@fuzz.test",
  trainer: "trainer@fuzz.test",
  admin: "admin@fuzz.test",
  target: "target@fuzz.test",
} as const;

/** The rows the runner creates before fuzzing, which the forms name. */
export type FuzzIds = Record<keyof typeof accounts | "article" | "session" | "entry" | "goal" | "submission" | "invitation" | "exercise" | "workout" | "workoutExercise" | "fullWorkoutExercise" | "set" | "finishedWorkout", string>;

export interface Endpoint {
  name: string;
  path: string;
  who: Who;
  base: Record<string, string>;
  pools?: Record<string, readonly string[]>;
  /** Tables a refusal is meant to write: a failed sign-in is audited. */
  refusalWrites?: readonly string[];
}

/**
 * The member's copy the builder's edits are fuzzed on (rows the runner inserts): week 1's
 * day is untrained, week 2's was trained (a finished workout), so every edit that reaches
 * week 2's day, its exercises or week 2's place is refused (decision 0043).
 */
export const trainedCopy = {
  program: "fuzz-copy",
  openWeek: "fuzz-copy-week-1",
  trainedWeek: "fuzz-copy-week-2",
  openDay: "fuzz-copy-open-day",
  trainedDay: "fuzz-copy-trained-day",
  openBlock: "fuzz-copy-open-block",
  trainedBlocks: ["fuzz-copy-trained-block-1", "fuzz-copy-trained-block-2"],
  trainedGroup: "fuzz-copy-trained-group",
  workout: "fuzz-copy-workout",
} as const;

/** A finished workout of the administrator's own: the members' area is everyone's, the coach's review is for members. */
export const staffWorkout = "fuzz-admin-workout";

export const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(
    new Date(),
  );

export function endpoints(ids: FuzzIds): Endpoint[] {
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
  // Each member screen has its own route and action: progress, the schedule, and settings for the rest.
  const memberPath = (intent: string) =>
    isProgressIntent(intent) ? "/members/progress" : intent === "cancel-session" ? "/members/schedule" : "/members/settings";
  for (const [intent, base] of Object.entries(progress)) {
    list.push({
      name: `${memberPath(intent)} ${intent}`,
      path: memberPath(intent),
      who: "member",
      base: { intent, ...base },
      pools: { id: [...entryIds, ids.goal, ids.session] },
    });
  }
  // The workout screen: the member's workout under way, its exercise and a logged set; an exercise
  // holding its 30 sets and the workout one exercise short of its limit, so the limits' refusals are fuzzed too.
  const workoutPath = `/members/workouts/${ids.workout}`;
  for (const [intent, base] of Object.entries<Record<string, string>>({
    "log-set": { workoutExerciseId: ids.workoutExercise, weight: "135", reps: "5", rpe: "8" },
    "edit-set": { setId: ids.set, weight: "135", reps: "5" },
    "delete-set": { setId: ids.set },
    "add-set": { workoutExerciseId: ids.workoutExercise },
    "skip-exercise": { workoutExerciseId: ids.workoutExercise, reason: "Sore" },
    "undo-skip": { workoutExerciseId: ids.workoutExercise },
    "swap-exercise": { workoutExerciseId: ids.workoutExercise, exerciseId: "squat", reason: "Busy" },
    "add-exercise": { exerciseId: "squat" },
    "save-note": { workoutExerciseId: ids.workoutExercise, notes: "Felt good" },
    "finish-workout": {},
    "discard-workout": {},
  })) {
    list.push({
      name: `${workoutPath} ${intent}`,
      path: workoutPath,
      who: "member",
      base: { intent, ...base },
      pools: { workoutExerciseId: [ids.workoutExercise, ids.fullWorkoutExercise, "no-such-exercise"], setId: [ids.set, "no-such-set"], exerciseId: ["squat", "bench-press", "no-such-exercise"] },
    });
  }
  // The offline queue's door (decision 0093): the same set with its idempotency key, and the finish.
  for (const [intent, base] of Object.entries<Record<string, string>>({
    "log-set": { workoutExerciseId: ids.workoutExercise, weight: "135", reps: "5", clientKey: "0b6f1f3e-8a44-4a4e-9d7c-2f1f5b0c9a11" },
    "finish-workout": {},
  })) {
    list.push({
      name: `${workoutPath}/sync ${intent}`,
      path: `${workoutPath}/sync`,
      who: "member",
      base: { intent, ...base },
      pools: { workoutExerciseId: [ids.workoutExercise, ids.fullWorkoutExercise, "no-such-exercise"], clientKey: ["0b6f1f3e-8a44-4a4e-9d7c-2f1f5b0c9a11", "not-a-key", ""] },
    });
  }
  // Progress photos: an upload whose file is never an image (the fuzzer sends text), and a delete of nobody's photo.
  list.push(
    { name: "/members/progress/photos upload", path: "/members/progress/photos", who: "member", base: { intent: "upload", pose: "front", takenOn: today(), photo: "not an image" }, pools: { pose: ["front", "side", "back", "top"] } },
    { name: "/members/progress/photos delete", path: "/members/progress/photos", who: "member", base: { intent: "delete", id: "no-such-photo" } },
  );
  // A workout not started yet (decision 0112): its id chosen before the start, by the form and by the queue's start with what the page showed.
  const newWorkout = "6d1f0c2e-3b7a-4c51-9e2f-8a4b7c3d2e10";
  const snapshot = JSON.stringify({ title: "Push", performedOn: new Date().toISOString().slice(0, 10), exercises: [{ position: 0, exerciseId: "bench-press", blockId: null, plannedSets: 3 }] });
  const badSnapshots = [JSON.stringify({ title: "x".repeat(121), performedOn: "2026-01-01", exercises: [] }), JSON.stringify({ title: "Push", performedOn: "not a date", exercises: [] }), JSON.stringify({ title: "Push", exercises: [{ position: 0, exerciseId: "no-such-exercise", blockId: null, plannedSets: 31 }] })];
  list.push(
    { name: "/members/workouts start-workout", path: "/members/workouts", who: "trainer", base: { intent: "start-workout", dayId: "no-such-day", workoutId: newWorkout }, pools: { workoutId: [newWorkout, "not-a-uuid", ""] } },
    {
      name: "/members/workouts/:new/sync start-workout",
      path: `/members/workouts/${newWorkout}/sync`,
      who: "member",
      base: { intent: "start-workout", dayId: trainedCopy.openDay, snapshot },
      pools: { snapshot: [snapshot, "{}", "not json", ...badSnapshots], dayId: [trainedCopy.openDay, "no-such-day"] },
    },
  );
  // Two-factor in Settings (nothing is on for the fuzz member): wrong codes are counted per account.
  for (const [intent, base] of Object.entries<Record<string, string>>({
    "two-factor-confirm": { code: "123456" },
    "two-factor-backup-codes": { code: "123456" },
    "two-factor-disable": { password: "wrong-password-1", code: "123456" },
  })) {
    list.push({
      name: `/members/settings ${intent}`,
      path: "/members/settings",
      who: "member",
      base: { intent, ...base },
      refusalWrites: ["request_limits", "audit_log"],
    });
  }
  list.push({ name: "/login/two-factor", path: "/login/two-factor", who: "visitor", base: { code: "123456", redirectTo: "/members" } });
  list.push({ name: "/admin/settings security", path: "/admin/settings", who: "admin", base: { intent: "security" } });
  list.push({ name: "/admin/settings backups", path: "/admin/settings", who: "admin", base: { intent: "backups", keep: "7" } });
  list.push({ name: "/admin/settings class-bookings", path: "/admin/settings", who: "admin", base: { intent: "class-bookings", cancelCutoffHours: "2", offerWindowMinutes: "30", weeklyLimit: "3", bookAheadDays: "14" } });
  // The Group Classes page's member intents, on a class that does not exist (and as a visitor). The
  // page drawn with a refusal makes the coming dated classes from the timetable (its loader, once).
  for (const intent of ["book", "cancel", "confirm", "decline"]) {
    list.push({ name: `/services/group-classes ${intent}`, path: "/services/group-classes", who: "member", base: { intent, classId: "fuzz-no-such-class" }, pools: { intent: ["book", "cancel", "confirm", "decline"] }, refusalWrites: ["classes"] });
  }
  list.push({ name: "/services/group-classes book (visitor)", path: "/services/group-classes", who: "visitor", base: { intent: "book", classId: "fuzz-no-such-class" }, refusalWrites: ["classes"] });
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
  const exercise = {
    intent: "save",
    name: "Fuzzed Lunge",
    category: "strength",
    measure: "weight_reps",
    primaryMuscles: "quads",
    secondaryMuscles: "glutes",
    equipment: "dumbbell",
    cues: "Long step\nTall chest",
    demoImageId: "",
    videoUrl: "https://www.youtube.com/watch?v=fuzz",
  };
  const exercisePools = {
    category: ["strength", "cardio", "yoga"],
    measure: ["reps", "time", "weight"],
    primaryMuscles: ["quads", "chest", "elbows"],
    equipment: ["dumbbell", "bodyweight", "spaceship"],
    videoUrl: ["https://vimeo.com/1", "http://vimeo.com/1", "javascript:alert(1)", ""],
  };
  list.push(
    { name: "/programs/exercises/new save", path: "/programs/exercises/new", who: "trainer", base: exercise, pools: exercisePools },
    { name: "/programs/exercises/:exerciseId/edit save", path: `/programs/exercises/${ids.exercise}/edit`, who: "trainer", base: exercise, pools: exercisePools },
    // A built-in is nobody's to change: every post is a refusal.
    { name: "/programs/exercises/:exerciseId/edit save (built-in)", path: "/programs/exercises/bench-press/edit", who: "admin", base: exercise, pools: exercisePools },
    { name: "/programs/exercises/:exerciseId/edit delete", path: `/programs/exercises/${ids.exercise}/edit`, who: "trainer", base: { intent: "delete" } },
  );
  // A coach's comment on the member's finished workout (the member's own 'Log Workout' made it).
  list.push({
    name: "/members/:memberId/training comment",
    path: `/members/${ids.member}/training`,
    who: "trainer",
    base: { intent: "comment", workoutId: ids.finishedWorkout, body: "Good session" },
    pools: { workoutId: [ids.finishedWorkout, "no-such-workout"] },
  });
  // Dismissing and snoozing a reason (the member has none that holds: each post is refused or malformed), and a goal weight.
  const attention = { reason: ["no_sign_in", "unanswered_message", "bored", ""], occurrence: ["1", "", "x".repeat(200)], days: ["1", "3", "7", "2", "-1", ""], memberId: [ids.member, ids.admin, "no-such-member"] };
  list.push(
    { name: "/coach dismiss", path: "/coach", who: "trainer", base: { intent: "dismiss-attention", memberId: ids.member, reason: "no_sign_in", occurrence: "1" }, pools: attention },
    { name: "/coach snooze", path: "/coach", who: "admin", base: { intent: "snooze-attention", memberId: ids.member, reason: "no_sign_in", occurrence: "1", days: "3" }, pools: attention },
    { name: "/coach/members/:memberId goal weight", path: `/coach/members/${ids.member}`, who: "trainer", base: { intent: "set-goal-weight", goalWeight: "150" }, pools: { goalWeight: ["150", "0", "-5", "1e3", "abc", "", "99999"] } },
  );
  // The same under a staff account's address, on that account's own workout: not a member, not found.
  list.push({
    name: "/members/:memberId/training comment (a staff account)",
    path: `/members/${ids.admin}/training`,
    who: "trainer",
    base: { intent: "comment", workoutId: staffWorkout, body: "Good session" },
    pools: { workoutId: [staffWorkout, ids.finishedWorkout] },
  });
  // Weekly check-ins: the member sends this week's (a success writes; refusals write nothing), edits one
  // that is not theirs (not found), and staff set the member's check-in day and reply to a check-in that is not there.
  const checkIn = { intent: "save-check-in", weight: "180", sleep: "4", energy: "3", stress: "2", hunger: "3", nutritionAdherence: "80", wins: "Slept well", struggles: "", question: "" };
  const scales = ["1", "5", "6", "0", "2.5"];
  list.push(
    {
      name: "/members/check-ins save-check-in",
      path: "/members/check-ins",
      who: "member",
      base: checkIn,
      pools: { sleep: scales, energy: scales, stress: scales, hunger: scales, nutritionAdherence: ["0", "100", "101", "-1"], weight: ["", "180", "0", "2000"] },
    },
    { name: "/members/check-ins/:checkInId save-check-in (not theirs)", path: "/members/check-ins/no-such-check-in", who: "member", base: checkIn },
    {
      name: "/coach/members/:memberId/check-ins set-check-in-day",
      path: `/coach/members/${ids.member}/check-ins`,
      who: "trainer",
      base: { intent: "set-check-in-day", checkInDay: "2" },
      pools: { checkInDay: ["0", "6", "7", "-1", "Monday"] },
    },
    { name: "/coach/members/:memberId/check-ins/:checkInId reply (no such check-in)", path: `/coach/members/${ids.member}/check-ins/no-such-check-in`, who: "trainer", base: { intent: "reply", reply: "Great week" } },
  );
  // Messages: the member's own conversation, the team's answer to the member, and the e-mails switch in Settings.
  list.push(
    // A message past the sender's rate limit (decision 0123) is a 429 that has counted the attempt.
    { name: "/members/messages send-message", path: "/members/messages", who: "member", base: { intent: "send-message", body: "How heavy on Thursday?" }, refusalWrites: ["request_limits"] },
    { name: "/coach/members/:memberId/messages send-message", path: `/coach/members/${ids.member}/messages`, who: "trainer", base: { intent: "send-message", body: "Same as last week." }, refusalWrites: ["request_limits"] },
    { name: "/coach/members/:memberId/messages send-message (a staff account)", path: `/coach/members/${ids.admin}/messages`, who: "trainer", base: { intent: "send-message", body: "Hello" } },
    { name: "/members/settings message-emails", path: "/members/settings", who: "member", base: { intent: "message-emails", messageEmails: "on" }, pools: { messageEmails: ["on", "off"] } },
  );
  // E-mail reminders (issue 30): the member's section of Settings, and an e-mail's unsubscribe link with a forged token.
  list.push(
    {
      name: "/members/settings reminders",
      path: "/members/settings",
      who: "member",
      base: { intent: "reminders", session: "on", morningHour: "7", quietFrom: "22:00", quietTo: "07:00", timeZone: "Europe/London" },
      pools: { morningHour: ["0", "23", "24"], quietFrom: ["", "22:00", "7"], timeZone: ["UTC", "Mars/Olympus"] },
    },
    { name: "/unsubscribe (a forged token)", path: "/unsubscribe?token=bWVtYmVy.session.forged", who: "visitor", base: { "List-Unsubscribe": "One-Click" } },
  );
  // Members' data (issue 29): the member's export and deletion request; the administrator's export and erasure
  // (erasure with a confirmation that never matches, so the target stays for the other endpoints).
  list.push(
    { name: "/members/settings export-data", path: "/members/settings", who: "member", base: { intent: "export-data" } },
    { name: "/members/settings request-deletion", path: "/members/settings", who: "member", base: { intent: "request-deletion" } },
    { name: "/members/settings withdraw-deletion", path: "/members/settings", who: "member", base: { intent: "withdraw-deletion" } },
    // Calendar feeds (issue 30): a new private link, for the member and for staff.
    { name: "/members/settings calendar-feed", path: "/members/settings", who: "member", base: { intent: "calendar-feed" } },
    { name: "/members/settings calendar-feed (staff)", path: "/members/settings", who: "admin", base: { intent: "calendar-feed" } },
    { name: "/admin/users/:userId/data export-data", path: `/admin/users/${ids.target}/data`, who: "admin", base: { intent: "export-data" } },
    { name: "/admin/users/:userId/data erase", path: `/admin/users/${ids.target}/data`, who: "admin", base: { intent: "erase", confirmEmail: "not-the-target@fuzz.test", applications: "on" } },
    { name: "/admin/users/:userId/data erase (no such user)", path: "/admin/users/no-such-user/data", who: "admin", base: { intent: "erase", confirmEmail: "nobody@fuzz.test" } },
  );
  // Group classes, the staff side (issue 31): the extra class, the timetable, the class types, one class's roster.
  const when = { date: today(), time: "23:59" };
  const classPools = { time: ["06:00", "23:59", "24:00", "7", ""], date: [today(), "2020-01-01", "2026-02-30", "9999-12-31", "2999-01-01", "1999-12-31"], coachId: ["", ids.trainer, ids.member, "no-such-coach"] };
  list.push(
    { name: "/classes/new add-class", path: "/classes/new", who: "trainer", base: { intent: "add-class", classTypeId: "class-type-hiit", ...when, coachId: ids.trainer, location: "Studio" }, pools: { ...classPools, classTypeId: ["class-type-hiit", "no-such-type"] } },
    { name: "/classes/timetable save-row (new)", path: "/classes/timetable", who: "trainer", base: { intent: "save-row", weekday: "0", time: "10:30", classTypeId: "class-type-core", coachId: "", location: "Studio 9" }, pools: { ...classPools, weekday: ["0", "6", "7", "-1", "1.5"] } },
    { name: "/classes/timetable save-row (edit)", path: "/classes/timetable", who: "admin", base: { intent: "save-row", rowId: "class-slot-mon-pm", weekday: "1", time: "19:00", classTypeId: "class-type-strength", coachId: "", location: "" }, pools: { ...classPools, rowId: ["class-slot-mon-pm", "no-such-row"] } },
    { name: "/classes/timetable remove-row", path: "/classes/timetable", who: "trainer", base: { intent: "remove-row", rowId: "no-such-row" }, pools: { rowId: ["no-such-row", "class-slot-sat-am"] } },
    { name: "/classes/types save-type (new)", path: "/classes/types", who: "admin", base: { intent: "save-type", name: "Fuzz Boxing", duration: "45", intensity: "High", capacity: "10", description: "", imageId: "" }, pools: { capacity: ["0", "1", "100", "101", "1e2", "-3"], duration: ["4", "5", "480", "481"], imageId: ["", "no-such-upload"] } },
    { name: "/classes/types save-type (edit, a trainer)", path: "/classes/types", who: "trainer", base: { intent: "save-type", typeId: "class-type-hiit", name: "HIIT Training", duration: "45", intensity: "High", capacity: "8" } },
    { name: "/classes/types save-type (edit)", path: "/classes/types", who: "admin", base: { intent: "save-type", typeId: "class-type-hiit", name: "HIIT Training", duration: "45", intensity: "High", capacity: "8" }, pools: { capacity: ["1", "12", "100", "0"], typeId: ["class-type-hiit", "no-such-type"] } },
    { name: "/classes/types move-type", path: "/classes/types", who: "admin", base: { intent: "move-type", typeId: "class-type-core", direction: "up" }, pools: { direction: ["up", "down", "sideways"] } },
    { name: "/classes/types remove-type", path: "/classes/types", who: "admin", base: { intent: "remove-type", typeId: "class-type-hiit" }, pools: { typeId: ["class-type-hiit", "no-such-type"] } },
    { name: "/classes/:classId change-class", path: "/classes/no-such-class", who: "trainer", base: { intent: "change-class", ...when, coachId: "", location: "Hall" }, pools: classPools },
    { name: "/classes/:classId cancel-class", path: "/classes/no-such-class", who: "trainer", base: { intent: "cancel-class" } },
    { name: "/classes/:classId mark-attendance", path: "/classes/no-such-class", who: "admin", base: { intent: "mark-attendance", bookingId: "no-such-booking", mark: "attended" }, pools: { mark: ["attended", "no_show", "late_cancelled", "present"] } },
    { name: "/classes/:classId mark-all-attended", path: "/classes/no-such-class", who: "trainer", base: { intent: "mark-all-attended" } },
    // The front desk (decision 0120): a member, staff or nobody named; another class or none to move to.
    { name: "/classes/:classId desk-book", path: "/classes/no-such-class", who: "trainer", base: { intent: "desk-book", memberId: ids.target }, pools: { memberId: [ids.target, ids.trainer, "no-such-member", ""] } },
    { name: "/classes/:classId desk-move", path: "/classes/no-such-class", who: "admin", base: { intent: "desk-move", memberId: ids.target, toClassId: "no-such-other-class" }, pools: { memberId: [ids.target, ""], toClassId: ["no-such-other-class", "no-such-class", ""] } },
    { name: "/classes/:classId desk-cancel", path: "/classes/no-such-class", who: "trainer", base: { intent: "desk-cancel", memberId: ids.target, late: "on" }, pools: { late: ["on", "off", ""] } },
  );
  // Every builder edit on the member's copy, starting from the trained day (refused, 409); the pools reach the open one too.
  const c = trainedCopy;
  const copyPools = { dayId: [c.trainedDay, c.openDay], blockId: [...c.trainedBlocks, c.openBlock], weekId: [c.trainedWeek, c.openWeek], dayIndex: ["0", "3", "6", "7"], position: ["1", "2", "3"] };
  const block = { exerciseId: "squat", sets: "3", reps: "5", loadKind: "none" };
  const copyEdits: Array<Record<string, string>> = [
    { intent: "update-day", dayId: c.trainedDay, title: "Fuzzed day", notes: "" },
    { intent: "move-day", dayId: c.trainedDay, dayIndex: "3" },
    { intent: "remove-day", dayId: c.trainedDay },
    { intent: "add-block", dayId: c.trainedDay, ...block },
    { intent: "update-block", blockId: c.trainedBlocks[0], ...block },
    { intent: "remove-block", blockId: c.trainedBlocks[1] },
    { intent: "move-block", blockId: c.trainedBlocks[1], position: "1" },
    { intent: "group-blocks", blockIds: c.trainedBlocks[1], groupKind: "circuit" },
    { intent: "ungroup-blocks", groupKey: c.trainedGroup },
    { intent: "remove-week", weekId: c.trainedWeek },
    { intent: "duplicate-week", weekId: c.openWeek },
  ];
  for (const base of copyEdits) {
    list.push({
      name: `/programs/:programId ${base.intent} (a member's trained day)`,
      path: `/programs/${c.program}`,
      who: "trainer",
      base,
      pools: { ...copyPools, blockIds: [...c.trainedBlocks, c.openBlock], groupKey: [c.trainedGroup, "no-such-group"] },
    });
  }
  list.push(...billingEndpoints(ids));
  return list;
}

/** A form key (a payment's id made when the form was shown): a fixed one, so a second post is the resent form. */
const formKey = "00000000-0000-4000-8000-00000000f022";
const products = ["prod_online_coaching", "prod_pt_starter", "prod_nutrition_consultation", "no-such-product", ""];
const amounts = ["35.00", "0", "-1", "0x10", "1e2", "10^9", "99999999", "35.001", ""];

/** Billing (issue 48): the member's buy and cancel, the catalogue and settings, staff's payment intents, an invitation with a package. */
function billingEndpoints(ids: FuzzIds): Endpoint[] {
  const product = {
    intent: "save-product",
    name: "Fuzz package",
    kind: "subscription",
    price: "35.00",
    description: "Weekly coaching",
    features: "Check-ins\nA program",
    popular: "",
    note: "",
    page: "none",
    period: "weeks",
    intervalCount: "2",
    termWeeks: "4",
    instalments: "1",
    credits: "10",
    creditKind: "class",
    creditValidDays: "90",
    classAccess: "none",
    classesPerWeek: "2",
    sessionsPerWeek: "0",
    programTemplateId: "",
  };
  const productPools = {
    kind: ["subscription", "term", "pack", "gift"],
    price: amounts,
    popular: ["", "on", "yes"],
    page: ["none", "services", "personal-training", "group-classes", "nutrition-coaching", "home"],
    period: ["week", "weeks", "month", "months", "year"],
    intervalCount: ["0", "1", "12", "13", "-1", "1.5", "1e2"],
    termWeeks: ["0", "1", "52", "53"],
    instalments: ["0", "1", "12", "13", "5"],
    credits: ["0", "1", "100", "101"],
    creditKind: ["class", "session", "meal"],
    creditValidDays: ["0", "1", "730", "731"],
    classAccess: ["none", "unlimited", "limited", "all"],
    classesPerWeek: ["0", "1", "14", "15"],
    sessionsPerWeek: ["-1", "0", "7", "8"],
    programTemplateId: ["", "no-such-template"],
  };
  const payments = ["no-such-payment", "", "x".repeat(101)];
  const member = ids.member;
  const memberBilling = `/coach/members/${member}/billing`;
  const record = { intent: "record-payment", key: formKey, method: "cash", amount: "35.00", for: "other", description: "Towel hire" };
  const recordPools = { method: ["cash", "bank_transfer", "other", "direct_debit", "cheque"], amount: amounts, for: ["plan", "other", "both"], key: [formKey, "not-a-uuid", ""] };
  const refund = { intent: "refund-payment", key: "00000000-0000-4000-8000-00000000f023", paymentId: "no-such-payment", amount: "5.00", reason: "Overcharged" };
  const refundPools = { paymentId: payments, amount: amounts };
  const cancel = { intent: "cancel-plan", when: "period_end" };
  const cancelPools = { when: ["period_end", "now", "yesterday", ""] };
  return [
    { name: "/members/billing buy", path: "/members/billing", who: "member", base: { intent: "buy", productId: "prod_online_coaching" }, pools: { productId: products } },
    { name: "/members/billing buy (visitor)", path: "/members/billing", who: "visitor", base: { intent: "buy", productId: "prod_online_coaching" } },
    { name: "/members/billing cancel", path: "/members/billing", who: "member", base: { intent: "cancel", planId: "no-such-plan" }, pools: { planId: ["no-such-plan", "", "x".repeat(101)] } },
    { name: "/admin/billing move-product", path: "/admin/billing", who: "admin", base: { intent: "move-product", productId: "prod_pt_standard", direction: "up" }, pools: { productId: products, direction: ["up", "down", "sideways"] } },
    { name: "/admin/billing archive-product", path: "/admin/billing", who: "admin", base: { intent: "archive-product", productId: "prod_nutrition_transformation" }, pools: { productId: products } },
    { name: "/admin/billing restore-product", path: "/admin/billing", who: "admin", base: { intent: "restore-product", productId: "prod_nutrition_transformation" }, pools: { productId: products } },
    {
      name: "/admin/billing billing-settings",
      path: "/admin/billing",
      who: "admin",
      base: { intent: "billing-settings", currency: "GBP", graceDays: "7", bookingsNeedPayment: "", lateCancelKeepsCredit: "on", noShowKeepsCredit: "on", vatNumber: "GB123456789", vatRate: "20" },
      pools: { currency: ["GBP", "EUR", "USD", "XXX", "gbp"], graceDays: ["0", "1", "7", "30", "31", "-1", "1e2", "7.5"], vatRate: ["0", "20", "20.5", "50", "50.01", "99", "-1", "1e1"], vatNumber: ["", "GB 123", "GB-123", "x".repeat(21)] },
    },
    { name: "/admin/billing billing-settings (a trainer)", path: "/admin/billing", who: "trainer", base: { intent: "billing-settings", currency: "GBP", graceDays: "7", vatNumber: "", vatRate: "20" } },
    { name: "/admin/billing/products/new save-product", path: "/admin/billing/products/new", who: "admin", base: product, pools: productPools },
    { name: "/admin/billing/products/:productId save-product", path: "/admin/billing/products/prod_personal_training", who: "admin", base: product, pools: productPools },
    { name: "/admin/billing/products/:productId save-product (no such product)", path: "/admin/billing/products/no-such-product", who: "admin", base: product },
    { name: "/coach retry-payment", path: "/coach", who: "trainer", base: { intent: "retry-payment", paymentId: "no-such-payment" }, pools: { paymentId: payments } },
    { name: "/coach/members/:memberId retry-payment", path: `/coach/members/${member}`, who: "admin", base: { intent: "retry-payment", paymentId: "no-such-payment" }, pools: { paymentId: payments } },
    { name: "/coach/members/:memberId/billing record-payment", path: memberBilling, who: "admin", base: record, pools: recordPools },
    { name: "/coach/members/:memberId/billing record-payment (a trainer)", path: memberBilling, who: "trainer", base: record },
    { name: "/coach/members/:memberId/billing record-payment (a staff account)", path: `/coach/members/${ids.trainer}/billing`, who: "admin", base: record },
    { name: "/coach/members/:memberId/billing refund-payment", path: memberBilling, who: "admin", base: refund, pools: refundPools },
    { name: "/coach/members/:memberId/billing refund-payment (a trainer)", path: memberBilling, who: "trainer", base: refund },
    { name: "/coach/members/:memberId/billing cancel-plan", path: memberBilling, who: "admin", base: cancel, pools: cancelPools },
    { name: "/coach/members/:memberId/billing cancel-plan (a trainer)", path: memberBilling, who: "trainer", base: cancel },
    {
      name: "/admin/users invite (with a package)",
      path: "/admin/users",
      who: "admin",
      base: { intent: "invite", name: "Paying Person", email: "paying@fuzz.test", role: "member", productId: "prod_online_coaching" },
      pools: { productId: products, role: ["member", "trainer", "admin"] },
    },
  ];
}
