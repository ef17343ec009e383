/**
 * A text given as the parts it is made of, in order: encoded one after the other, it costs no
 * joined copy. V8 encodes a string made by joining others only once it has copied them into one
 * (issue 34: a city feed's page was copied twice so, 70 KB a read of the 240 KB its server
 * allocated, and the collections of so many short-lived strings paused every request in flight).
 * Its parts are best strings read as they are (a row's text, a slice of it), not joined ones.
 */
export type TextParts = readonly string[];

/** An answer's text: whole, or in parts. */
export type AnswerText = string | TextParts;

/** The text whole: for what needs a string (a body sent once, a test). */
export const wholeText = (text: AnswerText): string => (typeof text === 'string' ? text : text.join(''));
