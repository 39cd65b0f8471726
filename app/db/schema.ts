import * as articles from "./schema/articles";
import * as audit from "./schema/audit";
import * as auth from "./schema/auth";
import * as contacts from "./schema/contacts";
import * as content from "./schema/content";
import * as documents from "./schema/documents";
import * as invitations from "./schema/invitations";
import * as limits from "./schema/limits";
import * as profiles from "./schema/profiles";
import * as progress from "./schema/progress";
import * as sessions from "./schema/sessions";
import * as settings from "./schema/settings";
import * as twoFactor from "./schema/two-factor";
import * as uploads from "./schema/uploads";

export const schema = {
  ...articles,
  ...audit,
  ...auth,
  ...contacts,
  ...content,
  ...documents,
  ...invitations,
  ...limits,
  ...profiles,
  ...progress,
  ...sessions,
  ...settings,
  ...twoFactor,
  ...uploads,
};
export type Schema = typeof schema;
