import type { Route } from "./+types/content-facilities";
import { Icon } from "~/components/icon";
import { api } from "~/lib/api.server";
import { useTranslation } from "~/lib/translate";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentForm, contentList, contentOutcome, text } from "~/modules/admin/content.server";
import {
  AddForm,
  ContentHead,
  FormRefusal,
  outcomeFor,
  RowActions,
  TextField,
} from "~/modules/admin/content-ui";
import { contentMeta } from "~/modules/admin/content-nav";
import { AdminTable } from "~/modules/admin/ui";

export async function loader(args: Route.LoaderArgs) {
  const { title, rows } = await contentList(args, "admin/facilities", "Facilities");
  return { title, facilities: rows };
}

export const headers = adminHeaders;

export const meta = contentMeta("Facilities");

export async function action(args: Route.ActionArgs) {
  const { request, form, intent, id, opts } = await contentForm(args);
  if (intent === "delete" && id)
    return contentOutcome(request, await api("admin/delete-facility", { id }, opts), {
      intent,
      id,
      filters: true,
    });
  const input = {
    id: intent === "save" ? id : undefined,
    name: String(form.get("name") ?? ""),
    name_ar: text(form, "name_ar"),
    image: text(form, "image"),
  };
  return contentOutcome(request, await api("admin/save-facility", input, opts), {
    intent: input.id ? "save" : "create",
    id: input.id,
    form,
    filters: true,
  });
}

type Facility = Route.ComponentProps["loaderData"]["facilities"][number];

function FacilityFields({
  formId,
  facility,
  result,
  intent,
}: {
  formId: string;
  facility?: Facility;
  result: unknown;
  intent: string;
}) {
  const { t } = useTranslation();
  const o = outcomeFor(result, intent, facility?.id);
  return (
    <>
      <FormRefusal refused={o.refused} />
      <div className="field-row">
        <TextField
          form={formId}
          name="name"
          label={t("Name")}
          value={o.value("name", facility?.name)}
          errors={o.errors("name")}
          required
          maxLength={100}
        />
        <TextField
          form={formId}
          name="name_ar"
          label={t("Name (Arabic)")}
          value={o.value("name_ar", facility?.name_ar)}
          errors={o.errors("name_ar")}
          ar
          maxLength={100}
        />
      </div>
      <TextField
        form={formId}
        name="image"
        label={t("Icon (optional)")}
        hint={t("The name of an icon from lucide.dev/icons (e.g. school), or an emoji we draw as one")}
        value={o.value("image", facility?.image)}
        errors={o.errors("image")}
        maxLength={40}
      />
    </>
  );
}

export default function AdminFacilities({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="admin-page">
      <ContentHead
        title={t("Facilities")}
        lead={t(
          "Places a listing can be near, with a distance. The listing forms offer every facility here.",
        )}
      />
      <AddForm title={t("Add a facility")} button={t("Add the facility")}>
        <FacilityFields formId="facility-new" result={actionData} intent="create" />
      </AddForm>
      <AdminTable headings={[t("Name"), t("Name (Arabic)"), t("Listings"), t("Actions")]}>
        {d.facilities.map((f) => (
          <tr key={f.id}>
            <td dir="auto">
              <Icon value={f.image} />
              {f.name}
            </td>
            <td dir="rtl" lang="ar">
              {f.name_ar}
            </td>
            <td>{f.listings}</td>
            <td>
              <RowActions id={f.id} about={f.name} result={actionData}>
                <FacilityFields formId={`facility-${f.id}`} facility={f} result={actionData} intent="save" />
              </RowActions>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
