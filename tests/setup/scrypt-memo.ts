import crypto from "node:crypto";
import { syncBuiltinESMExports } from "node:module";

type Derived = Promise<Buffer>;
type Callback = (error: Error | null, derivedKey: Buffer) => void;

const worker = globalThis as typeof globalThis & { relentlessScryptKeys?: Map<string, Derived> };

const bytes = (value: crypto.BinaryLike) => (typeof value === "string" ? Buffer.from(value, "utf8") : Buffer.from(value as Uint8Array)).toString("hex");

/**
 * Node's `crypto.scrypt` in this worker thread, remembering each derived key by its exact
 * inputs (password, salt, length and cost), so the same derivation is worked out once. A
 * password hash is a scrypt of a fresh random salt (better-auth: N 16384, r 16, about a fifth
 * of a second of CPU on the CI machines); every sign-in with that password derives the same
 * key again from the same salt, and a test file signs its accounts in many times. A
 * remembered key is the very bytes scrypt returned for those inputs: a wrong password, a new
 * hash (a new salt) or another cost still runs the real scrypt. Servers and commands a test
 * spawns are their own processes and hash as they always do.
 */
export function rememberScryptKeys(): void {
  if (worker.relentlessScryptKeys) return;
  const keys = (worker.relentlessScryptKeys = new Map<string, Derived>());
  const scrypt = crypto.scrypt.bind(crypto);
  function remembered(password: crypto.BinaryLike, salt: crypto.BinaryLike, keylen: number, optionsOrCallback: crypto.ScryptOptions | Callback, callback?: Callback): void {
    const options = typeof optionsOrCallback === "function" ? {} : optionsOrCallback;
    const done = typeof optionsOrCallback === "function" ? optionsOrCallback : callback!;
    const key = JSON.stringify([bytes(password), bytes(salt), keylen, options]);
    let derived = keys.get(key);
    if (!derived) {
      derived = new Promise<Buffer>((resolve, reject) => scrypt(password, salt, keylen, options, (error, result) => (error ? reject(error) : resolve(result))));
      keys.set(key, derived);
      derived.catch(() => keys.delete(key));
    }
    derived.then(
      (result) => done(null, Buffer.from(result)),
      (error: Error) => done(error, Buffer.alloc(0)),
    );
  }
  (crypto as { scrypt: unknown }).scrypt = remembered;
  // Modules that imported `scrypt` by name (better-auth's hasher) see the new function too.
  syncBuiltinESMExports();
}
