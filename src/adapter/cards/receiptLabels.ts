/**
 * The words a receipt card's text is labelled with, in each language the ready bots speak: the
 * customer reads them, so they follow the reply's locale (its language part), English otherwise.
 */
export interface ReceiptLabels {
  tax: string;
  vat: string;
  total: string;
}

const LABELS: Readonly<Record<string, ReceiptLabels>> = {
  en: { tax: 'Tax', vat: 'VAT', total: 'Total' },
  fr: { tax: 'Taxes', vat: 'TVA', total: 'Total' },
  es: { tax: 'Impuestos', vat: 'IVA', total: 'Total' },
  de: { tax: 'Steuer', vat: 'MwSt.', total: 'Gesamt' },
};

/** The labels for a locale such as `fr-FR`; English when the language is not one of ours. */
export function receiptLabelsFor(locale: string | undefined): ReceiptLabels {
  const language = (locale ?? '').split(/[-_]/)[0]!.toLowerCase();
  return LABELS[language] ?? LABELS.en!;
}
