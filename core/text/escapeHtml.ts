import { escapeAttribute } from 'entities';

/**
 * Text made safe to put in HTML, in element content and in double-quoted attribute values: `&`, `<`, `>`, `"` and a
 * no-break space become character references (the rule of the HTML serializer, from the `entities` package that also
 * decodes X's escaped posts). A `'` stays as it is, so every attribute built with this is double-quoted.
 */
export const escapeHtml = (text: string): string => escapeAttribute(text);
