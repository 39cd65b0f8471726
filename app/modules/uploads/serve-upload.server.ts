/**
 * The only keys uploads create: images/{22+ base64url characters}/{width}.{ext}.
 * Anything else (dots, percent-encoding, other folders) is a 404 before storage is asked.
 */
const SERVABLE_KEY = /^images\/[\w-]{22,64}\/[1-9]\d{0,4}\.(?:avif|webp|jpg|png)$/;

export function isServableKey(key: string): boolean {
  return SERVABLE_KEY.test(key);
}
