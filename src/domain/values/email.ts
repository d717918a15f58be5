/**
 * A practical e-mail check (the HTML living standard's rule for input type=email): one @, a
 * local part of allowed characters, a domain of dot-separated labels with a dot in it.
 */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const isValidEmail = (value: unknown): value is string => typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
