// "Your package ends soon": each package's holder is told once, a few days before its end, unless
// they already hold the same package for longer (a renewal). Run hourly (server/housekeeping.ts);
// several server processes may run it at once: claiming a package is the same update that marks it.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { notify } from "../notifications/service";

export const EXPIRY_NOTICE_DAYS = 3;

export async function notifyExpiringPackages(db: Database, days = EXPIRY_NOTICE_DAYS) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ user_id: number; name: string; end_at: string | Date }>(sql`
      update user_packages up set expiry_notified_at = now()
      from packages p
      where p.id = up.package_id
        and up.expiry_notified_at is null
        and up.end_at > now() and up.end_at <= now() + make_interval(days => ${days})
        -- A package that is short to begin with would be "ending soon" the day it starts.
        and up.end_at - up.start_at > make_interval(days => ${days})
        and not exists (
          select 1 from user_packages later
          where later.user_id = up.user_id and later.package_id = up.package_id and later.end_at > up.end_at)
      returning up.user_id, p.name, up.end_at`);
    for (const r of rows) {
      await notify(
        tx,
        Number(r.user_id),
        "package_expiring",
        { package: r.name, until: new Date(r.end_at).toISOString().slice(0, 10) },
        "/subscription-plan",
      );
    }
    return rows.length;
  });
}
