// Identity-provider error codes → the message a person reads, and the field it belongs to.
// Codes come from the REST API (EMAIL_EXISTS) or the client SDK (auth/email-already-in-use); both
// spellings of one failure read the same. Unknown codes read 'An error occurred.' and the code.

export type AuthField = "email" | "password" | "mobile" | "name" | "otp" | null;

/** One failure: its message, its field, and every code the REST API or the SDK uses for it. */
type Entry = [message: string, field: AuthField, codes: string[]];

const ENTRIES: Entry[] = [
  ["User not found", null, ["EMAIL_NOT_FOUND", "USER_NOT_FOUND", "auth/user-not-found"]],
  ["Wrong password", "password", ["INVALID_PASSWORD", "auth/wrong-password"]],
  [
    "Email already in use",
    "email",
    ["EMAIL_EXISTS", "auth/email-already-in-use", "auth/email-already-exists"],
  ],
  [
    "Email address is invalid",
    "email",
    ["INVALID_EMAIL", "auth/invalid-email", "INVALID_IDENTIFIER", "auth/invalid-identifier"],
  ],
  ["Email is required", "email", ["MISSING_EMAIL", "auth/missing-email"]],
  ["Password is required", "password", ["MISSING_PASSWORD", "auth/missing-password"]],
  [
    "Password must be 6 characters or more",
    "password",
    [
      "WEAK_PASSWORD",
      "auth/weak-password",
      "auth/password-does-not-meet-requirements",
      "PASSWORD_DOES_NOT_MEET_REQUIREMENTS",
    ],
  ],
  ["This account has been disabled", null, ["USER_DISABLED", "auth/user-disabled"]],
  [
    "Too many attempts. Please try again later",
    null,
    ["TOO_MANY_ATTEMPTS_TRY_LATER", "auth/too-many-requests", "TOO_MANY_ATTEMPTS"],
  ],
  [
    "This sign-in method is not enabled",
    null,
    [
      "OPERATION_NOT_ALLOWED",
      "PASSWORD_LOGIN_DISABLED",
      "auth/operation-not-allowed",
      "ADMIN_ONLY_OPERATION",
      "auth/admin-restricted-operation",
      "auth/operation-not-supported-in-this-environment",
    ],
  ],
  [
    "Internal error. Please try again",
    null,
    ["INTERNAL_ERROR", "auth/internal-error", "UNKNOWN_ERROR", "auth/timeout"],
  ],
  [
    "Incorrect details. Please check your email and password",
    null,
    [
      "INVALID_LOGIN_CREDENTIALS",
      "INVALID_CREDENTIAL",
      "auth/invalid-credential",
      "auth/invalid-login-credentials",
    ],
  ],
  ["Quota exceeded. Please try again later", null, ["QUOTA_EXCEEDED", "auth/quota-exceeded"]],
  ["Phone number is invalid", "mobile", ["INVALID_PHONE_NUMBER", "auth/invalid-phone-number"]],
  ["Phone number is required", "mobile", ["MISSING_PHONE_NUMBER", "auth/missing-phone-number"]],
  [
    "This phone number already belongs to another account",
    "mobile",
    ["PHONE_NUMBER_EXISTS", "auth/phone-number-already-exists"],
  ],
  ["Please enter OTP first", "otp", ["MISSING_CODE", "auth/missing-verification-code"]],
  [
    "The code is wrong. Please check it and try again",
    "otp",
    ["INVALID_CODE", "auth/invalid-verification-code"],
  ],
  [
    "The code has expired. Please ask for a new one",
    "otp",
    [
      "CODE_EXPIRED",
      "SESSION_EXPIRED",
      "auth/code-expired",
      "INVALID_SESSION_INFO",
      "MISSING_SESSION_INFO",
      "auth/invalid-verification-id",
      "auth/missing-verification-id",
    ],
  ],
  [
    "This link is invalid or has already been used. Please ask for a new one",
    null,
    ["INVALID_OOB_CODE", "auth/invalid-action-code", "MISSING_OOB_CODE"],
  ],
  ["This link has expired. Please ask for a new one", null, ["EXPIRED_OOB_CODE", "auth/expired-action-code"]],
  [
    "The security check failed. Please try again",
    null,
    [
      "CAPTCHA_CHECK_FAILED",
      "auth/captcha-check-failed",
      "MISSING_RECAPTCHA_TOKEN",
      "auth/missing-recaptcha-token",
      "INVALID_RECAPTCHA_TOKEN",
      "auth/invalid-recaptcha-token",
      "INVALID_APP_CREDENTIAL",
      "auth/invalid-app-credential",
      "MISSING_APP_CREDENTIAL",
      "auth/missing-app-credential",
      "auth/recaptcha-not-enabled",
      "RECAPTCHA_NOT_ENABLED",
    ],
  ],
  [
    "An account already exists with this email. Sign in the way you did before",
    "email",
    [
      "NEED_CONFIRMATION",
      "auth/account-exists-with-different-credential",
      "FEDERATED_USER_ID_ALREADY_LINKED",
      "auth/credential-already-in-use",
    ],
  ],
  [
    "The sign-in window was closed before signing in finished",
    null,
    [
      "auth/popup-closed-by-user",
      "auth/cancelled-popup-request",
      "auth/user-cancelled",
      "auth/redirect-cancelled-by-user",
    ],
  ],
  [
    "Your browser blocked the sign-in window. Please allow pop-ups and try again",
    null,
    ["auth/popup-blocked"],
  ],
  [
    "This site is not allowed to use this sign-in method",
    null,
    [
      "UNAUTHORIZED_DOMAIN",
      "auth/unauthorized-domain",
      "UNAUTHORIZED_CONTINUE_URI",
      "auth/unauthorized-continue-uri",
      "INVALID_CONTINUE_URI",
      "auth/invalid-continue-uri",
      "MISSING_CONTINUE_URI",
      "auth/missing-continue-uri",
      "auth/invalid-oauth-provider",
      "auth/invalid-oauth-client-id",
    ],
  ],
  [
    "The sign-in provider's answer could not be read. Please try again",
    null,
    ["INVALID_IDP_RESPONSE", "auth/invalid-idp-response"],
  ],
  [
    "Sign-in is not set up correctly. Please contact us",
    null,
    [
      "INVALID_API_KEY",
      "API_KEY_INVALID",
      "auth/invalid-api-key",
      "auth/app-not-authorized",
      "auth/app-deleted",
      "CONFIGURATION_NOT_FOUND",
      "auth/configuration-not-found",
      "PROJECT_NOT_FOUND",
      "auth/project-not-found",
      "auth/invalid-tenant-id",
      "auth/tenant-id-mismatch",
    ],
  ],
  [
    "Please sign in again",
    null,
    [
      "CREDENTIAL_TOO_OLD_LOGIN_AGAIN",
      "auth/requires-recent-login",
      "TOKEN_EXPIRED",
      "auth/user-token-expired",
      "INVALID_ID_TOKEN",
      "auth/invalid-user-token",
      "INVALID_REFRESH_TOKEN",
      "USER_MISMATCH",
      "auth/user-mismatch",
    ],
  ],
  [
    "This account needs a second sign-in step, which this site does not offer yet",
    null,
    [
      "auth/multi-factor-auth-required",
      "auth/invalid-multi-factor-session",
      "auth/missing-multi-factor-session",
    ],
  ],
  ["Please verify your email address first", "email", ["auth/unverified-email", "EMAIL_NOT_VERIFIED"]],
  [
    "Your browser does not allow this sign-in. Please allow cookies and storage for this site",
    null,
    ["auth/web-storage-unsupported"],
  ],
  [
    "Could not reach the sign-in service. Check your connection",
    null,
    ["NETWORK_REQUEST_FAILED", "auth/network-request-failed"],
  ],
];

const MESSAGES: Record<string, { field: AuthField; message: string }> = {};
for (const [message, field, codes] of ENTRIES) for (const code of codes) MESSAGES[code] = { field, message };

/** Every message of the table (for the translations check). */
export const AUTH_MESSAGES = ENTRIES.map(([message]) => message);

export interface AuthMessage {
  field: AuthField;
  message: string;
  /** For unknown codes the code itself, shown after 'An error occurred.' */
  code?: string;
}

export function authErrorMessage(code: string): AuthMessage {
  const known = MESSAGES[code];
  if (known) return known;
  return { field: null, message: "An error occurred.", code };
}

/** Puts an identity error on its field (email, password, …) or on the form when it has none. */
export function addIdentityError(code: string, fieldErrors: Record<string, string[]>, formErrors: string[]) {
  const m = authErrorMessage(code);
  const text = m.code ? `${m.message} ${m.code}` : m.message;
  if (m.field) (fieldErrors[m.field] ??= []).push(text);
  else formErrors.push(text);
}
