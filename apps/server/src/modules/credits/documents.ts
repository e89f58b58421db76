import { fromCents, type Language, showDate } from '@groeipad/core';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderPdf } from '../../adapters/pdf/render.ts';
import { type PdfTask, pdfWorkers } from '../../adapters/pdf/worker-pool.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { serverTexts } from '../../i18n/catalogue.ts';
import type { CreditTransactionRow } from './repository.ts';

/** A party on a quote or an invoice: the buyer as they were (the transaction's `billing`), or the provider. */
interface Party {
  name: string;
  street_name: string;
  street_number: string;
  postal_code: string;
  city: string;
  country: string;
  vat_identification: string | null;
  email: string;
}

export type CreditDocumentKind = 'quote' | 'invoice';

/** What a quote or an invoice shows (D25): every amount was computed once, when the transaction was made. */
export interface CreditDocumentInput {
  kind: CreditDocumentKind;
  number: string;
  /** The quote's creation, or the payment. */
  date: Date;
  seller: Party;
  buyer: Party;
  reference: string | null;
  creditsCents: number;
  discountPercent: number;
  discountCents: number;
  netCents: number;
  vatPercent: number;
  vatCents: number;
  totalCents: number;
  language: Language;
  timeZone: string;
}

const GREEN = '#2f7d32';
const GREY = '#5f6b66';

function address(party: Party, countryName: (code: string) => string): string[] {
  return [
    `${party.street_name} ${party.street_number}`.trim(),
    `${party.postal_code} ${party.city}`.trim(),
    countryName(party.country),
  ].filter((line) => /[^\s-]/.test(line));
}

/**
 * The pdfmake definition of a quote or an invoice (D25): provider and buyer, number and date, the
 * credits, the discount line (only with a discount), the amount before VAT, VAT 21 % and the total; the
 * labels from the catalogue in the buyer's language (D28: `creditDocuments.*`).
 */
export function creditDocumentDefinition(
  ctx: { config: Pick<Config, 'webPublicDir'> },
  input: CreditDocumentInput,
) {
  const texts = serverTexts(ctx.config);
  const lang = input.language;
  const t = (key: string, values: Record<string, string> = {}) =>
    texts.t(lang, `creditDocuments.${key}`, values);
  const money = new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  });
  const euros = (cents: number) => money.format(fromCents(cents));
  const percent = (value: number) =>
    new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { maximumFractionDigits: 2 }).format(value);
  const regions = new Intl.DisplayNames([lang], { type: 'region' });
  const countryName = (code: string) => {
    try {
      return regions.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const day = showDate(input.date, input.timeZone);
  const title = t(input.kind === 'quote' ? 'quote' : 'invoice');

  const rows: Content[][] = [
    [
      { text: t('description'), style: 'head' },
      { text: t('amount'), style: 'head', alignment: 'right' },
    ],
    [
      t('creditsLine', { credits: percent(fromCents(input.creditsCents)) }),
      { text: euros(input.creditsCents), alignment: 'right' },
    ],
  ];
  if (input.discountCents > 0) {
    rows.push([
      t('discountLine', { percent: percent(input.discountPercent) }),
      { text: `− ${euros(input.discountCents)}`, alignment: 'right' },
    ]);
  }
  rows.push(
    [t('net'), { text: euros(input.netCents), alignment: 'right' }],
    [t('vat', { percent: percent(input.vatPercent) }), { text: euros(input.vatCents), alignment: 'right' }],
    [
      { text: t('total'), bold: true },
      { text: euros(input.totalCents), bold: true, alignment: 'right' },
    ],
  );

  const party = (label: string, who: Party): Content => ({
    stack: [
      { text: label, color: GREY, fontSize: 9, margin: [0, 0, 0, 2] },
      { text: who.name, bold: true },
      ...address(who, countryName).map((line) => ({ text: line })),
      ...(who.vat_identification ? [{ text: t('vatId', { id: who.vat_identification }) }] : []),
      { text: who.email, color: GREY },
    ],
  });

  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [50, 60, 50, 60],
    info: { title: `${title} ${input.number}`, author: input.seller.name },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.2 },
    styles: { head: { bold: true, color: GREY, fontSize: 9 } },
    footer: (page, pages) => ({
      columns: [
        { text: `${input.seller.name} · ${input.seller.email}`, color: GREY, fontSize: 8 },
        { text: t('page', { page: String(page), pages: String(pages) }), alignment: 'right', fontSize: 8 },
      ],
      margin: [50, 20, 50, 0],
    }),
    content: [
      {
        columns: [
          { text: input.seller.name, fontSize: 18, bold: true, color: GREEN },
          {
            stack: address(input.seller, countryName).map((line) => ({ text: line, alignment: 'right' })),
            fontSize: 9,
            color: GREY,
          },
        ],
      },
      { text: title, fontSize: 22, bold: true, margin: [0, 30, 0, 8] },
      {
        table: {
          widths: ['auto', '*'],
          body: [
            [{ text: t('number'), color: GREY }, input.number],
            [{ text: t('date'), color: GREY }, day],
            ...(input.reference ? [[{ text: t('reference'), color: GREY }, input.reference]] : []),
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 20],
      },
      { columns: [party(t('from'), input.seller), party(t('to'), input.buyer)], columnGap: 30 },
      {
        table: { headerRows: 1, widths: ['*', 'auto'], body: rows },
        layout: {
          hLineWidth: (i, node) => (i === 0 || i === 1 || i === node.table.body.length - 1 ? 0.8 : 0.3),
          vLineWidth: () => 0,
          hLineColor: () => '#b8c2bd',
          paddingTop: () => 6,
          paddingBottom: () => 6,
        },
        margin: [0, 30, 0, 20],
      },
      { text: t(input.kind === 'quote' ? 'quoteNote' : 'invoiceNote', { date: day }), color: GREY },
    ],
  };
  return definition;
}

