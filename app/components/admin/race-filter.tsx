import { useLang } from "../../i18n/use-messages.ts";
import { FilterField, filterInputClass } from "./list-tools.tsx";
import { useAdminMessages } from "../../i18n/messages/admin/index.ts";

/** The race select of a list's filters. */
export function RaceFilter({ races, value }: { races: { id: number; name: { es: string; en?: string; br?: string } }[]; value?: number }) {
  const m = useAdminMessages();
  const lang = useLang();
  return (
    <FilterField label={m.common.race}>
      <select name="raceId" defaultValue={value ?? ""} className={filterInputClass}>
        <option value="">{m.common.all}</option>
        {races.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name[lang] || r.name.es}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
