import { Form, SubmitButton } from "~/components/submit-form";
import { useTranslation } from "~/lib/translate";
import { useHere } from "~/lib/use-root";

/** The feed card's "Not interested" button: a real form, so it works before (or without) JavaScript. */
export function NotInterested({ propertyId, title }: { propertyId: number; title: string }) {
  const { t } = useTranslation();
  const here = useHere();
  return (
    <Form method="post" action="/for-you" className="inline-form">
      <input type="hidden" name="intent" value="dismiss" />
      <input type="hidden" name="property_id" value={propertyId} />
      <input type="hidden" name="redirectTo" value={here} />
      <SubmitButton
        className="button button--ghost button--small"
        aria-label={t("Not interested in {{title}}", { title })}
      >
        {t("Not interested")}
      </SubmitButton>
    </Form>
  );
}
