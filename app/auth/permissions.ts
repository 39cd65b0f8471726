/**
 * The one role × entity × action table. The server checks it in every loader and
 * action (through requirePermission); the UI reads it only to hide what a role
 * cannot use. Safe to import in the browser.
 */
export const roles = ["member", "trainer", "admin"] as const;
export type Role = (typeof roles)[number];

/** Users with no role, or a role we do not know, are members. */
export function toRole(value: string | null | undefined): Role {
  return roles.includes(value as Role) ? (value as Role) : "member";
}

const staff: readonly Role[] = ["trainer", "admin"];
const adminOnly: readonly Role[] = ["admin"];
const everyone: readonly Role[] = roles;
const memberOnly: readonly Role[] = ["member"];

export const permissions = {
  memberArea: { view: everyone },
  profile: { update: everyone },
  adminArea: { view: adminOnly },
  users: { list: adminOnly, create: adminOnly, setRole: adminOnly, deactivate: adminOnly, resetTwoFactor: adminOnly },
  invitations: { list: adminOnly, create: adminOnly, revoke: adminOnly },
  auditLog: { list: adminOnly },
  siteSettings: { read: adminOnly, update: adminOnly },
  contentManager: { view: staff },
  contactSubmissions: { list: adminOnly, read: adminOnly, update: adminOnly, delete: adminOnly },
  articles: { create: staff, update: staff, delete: staff, viewDrafts: staff },
  content: { list: staff, create: staff, delete: staff },
  uploads: { create: staff },
  trainingSessions: { listAll: staff, create: staff, update: staff, cancelAny: staff },
  nutritionDocuments: { create: staff, delete: staff },
  memberProgress: { viewAny: staff },
  programs: { view: staff, write: staff, assign: staff },
  exercises: { write: staff },
  memberTraining: { viewAny: staff, comment: staff },
  /** The coach's home ('Needs attention') and the one page per member. */
  coaching: { view: staff, dismissAttention: staff, setCheckInDay: staff },
  checkIns: { reviewAny: staff },
  /** E-mail reminders (sessions, workouts, check-ins, the coach's reply) are a member's. */
  reminders: { manageOwn: memberOnly },
  progressPhotos: { viewAny: staff },
  /**
   * Group classes: a member books, cancels or confirms only their own place (decision 0102);
   * staff book, move and cancel members' places at the front desk (decision 0120).
   */
  classBookings: { bookOwn: memberOnly, manageAny: staff },
  conversations: { readAny: staff, writeAny: staff },
  /**
   * A person's own data archive; an administrator's export and erasure of a member. Deletion
   * is asked for by members only: staff accounts are not erased (decision 0083).
   */
  /**
   * Group classes, the staff side (decision 0105): every trainer and administrator runs the
   * timetable, the classes and their rosters; the class types (names, sizes, images) are the
   * administrators'.
   */
  groupClasses: { view: staff, manageTypes: adminOnly, manageTimetable: staff, changeClass: staff, markAttendance: staff },
  /**
   * Billing (decision 0131): a member buys, sees and cancels only their own plan, payments,
   * receipts and credits; staff see every member's payment status; only administrators change
   * products, prices and settings, record manual payments, refund and cancel for a member.
   */
  billing: { manageOwn: memberOnly, viewAny: staff, retryPayment: staff, manageProducts: adminOnly, recordPayment: adminOnly, refund: adminOnly, cancelAny: adminOnly, updateSettings: adminOnly },
  memberData: { exportOwn: everyone, exportAny: adminOnly, requestDeletion: memberOnly, listDeletionRequests: adminOnly, erase: adminOnly },
} as const satisfies Record<string, Record<string, readonly Role[]>>;

export type Entity = keyof typeof permissions;
export type Action<E extends Entity> = keyof (typeof permissions)[E];

export function can<E extends Entity>(role: Role, entity: E, action: Action<E>): boolean {
  const allowed = permissions[entity][action] as readonly Role[];
  return allowed.includes(role);
}
