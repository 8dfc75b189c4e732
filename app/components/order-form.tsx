import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { canSubmitOrder, COUNTRIES, EMPTY_ORDER_FORM, emailsMatch, isCountry, type OrderFormValues } from "../domain/order-form.ts";
import { href } from "../i18n/href.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang, useMessages } from "../i18n/use-messages.ts";
import { ProcessingModal } from "./processing-modal.tsx";

export type OrderFormState = {
  values: OrderFormValues;
  set<K extends keyof OrderFormValues>(key: K, value: OrderFormValues[K]): void;
  clearDraft(): void;
  /** True once the page runs its JavaScript: before that the form stays fully usable as a plain form. */
  hydrated: boolean;
  /**
   * This checkout's idempotency key, made by the browser and kept with the
   * draft: a submit repeated after a reload or a lost answer is the same order.
   * Only this tab knows it, so no one else can be handed that order.
   */
  key: string;
};

/**
 * The form's values, kept as a draft in the tab's session storage: a failed
 * submit, a reload or a visit to the terms never loses what was typed.
 */
export function useOrderForm(draftKey: string): OrderFormState {
  const [values, setValues] = useState<OrderFormValues>(EMPTY_ORDER_FORM);
  const [hydrated, setHydrated] = useState(false);
  const [key, setKey] = useState("");
  useEffect(() => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(draftKey) ?? "null") as Partial<OrderFormValues> | null;
      if (saved) setValues((v) => ({ ...v, ...saved, country: isCountry(saved.country) ? saved.country : "" }));
    } catch {}
    setKey(checkoutKey(`${draftKey}:key`));
    setHydrated(true);
  }, [draftKey]);
  return {
    values,
    hydrated,
    key,
    set(key, value) {
      setValues((v) => {
        const next = { ...v, [key]: value };
        try {
          sessionStorage.setItem(draftKey, JSON.stringify(next));
        } catch {}
        return next;
      });
    },
    clearDraft() {
      try {
        sessionStorage.removeItem(draftKey);
        sessionStorage.removeItem(`${draftKey}:key`);
      } catch {}
    },
  };
}

function checkoutKey(storageKey: string): string {
  const made = crypto.randomUUID();
  try {
    const kept = sessionStorage.getItem(storageKey);
    if (kept) return kept;
    sessionStorage.setItem(storageKey, made);
  } catch {}
  return made;
}

/** One more field of a form's draft (the pre-order's dni and distance), kept like the rest. */
export function useDraftField(key: string): [string, (value: string) => void] {
  const [value, setValue] = useState("");
  useEffect(() => {
    try {
      setValue(sessionStorage.getItem(key) ?? "");
    } catch {}
  }, [key]);
  return [
    value,
    (next: string) => {
      setValue(next);
      try {
        sessionStorage.setItem(key, next);
      } catch {}
    },
  ];
}

const COUNTRY_LABEL = { "1": "countryAr", "2": "countryBr", "3": "countryCl", "4": "countryOther" } as const;

const field = "mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-ink shadow-sm focus:border-brand-500 disabled:bg-slate-100";
const label = "block text-sm font-bold text-ink";

/**
 * The buyer's form for checkout, full set and pre-order (SPEC §2, §5): country
 * first, the rest greyed out until it is chosen; submit enabled once names and
 * both e-mails (equal) are filled and the terms accepted. With JavaScript it
 * runs `submit` behind the processing popup; without, it posts to the page's action.
 */
