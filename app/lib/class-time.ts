/**
 * One way to write a class's time to a person: the spec's timetable writes "6:00 AM" and
 * "7:00 PM", so every place a class is shown (the Group Classes page, the member's
 * calendar and dashboard, the staff's week, timetable, roster and pickers, the e-mails)
 * does too. A form's time field keeps the 24-hour value the browser's time input takes.
 */

/** "06:00" → "6:00 AM", "19:30" → "7:30 PM", "00:15" → "12:15 AM". */
export function formatClassTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}
