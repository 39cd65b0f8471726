/**
 * The one reader of numbers typed into a form, a JSON body, an address or the environment
 * (decision 0045). `Number()` and `z.coerce.number` read far more than a person types:
 * '0x10' is 16, '1e3' is 1000, '' and '   ' are 0, 'Infinity' is a number. Here a number
 * is written in decimal: an optional sign, ASCII digits, at most one decimal point (with
 * digits on at least one side). Nothing else is guessed at: no comma (is '1,500' one and
 * a half or fifteen hundred?), no spaces inside, no other scripts' digits.
 */
/** Longer text is no number a form needs; it is refused before any pattern reads it. */
export const MAX_NUMBER_TEXT_LENGTH = 32;

/** Decimal only; linear (issue 16). Without the u flag `\d` is the ASCII digits only. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * `raw` read as a decimal number: "missing" when absent or blank, "invalid" when it is
 * not a decimal (or a JSON number that is not finite). A JSON number is taken as it is.
 */
export function parseDecimal(raw: unknown): number | "missing" | "invalid" {
  if (raw === undefined || raw === null) return "missing";
  if (typeof raw === "number") return Number.isFinite(raw) ? raw + 0 : "invalid";
  if (typeof raw !== "string" || raw.length > MAX_NUMBER_TEXT_LENGTH) return "invalid";
  const text = raw.trim();
  if (text === "") return "missing";
  if (!DECIMAL.test(text)) return "invalid";
  // `+ 0` turns -0 into 0: '-0' is no different number from '0'.
  return Number(text) + 0;
}

export interface NumberRule {
  /** The field's name as the messages start it ("Reps", "Duration in weeks"). */
  label: string;
  /** Bounds; a bound left out is not checked (a schema that checks it later, per case). */
  min?: number;
  max?: number;
  /** The minimum itself is refused (a body weight of 0). */
  minExclusive?: boolean;
  integer?: boolean;
  /** At most one decimal (the form's step 0.1). */
  oneDecimal?: boolean;
  unit?: string;
  /** The form's own words where they differ from the ones built from `label`. */
  messages?: Partial<Record<"missing" | "invalid" | "integer" | "tooSmall" | "tooLarge", string>>;
}

function rangeText(rule: NumberRule): string {
  const unit = rule.unit ? (rule.unit === "%" ? " %" : ` ${rule.unit}`) : "";
  if (rule.minExclusive) return `${rule.label} must be more than ${rule.min} and at most ${rule.max}${unit}`;
  return `${rule.label} must be between ${rule.min} and ${rule.max}${unit}`;
}

function checkNumber(value: number, rule: NumberRule): string | null {
  const { min = -Infinity, max = Infinity, messages = {} } = rule;
  if (rule.integer && !Number.isInteger(value)) return messages.integer ?? `${rule.label} must be a whole number`;
  if (value < min || (rule.minExclusive && value === min)) {
    return messages.tooSmall ?? (value < 0 && min >= 0 ? `${rule.label} cannot be negative` : rangeText(rule));
  }
  if (value > max) return messages.tooLarge ?? rangeText(rule);
  if (rule.oneDecimal && Math.abs(Math.round(value * 10) - value * 10) > 1e-6) return `${rule.label} can have at most one decimal place`;
  return null;
}

/**
 * `raw` read under `rule`: its value (undefined when left blank and not `required`), or
 * the problem to show at its field, in the words the server answers with too.
 */
export function readNumber(raw: unknown, rule: NumberRule, required: boolean): { value: number | undefined; problem: null } | { value: undefined; problem: string } {
  const value = parseDecimal(raw);
  if (value === "missing") return required ? { value: undefined, problem: rule.messages?.missing ?? `${rule.label} is required` } : { value: undefined, problem: null };
  if (value === "invalid") return { value: undefined, problem: rule.messages?.invalid ?? `${rule.label} must be a number` };
  const problem = checkNumber(value, rule);
  return problem ? { value: undefined, problem } : { value, problem: null };
}
