import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useEffect, useRef, useState } from "react";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500";
export const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-ink px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-slate-800 disabled:opacity-50";
export const secondaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-ink ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-50";
export const dangerButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-300 hover:bg-red-50";

type Common = { label: ReactNode; name: string; error?: string; hint?: ReactNode; className?: string };

function Help({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="mt-1 block text-xs text-slate-500">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="mt-1 block text-xs font-semibold text-red-700">
          {error}
        </span>
      )}
    </>
  );
}

const describedBy = (id: string, hint?: ReactNode, error?: string) =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

/** A labelled input with its hint and error, wired for screen readers. */
export function TextField({ label, name, error, hint, className = "", id, ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const fieldId = id ?? `f-${name}`;
  return (
    <label className={`block text-sm font-medium text-slate-700 ${className}`} htmlFor={fieldId}>
      {label}
      <input
        id={fieldId}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...rest}
      />
      <Help id={fieldId} hint={hint} error={error} />
    </label>
  );
}

const fileNames = (input: HTMLInputElement | null) => [...(input?.files ?? [])].map((file) => file.name).join(", ") || undefined;

/**
 * A file input whose button and "no file chosen" follow the page's language:
 * the browser draws its own in the browser's language, whatever the page's.
 * The chosen file's name shows once the page runs its script; without it the
 * button still opens the picker and the form still sends the file.
 */
export function FileField({ label, name, error, hint, className = "", id, onChange, ...rest }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const t = useAdminMessages().common;
  const fieldId = id ?? `f-${name}`;
  const input = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [chosen, setChosen] = useState<string>();
  // A file may be chosen before the script runs.
  useEffect(() => {
    setChosen(fileNames(input.current));
    setHydrated(true);
  }, []);
  return (
    <div className={`text-sm font-medium text-slate-700 ${className}`}>
      <label htmlFor={fieldId} className="block">
        {label}
      </label>
      <div className="mt-1 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <input
          ref={input}
          id={fieldId}
          name={name}
          type="file"
          className="peer sr-only"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, hint, error)}
          onChange={(event) => {
            setChosen(fileNames(event.currentTarget));
            onChange?.(event);
          }}
          {...rest}
        />
        <label
          htmlFor={fieldId}
          className={`${secondaryButtonClass} shrink-0 cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500`}
          data-testid={`${fieldId}-choose`}
        >
          {t.chooseFile}
        </label>
        {hydrated && (
          <span className="min-w-0 max-w-full truncate font-normal text-slate-600" data-testid={`${fieldId}-chosen`}>
            {chosen ?? t.noFile}
          </span>
        )}
      </div>
      <Help id={fieldId} hint={hint} error={error} />
    </div>
  );
}

export function TextArea({ label, name, error, hint, className = "", id, ...rest }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fieldId = id ?? `f-${name}`;
  return (
    <label className={`block text-sm font-medium text-slate-700 ${className}`} htmlFor={fieldId}>
      {label}
      <textarea
        id={fieldId}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...rest}
      />
      <Help id={fieldId} hint={hint} error={error} />
    </label>
  );
}

export function SelectField({ label, name, error, hint, className = "", id, children, ...rest }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const fieldId = id ?? `f-${name}`;
  return (
    <label className={`block text-sm font-medium text-slate-700 ${className}`} htmlFor={fieldId}>
      {label}
      <select
        id={fieldId}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...rest}
      >
        {children}
      </select>
      <Help id={fieldId} hint={hint} error={error} />
    </label>
  );
}

export function CheckboxField({ label, name, hint, className = "", ...rest }: Omit<Common, "error"> & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={`flex items-start gap-2 text-sm font-medium text-slate-700 ${className}`}>
      <input type="checkbox" name={name} className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600" {...rest} />
      <span>
        {label}
        {hint && <span className="block text-xs font-normal text-slate-500">{hint}</span>}
      </span>
    </label>
  );
}

/** A titled group of fields. */
export function Section({
  title,
  children,
  description,
  className = "",
}: {
  title: ReactNode;
  children: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  // min-w-0: a fieldset is as wide as its content by default, so a wide table in it would widen the page instead of scrolling.
  return (
    <fieldset className={`min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`}>
      <legend className="float-left mb-3 w-full text-base font-bold text-ink">{title}</legend>
      {description && <p className="clear-both mb-3 text-sm text-slate-600">{description}</p>}
      <div className="clear-both space-y-4">{children}</div>
    </fieldset>
  );
}
