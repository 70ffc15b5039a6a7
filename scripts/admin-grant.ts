// `npm run admin:grant -- <email>`: gives the account with this email the `admin` custom claim, which
// opens the console at /admin. `-- --revoke <email>` takes it away. Either way the account's sessions
// are ended, so the change holds from its next sign-in (a session keeps the claims it started with).
//
// Against the demo (`npm start`), it talks to the local auth emulator that `npm start` runs; keep the
// product running. In production it uses the same Firebase settings as the server.
import { AuthService } from "../server/auth/firebase.server";
import { derivedSecret, env } from "../server/runtime/env.server";

const args = process.argv.slice(2);
const revoke = args.includes("--revoke");
const email = args
  .find((a) => !a.startsWith("--"))
  ?.trim()
  .toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error("Usage: npm run admin:grant -- <email>   (or -- --revoke <email>)");
  process.exit(2);
}

const e = env();
// The demo project has no real Firebase behind it: its accounts live in the emulator `npm start` runs.
const emulatorHost =
  e.FIREBASE_AUTH_EMULATOR_HOST ?? (e.FIREBASE_PROJECT_ID.startsWith("demo-") ? "127.0.0.1:9099" : null);
const auth = new AuthService({
  projectId: e.FIREBASE_PROJECT_ID,
  apiKey: e.FIREBASE_API_KEY,
  emulatorHost,
  tokenSecret: derivedSecret("emulator-tokens"),
});

try {
  const user = await auth.adminAuth.getUserByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  if (revoke) delete claims.admin;
  else claims.admin = true;
  await auth.adminAuth.setCustomUserClaims(user.uid, claims);
  await auth.revokeSessions(user.uid);
  console.log(
    revoke ? `${email} is no longer an admin.` : `${email} is now an admin: sign in again and open /admin.`,
  );
} catch (err) {
  const code = (err as { code?: string }).code ?? "";
  if (code === "auth/user-not-found")
    console.error(`No account has the email ${email}. Register it first, then run this again.`);
  else if (
    /ECONNREFUSED|fetch failed/.test(
      String((err as Error).message) + String((err as { cause?: unknown }).cause ?? ""),
    )
  )
    console.error(
      `Cannot reach the auth emulator at ${emulatorHost}: start the product (npm start) first, then run this again.`,
    );
  else console.error(`Could not change ${email}: ${(err as Error).message}`);
  process.exit(1);
}
