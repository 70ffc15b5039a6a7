import type { Route } from "./+types/content-facilities";
import { saveFacilityInput } from "~server/api/admin/content/schema";
import { Icon } from "~/components/icon";
import { adminHeaders } from "~/modules/admin/admin.server";
import { contentMeta } from "~/modules/admin/content-nav";
import { ContentTablePage, type ContentTable } from "~/modules/admin/content-table";
import { contentAction, contentLoader } from "~/modules/admin/content-table.server";

const facilities: ContentTable<"admin/facilities"> = {
  section: "/admin/content/facilities",
  key: "facility",
  calls: { list: "admin/facilities", save: "admin/save-facility", remove: "admin/delete-facility" },
  schema: saveFacilityInput,
  filters: true,
  texts: {
    title: "Facilities",
    lead: "Places a listing can be near, with a distance. The listing forms offer every facility here.",
    add: "Add a facility",
    create: "Add the facility",
  },
  name: (f) => f.name,
  fields: [
    [
      { name: "name", label: "Name", required: true, max: 100 },
      { name: "name_ar", label: "Name (Arabic)", ar: true, max: 100 },
    ],
    {
      name: "image",
      label: "Icon (optional)",
      hint: "The name of an icon from lucide.dev/icons (e.g. school), or an emoji we draw as one",
      max: 40,
    },
  ],
  columns: [
    {
      heading: "Name",
      dir: "auto",
      cell: (f) => (
        <>
          <Icon value={f.image} />
          {f.name}
        </>
      ),
    },
    { heading: "Name (Arabic)", dir: "ar", cell: (f) => f.name_ar },
    { heading: "Listings", cell: (f) => f.listings },
  ],
};

export const loader = (args: Route.LoaderArgs) => contentLoader(args, facilities);
export const action = (args: Route.ActionArgs) => contentAction(args, facilities);
export const headers = adminHeaders;
export const meta = contentMeta("Facilities");

export default function AdminFacilities() {
  return <ContentTablePage table={facilities} />;
}
