/**
 * Unit conversions for progress data, safe in the browser.
 *
 * Progress values are stored in canonical units (kg, cm, %) and shown in the
 * member's unit: 'lbs' members see pounds and inches, 'kg' members kilograms and
 * centimetres. Shown values have one decimal; a value typed with one decimal comes
 * back unchanged after storage (a double keeps far more precision than that).
 */
export type WeightUnit = "lbs" | "kg";
/** A member who has not chosen a unit sees pounds and inches (the spec's default). */
export const DEFAULT_WEIGHT_UNIT: WeightUnit = "lbs";
export type LengthUnit = "in" | "cm";

/** Exact by definition of the international pound (0.45359237 kg). */
export const KG_PER_LB = 0.45359237;
/** Exact by definition of the international inch. */
export const CM_PER_INCH = 2.54;

export const lbsToKg = (lbs: number): number => lbs * KG_PER_LB;
export const kgToLbs = (kg: number): number => kg / KG_PER_LB;
export const inchesToCm = (inches: number): number => inches * CM_PER_INCH;
export const cmToInches = (cm: number): number => cm / CM_PER_INCH;

/** Measurements follow the weight preference: pounds with inches, kilograms with centimetres. */
export function lengthUnitFor(unit: WeightUnit): LengthUnit {
  return unit === "kg" ? "cm" : "in";
}

/** Rounds for display (one decimal by default), without '-0'. */
export function roundForDisplay(value: number, decimals = 1): number {
  const factor = 10 ** decimals;
  const rounded = Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** A weight typed in the member's unit, in kilograms. */
/** A limit written in pounds, in the member's unit, rounded as shown. */
export function weightLimitIn(lbs: number, unit: WeightUnit): number {
  return unit === "kg" ? roundForDisplay(lbs / kgToLbs(1)) : lbs;
}

export function weightToKg(value: number, unit: WeightUnit): number {
  return unit === "kg" ? value : lbsToKg(value);
}

/** A stored weight (kg) in the member's unit, unrounded. */
export function weightFromKg(kg: number, unit: WeightUnit): number {
  return unit === "kg" ? kg : kgToLbs(kg);
}

/** A length typed in the member's unit, in centimetres. */
export function lengthToCm(value: number, unit: LengthUnit): number {
  return unit === "cm" ? value : inchesToCm(value);
}

/** A stored length (cm) in the member's unit, unrounded. */
export function lengthFromCm(cm: number, unit: LengthUnit): number {
  return unit === "cm" ? cm : cmToInches(cm);
}

/**
 * A shown value as text: at most one decimal, no trailing '.0' (180 and 180.5). No
 * locale grouping, so the server and the browser render the same characters.
 */
export function formatValue(value: number, decimals = 1): string {
  return String(roundForDisplay(value, decimals));
}
