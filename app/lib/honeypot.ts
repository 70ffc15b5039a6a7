// The honeypot's two fields (decision 055): named here, shared by the server's check and the
// browser, which carries them along when it posts a sign-in form's data itself.

/** Left empty by people, who never see it; filled by bots that fill every field. */
export const HONEYPOT_FIELD = "name__confirm";
/** When the page was drawn, encrypted by the server: a post that invents one is refused. */
export const HONEYPOT_VALID_FROM_FIELD = "from__confirm";
/** What a refused post shows above its form. */
export const HONEYPOT_REFUSAL = "This form could not be sent. Please try again.";