/** A quote or an invoice as the PDF worker gets it: plain data, and where the web's texts are. */
export interface CreditPdfTaskInput {
  webPublicDir: string;
  input: CreditDocumentInput;
}

/** The PDF worker's task for a quote or an invoice: this module is its builder (`drawPdf` below). */
export function creditPdfTask(input: CreditPdfTaskInput): PdfTask {
  return { builder: import.meta.url, input };
}

/** The worker's side of `renderCreditDocument` (`adapters/pdf/worker.ts` calls it). */
export function drawPdf({ webPublicDir, input }: CreditPdfTaskInput): Promise<Buffer> {
  return renderPdf(creditDocumentDefinition({ config: { webPublicDir } }, input));
}

/** The PDF of a quote or an invoice of a credit transaction, drawn from what the transaction keeps. */
export async function renderCreditDocument(
  ctx: AppContext,
  row: CreditTransactionRow,
  kind: CreditDocumentKind,
): Promise<{ fileName: string; pdf: Buffer }> {
  const number = kind === 'quote' ? row.quote_number : row.invoice_number;
  const date = kind === 'quote' ? row.created_at : row.paid_at;
  if (number === null || date === null) throw new Error(`transaction ${row.id} has no ${kind}`);
  const seller = await ctx.db
    .selectFrom('organisations')
    .select([
      'name',
      'street_name',
      'street_number',
      'postal_code',
      'city',
      'country',
      'vat_identification',
      'email',
    ])
    .where('id', '=', 0)
    .executeTakeFirstOrThrow();
  // Drawn in the PDF worker, which builds the definition from this plain input.
  const pdf = await pdfWorkers.draw(
    creditPdfTask({
      webPublicDir: ctx.config.webPublicDir,
      input: {
        kind,
        number,
        date: new Date(date),
        seller,
        buyer: row.billing as Party,
        reference: row.reference,
        creditsCents: Number(row.credits_cents),
        discountPercent: Number(row.discount_percent),
        discountCents: Number(row.discount_cents),
        netCents: Number(row.net_cents),
        vatPercent: Number(row.vat_percent),
        vatCents: Number(row.vat_cents),
        totalCents: Number(row.price_cents),
        language: row.language,
        timeZone: ctx.config.businessTimeZone,
      },
    }),
  );
  const label = serverTexts(ctx.config).t(row.language, `creditDocuments.${kind}`);
  return { fileName: `${label}-${number}.pdf`, pdf };
}
