"use client";
// The filter of the dashboard's tree lists (waiting, in the ground, due, dead): a planting site
// and a period, kept in the address (site, from, to) so that a list can be shared and reloaded.
// One component for every list, which each wrote the same form and its submit.
import { useSearchParams } from "next/navigation";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { useReplaceQuery } from "./query-state";
import { buttonClass, Field, InputField, inputClass } from "./ui";

const FIELDS = ["site", "from", "to"] as const;

/** The filter in the address: a site id and a period, each "" when not given. */
export function useTreeFilter(): Record<(typeof FIELDS)[number], string> {
  const params = useSearchParams();
  return {
    site: params.get("site") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
}

export function TreeFilterForm(props: {
  sites: readonly { id: number; name: string }[];
  fromLabel: string;
  toLabel: string;
}) {
  const { t } = useI18n();
  const replaceQuery = useReplaceQuery();
  const hydrated = useHydrated();
  const { site, from, to } = useTreeFilter();
  return (
    <search>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const next = new URLSearchParams();
          for (const name of FIELDS) {
            const value = String(form.get(name) ?? "");
            if (value) next.set(name, value);
          }
          replaceQuery(next);
        }}
      >
        <Field id="trees-site" label={t("trees_filterSite")}>
          <select id="trees-site" name="site" defaultValue={site} key={`site-${site}`} className={inputClass}>
            <option value="">{t("trees_allSites")}</option>
            {props.sites.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </Field>
        <InputField id="trees-from" label={props.fromLabel} name="from" type="date" defaultValue={from} />
        <InputField id="trees-to" label={props.toLabel} name="to" type="date" defaultValue={to} />
        <button type="submit" className={buttonClass} disabled={!hydrated}>
          {t("trees_filter")}
        </button>
      </form>
    </search>
  );
}
