/** The fields every staff form that puts something in the diary shares: a date, a start time, a length in minutes (training sessions, group classes). */
import { z } from "zod";
import { requiredNumber } from "./number-field";
import { isPlainDate, isPlainTime } from "./time-zone";

/** A calendar date typed as yyyy-mm-dd. */
export const plainDateField = () => z.string({ message: "Please enter the date" }).trim().min(1, "Please enter the date").refine(isPlainDate, "Please enter a real date (yyyy-mm-dd)");

/** A wall-clock start time typed as HH:mm. */
export const startTimeField = () => z.string({ message: "Please enter the start time" }).trim().min(1, "Please enter the start time").refine(isPlainTime, "Please enter the time as HH:mm");

/** A whole number of minutes from `min` to `max` (the largest said in hours too, when whole). */
export function durationMinutesField(min: number, max: number) {
  const hours = max % 60 === 0 ? ` (${max / 60} hours)` : "";
  return requiredNumber({
    label: "Duration",
    min,
    max,
    integer: true,
    messages: {
      missing: "Please enter the duration in minutes",
      invalid: "Please enter the duration in minutes",
      integer: "Duration must be a whole number of minutes",
      tooSmall: `Duration must be at least ${min} minutes`,
      tooLarge: `Duration must be at most ${max} minutes${hours}`,
    },
  });
}

/** The years a dated class (or a one-off change of one) may fall in: the training sessions' 2000-2100. */
export const SCHEDULE_YEARS = { first: 2000, last: 2100 } as const;

/** A yyyy-mm-dd date from SCHEDULE_YEARS.first to SCHEDULE_YEARS.last: a typo such as 9999-12-31 is refused on the field. */
export const boundedDateField = () =>
  plainDateField().refine(
    (value) => !isPlainDate(value) || (value >= `${SCHEDULE_YEARS.first}-01-01` && value <= `${SCHEDULE_YEARS.last}-12-31`),
    `Please choose a date between ${SCHEDULE_YEARS.first} and ${SCHEDULE_YEARS.last}`,
  );
