/** A euro amount as the user's language writes it: € 1.234,50 (nl) or €1,234.50 (en), always two decimals. */
export function formatEuro(amount: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'nl-NL', {
    style: 'currency',
    currency: 'EUR',
  }).format(amount);
}

/** A number of credits: whole ones without decimals, parts with two. */
export function formatCredits(amount: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'nl-NL', {
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
