import { describe, expect, it } from "vitest";
import { authErrorMessage } from "./identity-errors";

describe("identity provider errors", () => {
  it("maps REST and SDK codes to the same readable message and field", () => {
    expect(authErrorMessage("EMAIL_EXISTS")).toEqual({ field: "email", message: "Email already in use" });
    expect(authErrorMessage("auth/email-already-in-use")).toEqual({
      field: "email",
      message: "Email already in use",
    });
    expect(authErrorMessage("INVALID_LOGIN_CREDENTIALS").field).toBeNull();
  });
  it("keeps the code of unknown errors after 'An error occurred.'", () => {
    expect(authErrorMessage("SOMETHING_NEW")).toEqual({
      field: null,
      message: "An error occurred.",
      code: "SOMETHING_NEW",
    });
  });
});

describe("codes of the other sign-in methods", () => {
  it("puts phone and code failures on their fields, in the spec's words where it has them", () => {
    expect(authErrorMessage("INVALID_PHONE_NUMBER")).toEqual({
      field: "mobile",
      message: "Phone number is invalid",
    });
    expect(authErrorMessage("auth/missing-phone-number")).toEqual({
      field: "mobile",
      message: "Phone number is required",
    });
    expect(authErrorMessage("MISSING_CODE")).toEqual({ field: "otp", message: "Please enter OTP first" });
    expect(authErrorMessage("INVALID_CODE")).toEqual(authErrorMessage("auth/invalid-verification-code"));
    expect(authErrorMessage("SESSION_EXPIRED").field).toBe("otp");
    expect(authErrorMessage("INVALID_OOB_CODE")).toEqual(authErrorMessage("auth/invalid-action-code"));
    expect(authErrorMessage("auth/popup-closed-by-user").message).toBe(
      "The sign-in window was closed before signing in finished",
    );
  });
  it("knows the spec's named failures (§8)", () => {
    for (const code of [
      "USER_NOT_FOUND",
      "INVALID_PASSWORD",
      "EMAIL_EXISTS",
      "INVALID_EMAIL",
      "USER_DISABLED",
      "TOO_MANY_ATTEMPTS_TRY_LATER",
      "OPERATION_NOT_ALLOWED",
      "INTERNAL_ERROR",
      "INVALID_LOGIN_CREDENTIALS",
      "QUOTA_EXCEEDED",
      "INVALID_PHONE_NUMBER",
    ]) {
      expect(authErrorMessage(code).code, code).toBeUndefined();
    }
  });
});
