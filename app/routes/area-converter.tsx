import { Form } from "react-router";
import type { Route } from "./+types/area-converter";
import { pageMeta, rootData } from "~/lib/seo";
import { getI18n } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/translate";
import { AREA_UNITS, convertArea, formatArea, isAreaUnit, type AreaUnit } from "~/lib/area";
import { useRoot } from "~/lib/use-root";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("value") ?? "1";
  const from = url.searchParams.get("from");
  const value = Number(raw);
  const error = raw !== "" && (!Number.isFinite(value) || value < 0) ? "Enter a number of 0 or more" : null;
  return {
    title: getI18n(context).t("Area converter"),
    value: raw,
    from: (isAreaUnit(from) ? from : "sqft") as AreaUnit,
    error,
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, {
    title: data?.title ?? "Area converter",
    description: "Convert square feet, square metres, acres, hectares, feddans and more.",
  });
}

export default function AreaConverter({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRoot();
  const { value, from, error } = loaderData;
  const n = Number(value);
  return (
    <section className="tool">
      <h1>{t("Area converter")}</h1>
      <Form method="get" className="tool__form">
        <div className="field" data-invalid={error ? true : undefined}>
          <label htmlFor="a-value">{t("Area")}</label>
          <input
            id="a-value"
            name="value"
            type="number"
            inputMode="decimal"
            min="0"
            step="any"
            defaultValue={value}
            aria-describedby={error ? "a-value-err" : undefined}
            aria-invalid={error ? true : undefined}
          />
          {error ? (
            <p id="a-value-err" className="field__errors">
              {t(error)}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="a-from">{t("Unit")}</label>
          <select id="a-from" name="from" defaultValue={from}>
            {Object.keys(AREA_UNITS).map((u) => (
              <option key={u} value={u}>
                {t(`unit_${u}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t("Convert")}
        </button>
      </Form>
      {!error && Number.isFinite(n) ? (
        <table className="tool__table">
          <caption className="visually-hidden">{t("Converted areas")}</caption>
          <tbody>
            {(Object.keys(AREA_UNITS) as AreaUnit[]).map((u) => (
              <tr key={u} aria-current={u === from ? "true" : undefined}>
                <th scope="row">{t(`unit_${u}`)}</th>
                <td>
                  <bdi>{formatArea(convertArea(n, from, u), locale)}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
