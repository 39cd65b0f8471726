/**
 * How a search typed by a coach is read (decision 0046): words in lower case, the usual
 * gym abbreviations spelled out, plurals made singular. The database compares them with
 * the name's search key (lower case, without spaces and punctuation: "Pull-Up" is
 * "pullup"), so "Pull-ups", "pullup" and "pull ups" all read "pull" + "up".
 */

/** Abbreviations coaches write, as the library's names spell them. */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  db: "dumbbell",
  bb: "barbell",
  kb: "kettlebell",
  ez: "ez bar",
  mb: "medicine ball",
  rdl: "romanian deadlift",
  sl: "single leg",
  dl: "deadlift",
  ohp: "overhead press",
  bp: "bench press",
  cgbp: "close grip bench press",
  bss: "bulgarian split squat",
  ghr: "glute ham raise",
  hspu: "handstand push up",
  ttb: "toes to bar",
  t2b: "toes to bar",
  kbs: "kettlebell swing",
  tgu: "turkish get up",
};

/** At most this many words are compared: a longer search is no name. */
const MAX_WORDS = 8;

/** A word's singular as the names write it: "ups" → "up", "flies" → "fly", "presses" → "press"; "press" stays. */
export function singular(word: string): string {
  if (word.length < 3 || /(?:ss|us|is)$/.test(word)) return word;
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(?:sses|shes|ches|xes|yes)$/.test(word)) return word.slice(0, -2);
  return word.endsWith("s") ? word.slice(0, -1) : word;
}

/** The words of a search as the search key is compared with them; none for a search of punctuation only. */
export function searchWords(q: string): string[] {
  const typed = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  return typed.flatMap((word) => (ABBREVIATIONS[word] ?? word).split(" ")).map(singular);
}
