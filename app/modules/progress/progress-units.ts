import { lengthFromCm, lengthToCm, lengthUnitFor, roundForDisplay, weightFromKg, weightToKg, type WeightUnit } from "~/lib/units";
import type { ShownUnit } from "./progress-types";
import { bodyKinds, exercises, isMeasurementSite, measurementSites, type EntryKind } from "./progress.schema";

/**
 * Progress values are stored in kg, cm and %, and converted to the member's unit on the
 * way in and out. Pure: the browser may import it too.
 */

export const allKinds: readonly EntryKind[] = [...bodyKinds, ...measurementSites, ...exercises];

export function isEntryKind(kind: string): kind is EntryKind {
  return (allKinds as readonly string[]).includes(kind);
}

export function unitOf(kind: EntryKind, unit: WeightUnit): ShownUnit {
  if (kind === "body_fat") return "%";
  if (isMeasurementSite(kind)) return lengthUnitFor(unit);
  return unit;
}

/** A typed value (member's unit) in the stored unit (kg, cm or %). */
export function toStored(kind: EntryKind, value: number, unit: WeightUnit): number {
  if (kind === "body_fat") return value;
  if (isMeasurementSite(kind)) return lengthToCm(value, lengthUnitFor(unit));
  return weightToKg(value, unit);
}

/** A stored value in the member's unit, rounded as shown. */
export function toShown(kind: EntryKind, stored: number, unit: WeightUnit): number {
  if (kind === "body_fat") return roundForDisplay(stored);
  if (isMeasurementSite(kind)) return roundForDisplay(lengthFromCm(stored, lengthUnitFor(unit)));
  return roundForDisplay(weightFromKg(stored, unit));
}
