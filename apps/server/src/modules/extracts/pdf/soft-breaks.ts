const LONG_WORD = /[^\s\u200b]{31,}/gu;
const EVERY = 20;

/**
 * Words of more than 30 characters get a zero-width space every 20 characters. pdfmake sizes table
 * columns by their longest word, so one unbroken string (a pasted link, a typo without spaces)
 * would otherwise widen its column and push the others off the page. Roboto draws the zero-width
 * space as nothing.
 */
export function softBreaks(text: string): string {
  return text.replace(LONG_WORD, (word) => {
    const chars = Array.from(word);
    let out = '';
    chars.forEach((char, index) => {
      if (index > 0 && index % EVERY === 0) out += '\u200b';
      out += char;
    });
    return out;
  });
}
