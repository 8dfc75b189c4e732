import type { RaceFormInput } from "../../.server/admin/index.ts";
import { LANGS } from "../../i18n/langs.ts";
import { fill } from "../../i18n/messages/index.ts";
import { CheckboxField, FileField, inputClass, Section, SelectField, TextArea, TextField } from "./fields.tsx";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";

const STATUSES = ["draft", "preparing", "published", "archived"] as const;
const EXTRA_TAG_ROWS = 3;
const EXTRA_OVERRIDE_ROWS = 2;

// Every zone the runtime knows; the input accepts any of them and suggests as you type.
const ZONES = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

/** Every field of a race, grouped as an organiser thinks of them. Repeated rows work without JavaScript. */
export function RaceFields({ input, errors, logoUrl, heroUrl }: { input: RaceFormInput; errors: Record<string, string>; logoUrl?: string; heroUrl?: string }) {
  const m = useAdminMessages();
  const f = m.raceForm;
  const tagRows = [...input.tags, ...Array.from({ length: EXTRA_TAG_ROWS }, () => ({ slug: "", name: { es: "", en: "", br: "" } }))];
  const overrideRows = [...input.overrides, ...Array.from({ length: EXTRA_OVERRIDE_ROWS }, () => ({ bibRanges: "", priceArs: "", priceUsd: "" }))];
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
      <Section title={f.basics} className="xl:col-span-2">
        <TextField label={f.slug} name="slug" defaultValue={input.slug} error={errors.slug} hint={f.slugHint} pattern="[a-z0-9]+(-[a-z0-9]+)*" />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {LANGS.map((lang) => (
            <TextField
              key={lang}
              label={`${f.name} · ${m.common.langs[lang]}`}
              name={`name_${lang}`}
              defaultValue={input.name[lang]}
              error={errors[`name.${lang}`]}
              required={lang === "es"}
            />
          ))}
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {LANGS.map((lang) => (
            <TextField
              key={lang}
              label={`${f.subtitle} · ${m.common.langs[lang]}`}
              name={`subtitle_${lang}`}
              defaultValue={input.subtitle[lang]}
              error={errors[`subtitle.${lang}`]}
            />
          ))}
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField label={f.date} name="event_date" type="date" defaultValue={input.eventDate} error={errors.eventDate} />
          <TextField label={f.timezone} name="timezone" defaultValue={input.timezone} error={errors.timezone} hint={f.timezoneHint} list="zones" required />
          <SelectField label={f.status} name="status" defaultValue={input.status} error={errors.status}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {m.statuses[s]}
              </option>
            ))}
          </SelectField>
        </div>
        <datalist id="zones">
          {ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <CheckboxField label={f.uploading} name="uploading" defaultChecked={input.uploading} />
      </Section>

      <Section title={f.images} description={f.imageHint}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <ImageField label={f.logo} name="logo" url={logoUrl} error={errors.logo} />
          <ImageField label={f.hero} name="hero" url={heroUrl} error={errors.hero} />
        </div>
      </Section>

      <Section title={f.prices} description={f.amountsHint}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label={f.priceArs} name="price_ars" defaultValue={input.priceArs} error={errors.priceArs} inputMode="numeric" />
          <TextField label={f.priceUsd} name="price_usd" defaultValue={input.priceUsd} error={errors.priceUsd} inputMode="numeric" />
        </div>
      </Section>

      <Section title={f.preorder}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label={f.preorderArs} name="preorder_ars" defaultValue={input.preorderArs} error={errors.preorderArs} inputMode="numeric" />
          <TextField label={f.preorderUsd} name="preorder_usd" defaultValue={input.preorderUsd} error={errors.preorderUsd} inputMode="numeric" />
        </div>
        <CheckboxField label={f.preorderOpen} name="preorder_open" defaultChecked={input.preorderOpen} />
      </Section>

      <Section title={f.fullset}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField label={f.fullsetArs} name="fullset_ars" defaultValue={input.fullsetArs} error={errors.fullsetArs} inputMode="numeric" />
          <TextField label={f.fullsetUsd} name="fullset_usd" defaultValue={input.fullsetUsd} error={errors.fullsetUsd} inputMode="numeric" />
          <TextField label={f.fullsetMin} name="fullset_min" defaultValue={input.fullsetMinPhotos} error={errors.fullsetMinPhotos} inputMode="numeric" />
        </div>
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-semibold text-slate-700">{f.overrides}</caption>
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th className="pr-2 font-medium">{f.overrideBibs}</th>
              <th className="pr-2 font-medium">AR$</th>
              <th className="font-medium">USD</th>
            </tr>
          </thead>
          <tbody>
            {overrideRows.map((row, i) => (
              <tr key={i}>
                <td className="pr-2 align-top">
                  <RowInput name="override_bibs" value={row.bibRanges} label={`${f.overrideBibs} ${i + 1}`} error={errors[`overrides.${i}.bibRanges`]} />
                </td>
                <td className="pr-2 align-top">
                  <RowInput name="override_ars" value={row.priceArs} label={`AR$ ${i + 1}`} error={errors[`overrides.${i}.priceArs`]} />
                </td>
                <td className="align-top">
                  <RowInput name="override_usd" value={row.priceUsd} label={`USD ${i + 1}`} error={errors[`overrides.${i}.priceUsd`]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-xs text-slate-500">{f.rowsHint}</p>
      </Section>

      <Section title={f.runners}>
        <TextField label={f.distances} name="distances" defaultValue={input.distances} hint={f.distancesHint} />
        <TextArea label={f.categories} name="categories" defaultValue={input.categories} hint={f.categoriesHint} rows={3} />
        <TextField label={f.bibRanges} name="bib_ranges" defaultValue={input.bibRanges} error={errors.bibRanges} hint={f.bibRangesHint} />
      </Section>

      <Section title={f.tags} className="xl:col-span-2">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th className="pr-2 font-medium">{f.tagSlug}</th>
                {LANGS.map((lang) => (
                  <th key={lang} className="pr-2 font-medium">
                    {fill(f.tagName, { lang: m.common.langs[lang] })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tagRows.map((tag, i) => (
                <tr key={i}>
                  <td className="pr-2 align-top">
                    <RowInput name="tag_slug" value={tag.slug} label={`${f.tagSlug} ${i + 1}`} error={errors[`tags.${i}.slug`]} />
                  </td>
                  {LANGS.map((lang) => (
                    <td key={lang} className="pr-2 align-top">
                      <RowInput
                        name={`tag_${lang}`}
                        value={tag.name[lang]}
                        label={`${fill(f.tagName, { lang: m.common.langs[lang] })} ${i + 1}`}
                        error={errors[`tags.${i}.name.${lang}`]}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-xs text-slate-500">{f.rowsHint}</p>
      </Section>
    </div>
  );
}

function RowInput({ name, value, label, error }: { name: string; value: string; label: string; error?: string }) {
  return (
    <>
      <input name={name} defaultValue={value} aria-label={label} aria-invalid={error ? true : undefined} title={error} className={inputClass} />
      {error && <span className="block text-xs font-semibold text-red-700">{error}</span>}
    </>
  );
}

function ImageField({ label, name, url, error }: { label: string; name: string; url?: string; error?: string }) {
  return (
    <div>
      <FileField label={label} name={name} accept="image/jpeg,image/png,image/webp" error={error} />
      {url && <img src={url} alt="" className="mt-2 h-24 max-w-full rounded-lg bg-slate-100 object-contain ring-1 ring-slate-200" />}
    </div>
  );
}
