// check-package-limit (spec §7): asked before an add form is shown, so the form never opens for
// someone the API would refuse. The API asks the same questions again on submit.
import { z } from "zod";
import { defineCall } from "../call";
import { packageFeatureType } from "../../db/schema";
import { GATES, gateFor } from "./quota";

export const checkPackageLimit = defineCall({
  name: "check-package-limit",
  method: "GET",
  access: "user",
  tag: "packages",
  summary: "Whether the caller may use a package feature now (list a property or project, feature one…), and if not, why and where to fix it",
  input: z.object({ type: z.enum(packageFeatureType.enumValues, { error: "type is invalid" }) }),
  async handler(input, ctx) {
    // Signed in with Firebase but no profile here yet: completing the profile comes first.
    const reason = ctx.user ? await gateFor(ctx.db, ctx.user.id, input.type) : "profile";
    return {
      data: reason
        ? { allowed: false, reason, message: GATES[reason].message, action: { href: GATES[reason].href } }
        : { allowed: true, reason: null, message: null, action: null },
    };
  },
});
