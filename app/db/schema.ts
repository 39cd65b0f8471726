import * as audit from "./schema/audit";
import * as auth from "./schema/auth";
import * as contacts from "./schema/contacts";
import * as invitations from "./schema/invitations";
import * as limits from "./schema/limits";
import * as profiles from "./schema/profiles";
import * as settings from "./schema/settings";

export const schema = { ...audit, ...auth, ...contacts, ...invitations, ...limits, ...profiles, ...settings };
export type Schema = typeof schema;
