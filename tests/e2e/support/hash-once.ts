import { getAuth } from "~/auth/auth.server";

/**
 * From here on in this seed process, a password is hashed once and its hash reused: the
 * 26 fixture accounts share one password, the gym's 24 members another, and a hash costs
 * about a fifth of a second of CPU. Each account is still written by the app's own
 * createUserWithPassword and signs in as any other; they only share a salt.
 */
export async function hashEachPasswordOnce() {
  const { password } = await getAuth().$context;
  const hash = password.hash.bind(password);
  const hashes = new Map<string, Promise<string>>();
  password.hash = (plain) => {
    if (!hashes.has(plain)) hashes.set(plain, hash(plain));
    return hashes.get(plain)!;
  };
}
