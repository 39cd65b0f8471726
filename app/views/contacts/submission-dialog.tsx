import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { fitnessLevels, genders } from "~/modules/contacts/contacts.schema";
import { StatusBadge } from "./status-badge";

export interface SubmissionDetail {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  age: string;
  gender: string;
  fitnessLevel: string;
  goals: string[];
  medicalConditions: string;
  injuries: string;
  preferredTrainingTime: string;
  preferredTrainingLocation: string;
  experience: string;
  expectations: string;
  referralSource: string;
  status: string;
  /** An invitation from this submission was accepted. */
  /** The account made from the application (invited), or null. */
  memberId: string | null;
  received: string;
}

const label = (options: ReadonlyArray<{ value: string; label: string }>, value: string) => options.find((o) => o.value === value)?.label ?? value;

/** The /admin/users 'Add person' form, open and prefilled; the new account is linked to this submission. */
function inviteHref(s: SubmissionDetail): string {
  const params = new URLSearchParams({ invite: "1", name: `${s.firstName} ${s.lastName}`, email: s.email, submission: s.id });
  return `/admin/users?${params.toString()}`;
}

/** Every answer of one application, in a modal dialog (Escape or Close returns to the list). */
export function SubmissionDialog({ submission, onClose }: { submission: SubmissionDetail; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigation = useNavigation();
  const busyIntent = navigation.formData?.get("intent");

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();
  }, [submission.id]);

  const answers: Array<[string, string]> = [
    ["Email", submission.email],
    ["Phone", submission.phone],
    ["Age", submission.age],
    ["Gender", label(genders, submission.gender)],
    ["Current fitness level", label(fitnessLevels, submission.fitnessLevel)],
    ["Goals", submission.goals.join(", ")],
    ["Medical conditions", submission.medicalConditions || "None given"],
    ["Injuries", submission.injuries || "None given"],
    ["Preferred training time", submission.preferredTrainingTime],
    ["Preferred training location", submission.preferredTrainingLocation],
    ["Fitness experience", submission.experience],
    ["Expectations", submission.expectations],
    ["How they heard about us", submission.referralSource],
    ["Received", submission.received],
  ];

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="submission-title"
      // Switching the server-rendered (non-modal) dialog to modal closes it once; that
      // close event arrives after showModal() and must not leave the submission.
      onClose={() => {
        if (!ref.current?.open) onClose();
      }}
      className="m-auto max-h-[90vh] w-[min(44rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-0 text-zinc-900 shadow-2xl"
    >
      <div className="p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <div>
            <h2 id="submission-title" className="text-2xl font-bold uppercase">
              {submission.firstName} {submission.lastName}
            </h2>
            <p className="mt-2">
              <StatusBadge status={submission.status} />
            </p>
          </div>
          <button type="button" onClick={() => ref.current?.close()} className="rounded-md p-2 text-zinc-600 hover:bg-zinc-100" aria-label="Close">
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[12rem_1fr]">
          {answers.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-zinc-700">{term}</dt>
              <dd className="whitespace-pre-line break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-8 flex flex-wrap items-start gap-3 border-t border-zinc-200 pt-6">
          {submission.status !== "responded" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="mark-responded" />
              <input type="hidden" name="id" value={submission.id} />
              <button type="submit" className={buttonClass("primary")} disabled={busyIntent === "mark-responded"}>
                {busyIntent === "mark-responded" ? "Saving..." : "Mark as Responded"}
              </button>
            </Form>
          ) : null}
          {submission.memberId ? (
            <Link to={`/coach/members/${encodeURIComponent(submission.memberId)}`} className={buttonClass("secondary")}>
              Open the member&rsquo;s page
            </Link>
          ) : (
            <Link to={inviteHref(submission)} className={buttonClass("secondary")}>
              Invite as member
            </Link>
          )}
          <a href={`mailto:${submission.email}`} className={buttonClass("secondary")}>
            Reply by e-mail
          </a>
          <details className="group">
            <summary className={buttonClass("ghost", "cursor-pointer list-none text-brand")}>Delete</summary>
            <Form method="post" className="mt-3 space-y-3 rounded-lg border border-brand/30 bg-red-50 p-4">
              <p className="text-sm">Delete this submission? This cannot be undone.</p>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={submission.id} />
              <button type="submit" className={buttonClass("primary")} disabled={busyIntent === "delete"}>
                {busyIntent === "delete" ? "Deleting..." : "Delete submission"}
              </button>
            </Form>
          </details>
        </div>
      </div>
    </dialog>
  );
}
