import type { SessionUser } from "~/auth/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { formatClassTime } from "~/lib/class-time";
import { formatShortDate } from "~/lib/dates";
import type { FormBody } from "~/lib/request-body.server";
import { deskBook, deskCancel, deskMove } from "~/modules/classes/front-desk.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

/** The roster's front-desk intents (decision 0120): each answers with the roster again and a toast. */
export function frontDeskIntents(actor: Actor, classId: string, back: string) {
  return {
    "desk-book": async (form: FormBody) => {
      const { name, status, position } = await deskBook(actor, classId, form);
      const description = status === "booked" ? `${name} is booked into this class.` : `The class is full: ${name} is number ${position} on the waitlist.`;
      return redirectWithToast(back, { type: "success", title: status === "booked" ? "Member booked" : "Member on the waitlist", description });
    },
    "desk-move": async (form: FormBody) => {
      const moved = await deskMove(actor, classId, form);
      return redirectWithToast(back, { type: "success", title: "Place moved", description: `${moved.name} is now in ${moved.className} on ${formatShortDate(moved.date)} at ${formatClassTime(moved.time)}.` });
    },
    "desk-cancel": async (form: FormBody) => {
      const { name, status } = await deskCancel(actor, classId, form);
      return redirectWithToast(back, { type: "success", title: "Place cancelled", description: status === "late_cancelled" ? `${name}'s place is cancelled and counted as a late cancel.` : `${name}'s place is cancelled.` });
    },
  };
}