export function OrderForm({
  form,
  free,
  submit,
  onDone,
  onFailure,
  children,
  extraValid = true,
  hidden,
  serverError,
  testId = "order-form",
}: {
  form: OrderFormState;
  free: boolean;
  /** Sends the order and resolves to the link to follow; throws an Error whose message the buyer can read. */
  submit(values: OrderFormValues): Promise<string>;
  onDone?(link: string): void;
  /** Takes over a failure (returns true), e.g. the pre-order's alert and reload. */
  onFailure?(error: unknown): boolean;
  /** Extra fields, shown after the country. */
  children?: ReactNode;
  extraValid?: boolean;
  /** Hidden inputs for the plain-form fallback (the cart's photo ids). */
  hidden?: ReactNode;
  serverError?: string;
  testId?: string;
}) {
  const m = useMessages();
  const lang = useLang();
  const { values, set, hydrated } = form;
  const [modal, setModal] = useState<{ link: string | null } | null>(null);
  const [error, setError] = useState<string | undefined>(serverError);
  const locked = hydrated && !isCountry(values.country);
  const ready = canSubmitOrder(values) && extraValid;
  const mismatch = values.confirmEmail.trim() !== "" && !emailsMatch(values);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || modal) return;
    setError(undefined);
    setModal({ link: null });
    try {
      const link = await submit(values);
      form.clearDraft();
      onDone?.(link);
      setModal({ link });
    } catch (failure) {
      setModal(null);
      if (onFailure?.(failure)) return;
      setError(failure instanceof Error && failure.message ? failure.message : m.orderForm.failed);
    }
  }

  return (
    <Form method="post" onSubmit={onSubmit} noValidate={hydrated} className="space-y-5" data-testid={testId}>
      {hidden}
      <div>
        <label htmlFor="country" className={label}>
          {m.orderForm.country}
        </label>
        <select
          id="country"
          name="country"
          required
          value={values.country}
          onChange={(e) => set("country", isCountry(e.target.value) ? e.target.value : "")}
          className={field}
          data-testid="country"
        >
          <option value="">{m.orderForm.countryPlaceholder}</option>
          {COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {m.orderForm[COUNTRY_LABEL[code]]}
            </option>
          ))}
        </select>
        {locked && <p className="mt-1 text-sm text-slate-600">{m.orderForm.countryFirst}</p>}
        {isCountry(values.country) && (
          <p className="mt-1 text-sm text-slate-600" data-testid="pay-currency">
            {fill(m.orderForm.payIn, { currency: values.country === "1" ? m.orderForm.currencyARS : m.orderForm.currencyUSD })}
          </p>
        )}
      </div>

      <fieldset disabled={locked} className={`space-y-5 transition ${locked ? "opacity-50" : ""}`} data-testid="order-fields">
        <legend className="sr-only">{m.orderForm.yourData}</legend>
        {children}
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor="firstName" className={label}>
              {m.orderForm.firstName}
            </label>
            <input
              id="firstName"
              name="firstName"
              autoComplete="given-name"
              required
              maxLength={80}
              value={values.firstName}
              onChange={(e) => set("firstName", e.target.value)}
              className={field}
            />
          </div>
          <div>
            <label htmlFor="lastName" className={label}>
              {m.orderForm.lastName}
            </label>
            <input
              id="lastName"
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={80}
              value={values.lastName}
              onChange={(e) => set("lastName", e.target.value)}
              className={field}
            />
          </div>
          <div>
            <label htmlFor="email" className={label}>
              {m.orderForm.email}
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              value={values.email}
              onChange={(e) => set("email", e.target.value)}
              className={field}
            />
          </div>
          <div>
            <label htmlFor="confirmEmail" className={label}>
              {m.orderForm.confirmEmail}
            </label>
            <input
              id="confirmEmail"
              name="confirmEmail"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              value={values.confirmEmail}
              onChange={(e) => set("confirmEmail", e.target.value)}
              aria-invalid={mismatch || undefined}
              aria-describedby="email-warning"
              className={`${field} ${mismatch ? "border-red-500" : ""}`}
            />
            {mismatch && (
              <p className="mt-1 text-sm font-semibold text-red-700" data-testid="email-mismatch">
                {m.orderForm.emailMismatch}
              </p>
            )}
          </div>
        </div>
        <p id="email-warning" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {m.orderForm.emailWarning}
        </p>
        <div>
          <label className="flex items-start gap-3 text-sm text-ink">
            <input
              type="checkbox"
              name="terms"
              value="1"
              required
              checked={values.terms}
              onChange={(e) => set("terms", e.target.checked)}
              className="mt-0.5 h-5 w-5 accent-brand-500"
              data-testid="terms"
            />
            <span>
              {m.orderForm.termsBefore}{" "}
              <Link to={href("terms", lang)} target="_blank" className="font-bold underline" data-testid="terms-link">
                {m.orderForm.termsLink}
              </Link>
              .
            </span>
          </label>
          <p className="mt-1 pl-8 text-sm text-slate-600">{m.orderForm.ageNote}</p>
        </div>
      </fieldset>

      {error && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800 ring-1 ring-red-200" data-testid="order-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={hydrated && (!ready || modal !== null)}
        className="w-full rounded-full bg-brand-500 px-6 py-4 text-lg font-black tracking-wide text-ink shadow hover:bg-brand-600 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        data-testid="submit-order"
      >
        {free ? m.orderForm.getPhotos : m.orderForm.payOnline}
      </button>
      {modal && <ProcessingModal email={values.email.trim()} link={modal.link} />}
    </Form>
  );
}
