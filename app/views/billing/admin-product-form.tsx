import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { FormError, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import type { ActionData } from "~/lib/action.server";
import {
  DESCRIPTION_MAX_LENGTH,
  FEATURE_MAX_LENGTH,
  MAX_FEATURES,
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  PRODUCT_LIMITS,
  classAccessKinds,
  productKinds,
  productPages,
  productKindLabels,
  productPageLabels,
  type ProductField,
} from "~/modules/billing/product-form.schema";

export type ProductFormValues = Record<ProductField | "popular", string>;

const range = (field: keyof typeof PRODUCT_LIMITS, unit: string) => `${PRODUCT_LIMITS[field].min} to ${PRODUCT_LIMITS[field].max} ${unit}.`;
const classAccessLabels: Record<(typeof classAccessKinds)[number], string> = { none: "No group classes", unlimited: "Unlimited group classes", limited: "A number of group classes a week" };

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-zinc-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-bold uppercase">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The product editor (new and edit): the package's card fields, how it is paid and what it
 * includes. Only the fields of the chosen kind show; the server reads only those too.
 */
export function AdminProductForm({
  heading,
  values,
  templates,
  currency,
  editing,
  result,
}: {
  heading: string;
  values: ProductFormValues;
  templates: Array<{ id: string; name: string }>;
  currency: string;
  editing: boolean;
  result: ActionData | undefined;
}) {
  const refused = result && !result.ok ? result : undefined;
  const errors = (refused?.fieldErrors ?? {}) as Partial<Record<ProductField, string>>;
  const typed = (refused?.values ?? {}) as Record<string, unknown>;
  const value = (name: ProductField) => (typeof typed[name] === "string" ? (typed[name] as string) : values[name]);
  const [kind, setKind] = useState(value("kind"));
  const [period, setPeriod] = useState(value("period"));
  const [classAccess, setClassAccess] = useState(value("classAccess"));
  const busy = useNavigation().state === "submitting";
  const errorRef = useRef<HTMLDivElement>(null);
  // A refused save moves the focus to its first message, so a keyboard or screen-reader user hears it.
  useEffect(() => {
    if (refused) errorRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [refused]);

  return (
    <section aria-labelledby="product-form-heading" className="max-w-3xl">
      <h1 id="product-form-heading" className="text-3xl font-bold uppercase sm:text-4xl">
        {heading}
      </h1>
      {editing ? (
        <p className="mt-2 text-zinc-700">Members who bought this product keep the price and terms they bought at: a change applies to purchases from now on.</p>
      ) : null}
      <Form method="post" noValidate className="mt-6 space-y-6" aria-labelledby="product-form-heading">
        <div ref={errorRef} className="space-y-6">
          <input type="hidden" name="intent" value="save-product" />
          <FormError message={refused?.error} />
          <Fieldset legend="The card">
            <TextField id="product-name" label="Name" name="name" defaultValue={value("name")} error={errors.name} maxLength={NAME_MAX_LENGTH} required />
            <TextField
              id="product-price"
              label={`Price (${currency})`}
              name="price"
              inputMode="decimal"
              defaultValue={value("price")}
              error={errors.price}
              hint={kind === "subscription" ? "Per payment, such as 35 or 35.50." : kind === "term" ? "The whole term; instalments split it evenly." : "The whole pack."}
              required
            />
            <div className="sm:col-span-2">
              <TextAreaField id="product-description" label="Description" name="description" rows={2} defaultValue={value("description")} error={errors.description} maxLength={DESCRIPTION_MAX_LENGTH} />
            </div>
            <div className="sm:col-span-2">
              <TextAreaField
                id="product-features"
                label="Features"
                name="features"
                rows={5}
                defaultValue={value("features")}
                error={errors.features}
                hint={`One a line, at most ${MAX_FEATURES} of up to ${FEATURE_MAX_LENGTH} characters.`}
              />
            </div>
            <TextField id="product-note" label="Note" name="note" defaultValue={value("note")} error={errors.note} maxLength={NOTE_MAX_LENGTH} hint="Small print under the features (optional)." />
            <SelectField id="product-page" label="Shown on" name="page" defaultValue={value("page")} error={errors.page}>
              {productPages.map((p) => (
                <option key={p} value={p}>
                  {productPageLabels[p]}
                </option>
              ))}
            </SelectField>
            <label className="flex items-start gap-2 text-zinc-800 sm:col-span-2">
              <input type="checkbox" name="popular" defaultChecked={(typeof typed.popular === "string" ? typed.popular : values.popular) === "on"} className="mt-1 size-4" />
              <span>Popular: the card stands out with its page's badge</span>
            </label>
          </Fieldset>

          <Fieldset legend="How it is paid">
            <div className="sm:col-span-2">
              <SelectField id="product-kind" label="Kind" name="kind" value={kind} onChange={(e) => setKind(e.target.value)} error={errors.kind}>
                {productKinds.map((k) => (
                  <option key={k} value={k}>
                    {productKindLabels[k]}
                  </option>
                ))}
              </SelectField>
            </div>
            {kind === "subscription" ? (
              <>
                <SelectField id="product-period" label="Paid" name="period" value={period} onChange={(e) => setPeriod(e.target.value)} error={errors.period}>
                  <option value="week">Every week</option>
                  <option value="weeks">Every N weeks</option>
                  <option value="month">Every month</option>
                  <option value="months">Every N months</option>
                </SelectField>
                {period === "weeks" || period === "months" ? (
                  <TextField
                    id="product-interval"
                    label={period === "weeks" ? "Weeks between payments" : "Months between payments"}
                    name="intervalCount"
                    inputMode="numeric"
                    defaultValue={value("intervalCount")}
                    error={errors.intervalCount}
                    hint={period === "weeks" ? range("weeksBetween", "weeks") : range("monthsBetween", "months")}
                  />
                ) : null}
              </>
            ) : null}
            {kind === "term" ? (
              <>
                <TextField id="product-weeks" label="Weeks" name="termWeeks" inputMode="numeric" defaultValue={value("termWeeks")} error={errors.termWeeks} hint={range("termWeeks", "weeks")} />
                <TextField
                  id="product-instalments"
                  label="Instalments"
                  name="instalments"
                  inputMode="numeric"
                  defaultValue={value("instalments")}
                  error={errors.instalments}
                  hint={`1 = paid at once; up to ${PRODUCT_LIMITS.instalments.max} equal payments, no more than the weeks.`}
                />
              </>
            ) : null}
            {kind === "pack" ? (
              <>
                <TextField id="product-credits" label="Credits" name="credits" inputMode="numeric" defaultValue={value("credits")} error={errors.credits} hint={range("credits", "credits")} />
                <SelectField id="product-credit-kind" label="Credits are for" name="creditKind" defaultValue={value("creditKind")} error={errors.creditKind}>
                  <option value="class">Group classes</option>
                  <option value="session">1:1 sessions</option>
                </SelectField>
                <TextField
                  id="product-valid-days"
                  label="Days valid"
                  name="creditValidDays"
                  inputMode="numeric"
                  defaultValue={value("creditValidDays")}
                  error={errors.creditValidDays}
                  hint={`From the purchase; ${range("creditValidDays", "days")}`}
                />
              </>
            ) : null}
          </Fieldset>

          <Fieldset legend="What it includes">
            {kind !== "pack" ? (
              <>
                <SelectField id="product-class-access" label="Group classes" name="classAccess" value={classAccess} onChange={(e) => setClassAccess(e.target.value)} error={errors.classAccess}>
                  {classAccessKinds.map((a) => (
                    <option key={a} value={a}>
                      {classAccessLabels[a]}
                    </option>
                  ))}
                </SelectField>
                {classAccess === "limited" ? (
                  <TextField
                    id="product-classes-per-week"
                    label="Group classes a week"
                    name="classesPerWeek"
                    inputMode="numeric"
                    defaultValue={value("classesPerWeek")}
                    error={errors.classesPerWeek}
                    hint={range("classesPerWeek", "a week")}
                  />
                ) : null}
                <TextField
                  id="product-sessions-per-week"
                  label="1:1 sessions a week"
                  name="sessionsPerWeek"
                  inputMode="numeric"
                  defaultValue={value("sessionsPerWeek")}
                  error={errors.sessionsPerWeek}
                  hint={range("sessionsPerWeek", "a week")}
                />
              </>
            ) : null}
            <SelectField
              id="product-template"
              label="Program template"
              name="programTemplateId"
              defaultValue={value("programTemplateId")}
              error={errors.programTemplateId}
              hint="A copy is assigned to the member when the package starts."
            >
              <option value="">No program</option>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </SelectField>
          </Fieldset>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/billing" className={buttonClass("secondary")}>
            Cancel
          </Link>
          <Button type="submit" busy={busy} busyText="Saving...">
            {editing ? "Save product" : "Add product"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
