import { describe, expect, it } from "vitest";
import { authErrorMessage } from "./errors";

describe("identity provider errors", () => {
  it("maps REST and SDK codes to the same readable message and field", () => {
    expect(authErrorMessage("EMAIL_EXISTS")).toEqual({ field: "email", message: "Email already in use" });
    expect(authErrorMessage("auth/email-already-in-use")).toEqual({ field: "email", message: "Email already in use" });
    expect(authErrorMessage("INVALID_LOGIN_CREDENTIALS").field).toBeNull();
  });
  it("keeps the code of unknown errors after 'An error occurred.'", () => {
    expect(authErrorMessage("SOMETHING_NEW")).toEqual({ field: null, message: "An error occurred.", code: "SOMETHING_NEW" });
  });
});
