import * as articles from "~/db/schema/articles";
import * as attention from "~/db/schema/attention";
import * as audit from "~/db/schema/audit";
import * as auth from "~/db/schema/auth";
import * as billing from "~/db/schema/billing";
import * as calendarFeeds from "~/db/schema/calendar-feeds";
import * as checkIns from "~/db/schema/check-ins";
import * as classes from "~/db/schema/classes";
import * as contacts from "~/db/schema/contacts";
import * as library from "~/db/schema/library";
import * as documents from "~/db/schema/documents";
import * as exercises from "~/db/schema/exercises";
import * as invitations from "~/db/schema/invitations";
import * as jobs from "~/db/schema/jobs";
import * as limits from "~/db/schema/limits";
import * as memberData from "~/db/schema/member-data";
import * as messages from "~/db/schema/messages";
import * as profiles from "~/db/schema/profiles";
import * as programs from "~/db/schema/programs";
import * as progress from "~/db/schema/progress";
import * as progressPhotos from "~/db/schema/progress-photos";
import * as reminders from "~/db/schema/reminders";
import * as trainingSessions from "~/db/schema/training-sessions";
import * as settings from "~/db/schema/settings";
import * as twoFactor from "~/db/schema/two-factor";
import * as uploads from "~/db/schema/uploads";
import * as workouts from "~/db/schema/workouts";

export const schema = {
  ...articles,
  ...attention,
  ...audit,
  ...auth,
  ...billing,
  ...calendarFeeds,
  ...checkIns,
  ...classes,
  ...contacts,
  ...library,
  ...documents,
  ...exercises,
  ...invitations,
  ...jobs,
  ...limits,
  ...memberData,
  ...messages,
  ...profiles,
  ...programs,
  ...progress,
  ...progressPhotos,
  ...reminders,
  ...trainingSessions,
  ...settings,
  ...twoFactor,
  ...uploads,
  ...workouts,
};
export type Schema = typeof schema;
