import type { InputHTMLAttributes, ReactNode } from "react";

const control =
  "mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:bg-slate-100 aria-[invalid=true]:border-red-600";

type FieldProps = {
  label: string;
  name: string;
  /** Shown after the label, e.g. "(optional)". */
  note?: string;
  id?: string;
};

/** A labelled text input (or textarea when `rows` is set) styled like every form of the shop. */
export function TextField({
  label,
  note,
  rows,
  id,
  name,
  ...input
}: FieldProps & { rows?: number } & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  const fieldId = id ?? `field-${name}`;
  return (
    <div>
      <FieldLabel htmlFor={fieldId} label={label} note={note} />
      {rows ? (
        <textarea
          id={fieldId}
          name={name}
          rows={rows}
          className={`${control} resize-y`}
          required={input.required}
          disabled={input.disabled}
          defaultValue={input.defaultValue}
          maxLength={input.maxLength}
          aria-invalid={input["aria-invalid"]}
        />
      ) : (
        <input id={fieldId} name={name} className={control} {...input} />
      )}
    </div>
  );
}

/** A labelled select. */
export function SelectField({
  label,
  note,
  id,
  name,
  children,
  ...select
}: FieldProps & { children: ReactNode; required?: boolean; disabled?: boolean; defaultValue?: string }) {
  const fieldId = id ?? `field-${name}`;
  return (
    <div>
      <FieldLabel htmlFor={fieldId} label={label} note={note} />
      <select id={fieldId} name={name} className={control} {...select}>
        {children}
      </select>
    </div>
  );
}

function FieldLabel({ htmlFor, label, note }: { htmlFor: string; label: string; note?: string }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-ink">
      {label}
      {note && <span className="ml-1 font-normal text-slate-600">{note}</span>}
    </label>
  );
}

/** The primary submit button of a form, with a spinner while sending. */
export function SubmitButton({ sending, disabled, children }: { sending: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={sending || disabled}
      aria-busy={sending}
      className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-700 px-6 py-3 text-base font-bold text-white shadow-sm transition hover:bg-ink disabled:cursor-not-allowed disabled:bg-slate-500 sm:w-auto"
    >
      {sending && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {children}
    </button>
  );
}
