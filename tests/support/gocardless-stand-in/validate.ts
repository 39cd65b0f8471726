/** Field checks for the stand-in's creates, collecting GoCardless-style field errors. */
export class FieldCheck {
  readonly errors: { field: string; message: string }[] = [];

  constructor(private readonly input: Record<string, unknown>) {}

  value(path: string): unknown {
    return path.split(".").reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined), this.input);
  }

  fail(field: string, message: string): void {
    this.errors.push({ field, message });
  }

  required(path: string): boolean {
    const value = this.value(path);
    if (value === undefined || value === null || value === "") {
      this.fail(path, "is required");
      return false;
    }
    return true;
  }

  amount(path: string): void {
    if (!this.required(path)) return;
    const value = this.value(path);
    if (typeof value !== "number" || !Number.isInteger(value) || value < 1) this.fail(path, "must be a whole number greater than 0");
  }

  currency(path: string): void {
    if (!this.required(path)) return;
    if (!["GBP", "EUR"].includes(String(this.value(path)))) this.fail(path, "is not a currency this creditor collects");
  }

  optionalDate(path: string): void {
    const value = this.value(path);
    if (value !== undefined && value !== null && !(typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value))) {
      this.fail(path, "must be a date in the format YYYY-MM-DD");
    }
  }

  optionalUrl(path: string): void {
    const value = this.value(path);
    if (value === undefined || value === null) return;
    if (typeof value !== "string" || !URL.canParse(value)) this.fail(path, "must be a URL");
  }

  optionalMetadata(path: string): void {
    const value = this.value(path);
    if (value === undefined || value === null) return;
    if (typeof value !== "object" || Object.keys(value).length > 3 || Object.values(value).some((entry) => typeof entry !== "string")) {
      this.fail(path, "must have at most 3 keys, each with a string value");
    }
  }
}
