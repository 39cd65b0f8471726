import * as auth from "./schema/auth";
import * as contacts from "./schema/contacts";
import * as limits from "./schema/limits";
import * as profiles from "./schema/profiles";
import * as settings from "./schema/settings";

export const schema = { ...auth, ...contacts, ...limits, ...profiles, ...settings };
export type Schema = typeof schema;
