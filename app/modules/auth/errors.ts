// Identity-provider error codes → the message a person reads, and the field it belongs to.
// Codes come from the REST API (EMAIL_EXISTS) or the client SDK (auth/email-already-in-use).

export type AuthField = "email" | "password" | "mobile" | "name" | null;

const MESSAGES: Record<string, { field: AuthField; message: string }> = {
  EMAIL_EXISTS: { field: "email", message: "Email already in use" },
  "auth/email-already-in-use": { field: "email", message: "Email already in use" },
  EMAIL_NOT_FOUND: { field: null, message: "User not found" },
  "auth/user-not-found": { field: null, message: "User not found" },
  INVALID_PASSWORD: { field: "password", message: "Wrong password" },
  "auth/wrong-password": { field: "password", message: "Wrong password" },
  INVALID_LOGIN_CREDENTIALS: { field: null, message: "Incorrect details. Please check your email and password" },
  "auth/invalid-credential": { field: null, message: "Incorrect details. Please check your email and password" },
  "auth/invalid-login-credentials": { field: null, message: "Incorrect details. Please check your email and password" },
  INVALID_EMAIL: { field: "email", message: "Email address is invalid" },
  "auth/invalid-email": { field: "email", message: "Email address is invalid" },
  USER_DISABLED: { field: null, message: "This account has been disabled" },
  "auth/user-disabled": { field: null, message: "This account has been disabled" },
  TOO_MANY_ATTEMPTS_TRY_LATER: { field: null, message: "Too many attempts. Please try again later" },
  "auth/too-many-requests": { field: null, message: "Too many attempts. Please try again later" },
  OPERATION_NOT_ALLOWED: { field: null, message: "This sign-in method is not enabled" },
  "auth/operation-not-allowed": { field: null, message: "This sign-in method is not enabled" },
  WEAK_PASSWORD: { field: "password", message: "Password must be 6 characters or more" },
  "auth/weak-password": { field: "password", message: "Password must be 6 characters or more" },
  INTERNAL_ERROR: { field: null, message: "Internal error. Please try again" },
  "auth/internal-error": { field: null, message: "Internal error. Please try again" },
  QUOTA_EXCEEDED: { field: null, message: "Quota exceeded. Please try again later" },
  "auth/quota-exceeded": { field: null, message: "Quota exceeded. Please try again later" },
  INVALID_PHONE_NUMBER: { field: "mobile", message: "Phone number is invalid" },
  "auth/invalid-phone-number": { field: "mobile", message: "Phone number is invalid" },
  NETWORK_REQUEST_FAILED: { field: null, message: "Could not reach the sign-in service. Check your connection" },
  "auth/network-request-failed": { field: null, message: "Could not reach the sign-in service. Check your connection" },
};

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
