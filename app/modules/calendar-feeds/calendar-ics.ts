/**
 * The iCalendar text of a feed (RFC 5545), written by ical-generator: CRLF lines folded at
 * 75 octets, escaped texts, DTSTAMP, times in UTC (every calendar app shows them in its own
 * zone), planned workouts as all-day events. Pure: the caller gives the clock and the rows.
 */
import ical, { ICalEventStatus, ICalEventTransparency } from "ical-generator";
import { addDays } from "~/lib/time-zone";

export interface FeedSession {
  /** A 1:1 session (UID session-<id>), or a group class in a member's feed (UID class-<class id>). */
  kind?: "session" | "class";
  id: string;
  startsAt: Date;
  durationMinutes: number;
  summary: string;
  location: string;
  description: string;
  cancelled: boolean;
  /** Counts the session's changes: SEQUENCE (decision 0091). */
  revision: number;
}

export interface FeedWorkout {
  /** The program day's id: one event per day of a member's program copy. */
  dayId: string;
  /** yyyy-mm-dd */
  date: string;
  summary: string;
  description: string;
  sequence: number;
}

export interface FeedCalendar {
  name: string;
  /** The site's host name: the domain part of every UID. */
  host: string;
  now: Date;
  sessions: readonly FeedSession[];
  workouts: readonly FeedWorkout[];
}

/** How often calendar apps that honour it should read the feed again. */
const REFRESH_SECONDS = 60 * 60;

const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

export function renderCalendar(feed: FeedCalendar): string {
  const calendar = ical({ name: feed.name, prodId: { company: feed.host, product: "Relentless calendar feed", language: "EN" }, ttl: REFRESH_SECONDS });
  for (const s of feed.sessions) {
    calendar.createEvent({
      id: `${s.kind ?? "session"}-${s.id}@${feed.host}`,
      sequence: s.revision,
      stamp: feed.now,
      start: s.startsAt,
      end: new Date(s.startsAt.getTime() + s.durationMinutes * 60_000),
      summary: s.summary,
      location: s.location || null,
      description: s.description || null,
      status: s.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  for (const w of feed.workouts) {
    calendar.createEvent({
      id: `workout-${w.dayId}@${feed.host}`,
      sequence: w.sequence,
      stamp: feed.now,
      allDay: true,
      start: utcMidnight(w.date),
      end: utcMidnight(addDays(w.date, 1)),
      summary: w.summary,
      description: w.description || null,
      // A day's workout does not make the whole day busy.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  // RFC 5545 ends every line, the last one too, with CRLF; ical-generator leaves the last one bare.
  return `${calendar.toString()}\r\n`;
}
