import { useTranslation } from "~/lib/translate";
import { gateOfMessage } from "~server/api/packages/contract";
import { GateLinks } from "./gate-notice";

const UNKNOWN = "An error occurred.";

/**
 * Form-level errors; an unknown provider code is shown after the translated 'An error occurred.'
 * A listing gate met on submit (the limit ran out while the form was open, say) keeps its OK
 * button to the page that fixes it, as when the form is refused before it opens.
 */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-error" role="alert">
      {errors.map((e) => {
        const gate = gateOfMessage(e);
        if (gate) {
          return (
            <p key={e}>
              {t(e)} <GateLinks gate={gate} small />
            </p>
          );
        }
        return <p key={e}>{e.startsWith(UNKNOWN) ? `${t(UNKNOWN)}${e.slice(UNKNOWN.length)}` : t(e)}</p>;
      })}
    </div>
  );
}
