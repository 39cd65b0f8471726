import * as auth from "./schema/auth";
import * as profiles from "./schema/profiles";
import * as settings from "./schema/settings";

export const schema = { ...auth, ...profiles, ...settings };
export type Schema = typeof schema;
