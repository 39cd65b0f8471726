import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { MEMBER_CACHE_PREFIX } from "~/lib/offline-contract";
import { keepForOffline } from "~/views/members/offline-app";

const OFFLINE_START_TITLE = "You're offline";
const OFFLINE_START_TEXT = "Starting a workout needs a connection for a moment. Once it has started, it works offline: log your sets and they are sent when you are back online.";

/** The page of today's workout not started yet (decision 0112), kept by the service worker for offline use. */
const pendingPage = (workoutId: string, dayId: string) => `/members/workouts/${workoutId}?day=${encodeURIComponent(dayId)}`;

/** The workout whose start waits in this browser's queue for this day (decision 0112), or null. */
async function queuedStart(dayId: string, account: string): Promise<string | null> {
  const { queuedStartOf } = await import("./set-queue");
  return queuedStartOf(dayId, account).catch(() => null);
}

/**
 * Offline, today's workout opens from a kept page (decision 0112): the one whose start is
 * already queued (the same workout, with its sets), else this one's, else another kept
 * page of today's day (the dashboard the worker kept may be a later copy than the one that
 * kept its page). Nothing kept: null.
 */
async function keptStartPage(queued: string | null, workoutId: string, dayId: string): Promise<string | null> {
  if (typeof caches === "undefined") return null;
  const wanted = pendingPage(queued ?? workoutId, dayId);
  if (await caches.match(new URL(wanted, location.origin).href, { ignoreVary: true })) return wanted;
  if (queued) return null;
  const ofDay = `?day=${encodeURIComponent(dayId)}`;
  for (const name of (await caches.keys()).filter((n) => n.startsWith(MEMBER_CACHE_PREFIX))) {
    const kept = (await (await caches.open(name)).keys()).map((request) => new URL(request.url)).filter((url) => url.search === ofDay && /^\/members\/workouts\/[\w-]+$/.test(url.pathname));
    const last = kept.at(-1);
    if (last) return last.pathname + last.search;
  }
  return null;
}

/**
 * One tap to start: a day of the program, or (no day) an empty workout. Posts to
 * /members/workouts. Today's workout comes with its id (`start`, chosen by the dashboard's
 * loader): a second tap starts it once, and offline it opens its kept page, whose script
 * queues the start (decision 0112). A start already queued for the day, online or not,
 * opens that workout's page instead: never a second workout beside the queued one.
 */
export function StartWorkoutForm({
  dayId,
  label,
  variant = "primary",
  start,
}: {
  dayId: string | null;
  label: string;
  variant?: "primary" | "secondary";
  start?: { workoutId: string; account: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/members/workouts" && navigation.formData?.get("dayId") === (dayId ?? "");
  const offlinePage = start && dayId ? pendingPage(start.workoutId, dayId) : null;
  const looked = useRef(false);
  useEffect(() => {
    if (offlinePage) keepForOffline(offlinePage);
  }, [offlinePage]);
  return (
    <Form
      method="post"
      action="/members/workouts"
      onSubmit={(event) => {
        // The second round, once the queue had no start of this day: the form posts as it is.
        if (looked.current) {
          looked.current = false;
          return;
        }
        const offline = () => toast.error(OFFLINE_START_TITLE, { description: OFFLINE_START_TEXT });
        if (!start || !dayId) {
          // The empty workout's start is the server's alone.
          if (navigator.onLine) return;
          event.preventDefault();
          return offline();
        }
        event.preventDefault();
        const form = event.currentTarget;
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        void queuedStart(dayId, start.account)
          .then(async (queued) => {
            if (navigator.onLine) {
              if (queued) return location.assign(pendingPage(queued, dayId));
              looked.current = true;
              return form.requestSubmit(submitter);
            }
            const page = await keptStartPage(queued, start.workoutId, dayId);
            return page ? location.assign(page) : offline();
          })
          .catch(offline);
      }}
    >
      <input type="hidden" name="intent" value="start-workout" />
      <input type="hidden" name="dayId" value={dayId ?? ""} />
      {start ? <input type="hidden" name="workoutId" value={start.workoutId} /> : null}
      <Button type="submit" variant={variant} busy={busy} busyText="Starting…" className="w-full sm:w-auto">
        {label}
      </Button>
    </Form>
  );
}
