/** Content negotiation of a response's encoding, for the page cache and the precompressed assets alike. */
export type Encoding = "br" | "gzip" | "identity";

/** The better of brotli and gzip by the client's q-values (brotli on a tie), else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (name) weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weight("br");
  const gz = weight("gzip");
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : "identity";
}

/** The file name suffix of each compressed copy the build writes beside a file. */
export const ENCODED_SUFFIX = { br: ".br", gzip: ".gz" } as const;
