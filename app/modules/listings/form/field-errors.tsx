// A field's messages under it, translated. The id is the one the field's aria-describedby names,
// so a screen reader reads the message with the field.
import { useTranslation } from "~/lib/translate";

export type ErrorMeta = { errorId: string; errors?: string[] };

export function FieldErrors({ meta }: { meta: ErrorMeta }) {
  const { t } = useTranslation();
  return (
    <div id={meta.errorId} className="field__errors" aria-live="polite">
      {meta.errors?.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );
}
