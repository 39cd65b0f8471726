import { formatValue, weightFromKg, type WeightUnit } from "~/lib/units";
import type { BlockView } from "~/modules/programs/program-read.server";

/** A block's target in words: '3 × 8-12', '3 × 60 s', '1 × 500 m'. */
export function targetText(block: Pick<BlockView, "sets" | "repsMin" | "repsMax" | "durationSeconds" | "distanceMeters">): string {
  if (block.durationSeconds !== null) return `${block.sets} × ${block.durationSeconds} s`;
  if (block.distanceMeters !== null) return `${block.sets} × ${formatValue(block.distanceMeters)} m`;
  const reps = block.repsMin === block.repsMax ? `${block.repsMin}` : `${block.repsMin}-${block.repsMax}`;
  return `${block.sets} × ${reps}`;
}

/** The load in words, a weight in the reader's unit: '100 kg', '75% 1RM', 'RPE 8', 'RIR 2'; null without one. */
export function loadText(block: Pick<BlockView, "loadKind" | "loadValue">, unit: WeightUnit): string | null {
  const value = block.loadValue;
  if (block.loadKind === "none" || value === null) return null;
  switch (block.loadKind) {
    case "weight":
      return `${formatValue(weightFromKg(value, unit))} ${unit}`;
    case "percent_1rm":
      return `${formatValue(value)}% 1RM`;
    case "rpe":
      return `RPE ${formatValue(value)}`;
    case "rir":
      return `RIR ${formatValue(value)}`;
  }
}

/** Everything a block asks for, in one line. */
export function blockSummary(block: BlockView, unit: WeightUnit): string {
  return [targetText(block), loadText(block, unit), block.restSeconds !== null ? `Rest ${block.restSeconds} s` : null, block.tempo ? `Tempo ${block.tempo}` : null]
    .filter((part) => part !== null)
    .join(" · ");
}

/** Each group of a day named by a letter in order ('Superset A', 'Circuit B'). */
export function groupNames(blocks: readonly BlockView[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const block of blocks) {
    if (!block.groupKey || names.has(block.groupKey)) continue;
    const letter = String.fromCharCode(65 + names.size);
    names.set(block.groupKey, `${block.groupKind === "circuit" ? "Circuit" : "Superset"} ${letter}`);
  }
  return names;
}
