// Spec §5 "Dialog input": an address typed into a field that is not the person's own account — a
// listing's video link, the site's contact email in the console. An email must match the standard
// pattern, else 'Invalid email address'; a web address must be http or https with a domain, else
// 'Invalid URL'. The account forms (register, profile, contact) keep §5's own 'Email address is
// invalid'.
import { z } from "zod";

export const INVALID_EMAIL = "Invalid email address";
export const INVALID_URL = "Invalid URL";

/** http or https, a host with a dot in it, then anything without spaces. */
export const HTTP_URL = /^https?:\/\/[^\s/?#.]+\.[^\s/?#]+(?:[/?#]\S*)?$/i;

/** An email address typed into a dialog's field. */
export const dialogEmail = () => z.string().trim().pipe(z.email(INVALID_EMAIL));

/** A web address typed into a dialog's field, at most `max` characters. */
export const dialogUrl = (max: number) =>
  z.string().trim().max(max, `at most ${max} characters`).regex(HTTP_URL, INVALID_URL);
