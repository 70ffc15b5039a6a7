import { useTranslation } from "~/lib/translate";

const UNKNOWN = "An error occurred.";

/** Form-level errors; an unknown provider code is shown after the translated 'An error occurred.' */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-error" role="alert">
      {errors.map((e) => (
        <p key={e}>{e.startsWith(UNKNOWN) ? `${t(UNKNOWN)}${e.slice(UNKNOWN.length)}` : t(e)}</p>
      ))}
    </div>
  );
}
