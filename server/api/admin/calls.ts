// The admin console's calls (decision 019). Each is `access: "admin"`: the API refuses it (403)
// to anyone whose token lacks the admin claim, before the input is read.
import { adminAuditLogCall } from "./audit";
import { adminOverview } from "./overview";

export const adminCalls = {
  "admin/overview": adminOverview,
  "admin/audit-log": adminAuditLogCall,
};
