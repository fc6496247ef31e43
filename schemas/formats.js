// The string formats the schemas name ("format": "date"), as plain JavaScript: the validators that
// ajv compiles from the schemas import this file as it is, wherever the build cache keeps them,
// and the widgets check e-mail addresses with the very function the forms receiver uses.

/** YYYY-MM-DD naming a day that exists (2024-02-30 does not). */
export function date(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().startsWith(value);
}

// No spaces, control characters, angle brackets or quotes; something on both sides of the @ and a
// dot after it. Deliverability is the mail server's to judge, not a pattern's.
const plausibleAddress = /^[^\s@<>"\u0000-\u001f\u007f]+@[^\s@<>"\u0000-\u001f\u007f]+\.[^\s@<>"\u0000-\u001f\u007f]+$/;

/** A plausible e-mail address (surrounding spaces are trimmed, as the receiver trims them). */
export function email(value) {
  return plausibleAddress.test(value.trim());
}

/** An e-mail address, or nothing: the optional address of the quiz record and the survey. */
export function optionalEmail(value) {
  return value === '' || email(value);
}

/** Every format by the name schemas give it. */
export const formats = { date, email, 'optional-email': optionalEmail };
