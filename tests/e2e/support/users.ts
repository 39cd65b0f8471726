/** Accounts the end-to-end suite signs in with (created before the server starts). */
export const PASSWORD = "Relentless-e2e-pass1";

export const users = {
  admin: { email: "admin@relentless.test", name: "Alex Admin", role: "admin", complete: true },
  trainer: { email: "trainer@relentless.test", name: "Terry Trainer", role: "trainer", complete: true },
  member: { email: "member@relentless.test", name: "Maya Member", role: "member", complete: true },
  signOut: { email: "signout@relentless.test", name: "Sid Signout", role: "member", complete: true },
  settings: { email: "settings@relentless.test", name: "Sam Settings", role: "member", complete: true },
  mobile: { email: "mobile@relentless.test", name: "Mo Mobile", role: "member", complete: true },
  newcomer: { email: "newcomer@relentless.test", name: "Nina Newcomer", role: "member", complete: false },
  // Never completes the wizard: it stays incomplete for the /profile-setup guard test.
  pending: { email: "pending@relentless.test", name: "Pat Pending", role: "member", complete: false },
  // Only tests/e2e/password-reset.spec.ts uses it: its password changes.
  reset: { email: "reset@relentless.test", name: "Robin Reset", role: "member", complete: true },
  // Only tests/e2e/progress.spec.ts logs progress for it.
  progressMember: { email: "progress@relentless.test", name: "Pia Progress", role: "member", complete: true },
  // Only tests/e2e/session-ended.spec.ts uses it: its sessions end mid-form and it saves progress and its profile.
  sessionEnded: { email: "session-ended@relentless.test", name: "Quinn Ended", role: "member", complete: true },
  // Only tests/e2e/workout-logging.spec.ts trains with it: a program copy starting today (seed-training.ts).
  trainingMember: { email: "training@relentless.test", name: "Tai Training", role: "member", complete: true },
  // Only tests/e2e/offline-training.spec.ts trains with it, offline: a program copy starting today (seed-training.ts).
  offlineMember: { email: "offline@relentless.test", name: "Olly Offline", role: "member", complete: true },
  // Only tests/e2e/offline-training.spec.ts starts with it: a workout started offline whose start is refused (seed-training.ts).
  refusedStartMember: { email: "refused-start@relentless.test", name: "Rory Refused", role: "member", complete: true },
  // Only tests/e2e/workout-forms.spec.ts trains with these: the screen's forms with its script, and without JavaScript (seed-training.ts).
  formsMember: { email: "forms@relentless.test", name: "Fern Forms", role: "member", complete: true },
  plainMember: { email: "plain@relentless.test", name: "Pete Plain", role: "member", complete: true },
  // Only tests/e2e/sessions.spec.ts schedules sessions for it.
  scheduleMember: { email: "schedule@relentless.test", name: "Sky Schedule", role: "member", complete: true },
  // Only tests/e2e/two-factor.spec.ts uses these: each turns its own second factor on.
  twoFactorMember: { email: "tf-member@relentless.test", name: "Tess Factor", role: "member", complete: true },
  twoFactorBackup: { email: "tf-backup@relentless.test", name: "Bo Backup", role: "member", complete: true },
  twoFactorThrottle: { email: "tf-throttle@relentless.test", name: "Theo Throttle", role: "member", complete: true },
  twoFactorReset: { email: "tf-reset@relentless.test", name: "Rae Reset", role: "member", complete: true },
  twoFactorTrainer: { email: "tf-trainer@relentless.test", name: "Tom Factor", role: "trainer", complete: true },
  twoFactorAdmin: { email: "tf-admin@relentless.test", name: "Ada Factor", role: "admin", complete: true },
  // Only tests/e2e/program-builder.spec.ts assigns it a program and trains it (an earlier bench press logged: seed-data.ts).
  athlete: { email: "athlete@relentless.test", name: "Ada Athlete", role: "member", complete: true },
  // Only tests/e2e/coach-review.spec.ts reads its training (seeded with a program and workouts) and comments on it.
  coached: { email: "coached@relentless.test", name: "Cody Coached", role: "member", complete: true },
  // Only tests/e2e/progress-photos-mobile.spec.ts uploads and deletes its progress photos.
  photoMember: { email: "photos@relentless.test", name: "Pim Photos", role: "member", complete: true },
  // Only tests/e2e/check-ins-mobile.spec.ts uses it: it sends this week's check-in on a phone.
  checkInPhone: { email: "check-in-phone@relentless.test", name: "Cleo Checkin", role: "member", complete: true },
  // Only tests/e2e/check-ins.spec.ts uses it: last week's check-in reviewed, this week's waiting (seed-check-ins.ts).
  checkInReviewed: { email: "check-in-review@relentless.test", name: "Rory Review", role: "member", complete: true },
  // Only tests/e2e/messages.spec.ts writes with it: its conversation with the coaching team.
  messenger: { email: "messenger@relentless.test", name: "Mel Messenger", role: "member", complete: true },
  // Only tests/e2e/coach-home.spec.ts uses it: it messages the coach, who opens and snoozes that from 'Needs attention'.
  attentionMember: { email: "attention@relentless.test", name: "Avi Attention", role: "member", complete: true },
  // Only tests/e2e/member-data.spec.ts uses it: it downloads its data, asks for deletion and is erased.
  dataMember: { email: "data-member@relentless.test", name: "Dara Datasmith", role: "member", complete: true },
  // Only tests/e2e/reminders.spec.ts uses it: it chooses its e-mail reminders.
  reminderMember: { email: "reminders@relentless.test", name: "Remy Reminded", role: "member", complete: true },
  // Only tests/e2e/classes-booking.spec.ts uses these: one books the journey's class (one spot), the other waits for it.
  classBooker: { email: "class-booker@relentless.test", name: "Bea Booker", role: "member", complete: true },
  classWaiter: { email: "class-waiter@relentless.test", name: "Will Waiter", role: "member", complete: true },
  // Only tests/e2e/member-screens-mobile.spec.ts uses it: two years of training, check-ins and messages (seed-history.ts).
  historyMember: { email: "history@relentless.test", name: "Hana History", role: "member", complete: true },
  // Only tests/e2e/permission-matrix.spec.ts uses these: its own accounts, so its writes,
  // sign-outs and the deactivation never touch what the other specs see.
  memberA: { email: "member-a@relentless.test", name: "Ari Alpha", role: "member", complete: true },
  memberB: { email: "member-b@relentless.test", name: "Ben Beta", role: "member", complete: true },
  matrixTrainer: { email: "matrix-trainer@relentless.test", name: "Tia Matrix", role: "trainer", complete: true },
  matrixAdmin: { email: "matrix-admin@relentless.test", name: "Ada Matrix", role: "admin", complete: true },
  // Active when seeded: the matrix signs it in, then an administrator deactivates it over HTTP.
  deactivated: { email: "deactivated@relentless.test", name: "Dee Activated", role: "member", complete: true },
} as const;

export type UserKey = keyof typeof users;
