import {
  type Field,
  isoToDisplayDate,
  type JsonValue,
  parseMultiSelectValue,
  richTextPlainText,
  showDate,
} from '@groeipad/core';

/**
 * The trajectory's reports (verslagen) in the extract (issue 31), decided without pdfmake: each report the
 * maker may read, with the fields the maker may read (the caller passes them so, through the reports'
 * own service: parts.ts decides), their values as text.
 */

/** A report as the maker may read it: its visible structure and values by field uuid (D15). */
export interface ReportInput {
  name: string;
  blueprintName: string;
  /** When it last changed as the maker sees it (ISO). */
  modified: string;
  structure: readonly Field[];
  values: Readonly<Record<string, JsonValue>>;
}

/** One line of a report in the PDF: a group's heading, or a field with its value. */
export interface ReportLine {
  label: string;
  depth: number;
  /** A group's heading (no value). */
  group: boolean;
  /** The value as text; a yes/no field's boolean (the drawing writes it in the reader's language); null empty. */
  value: string | boolean | null;
}

export interface ReportEntry {
  name: string;
  blueprintName: string;
  /** dd/MM/yyyy (D47) of its last change. */
  modified: string;
  lines: ReportLine[];
}

const text = (value: JsonValue | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const shown = typeof value === 'string' ? value.trim() : String(value);
  return shown === '' ? null : shown;
};

/**
 * A field's value as it reads on paper. Files, images and calculations are left out (a PDF line cannot
 * hold them; a calculation's value is computed on the screen): those fields do not appear.
 */
export function reportValue(field: Field, value: JsonValue | undefined): string | boolean | null | undefined {
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date':
      return typeof value === 'string' ? (isoToDisplayDate(value.slice(0, 10)) ?? text(value)) : null;
    case 'multi_select':
      return typeof value === 'string' ? parseMultiSelectValue(value).join(', ') || null : null;
    case 'rating': {
      if (typeof value === 'number') return field.info[value - 1]?.name.trim() || String(value);
      return text(value);
    }
    case 'text': {
      if (typeof value !== 'string') return text(value);
      // A text field may hold the editor's markup: its text, paragraphs kept apart.
      return /<[a-z][^>]*>/i.test(value) ? text(richTextPlainText(value)) : text(value);
    }
    case 'integer':
    case 'decimal':
    case 'select':
    case 'url':
      return text(value);
    default:
      return undefined;
  }
}

function linesOf(
  fields: readonly Field[],
  values: Readonly<Record<string, JsonValue>>,
  depth: number,
): ReportLine[] {
  const lines: ReportLine[] = [];
  for (const field of fields) {
    if (field.type === 'group') {
      const inner = linesOf(field.children, values, depth + 1);
      if (inner.length > 0) lines.push({ label: field.name, depth, group: true, value: null }, ...inner);
      continue;
    }
    const value = reportValue(field, values[field.uuid]);
    if (value !== undefined) lines.push({ label: field.name, depth, group: false, value });
  }
  return lines;
}

/** The reports as the PDF shows them, oldest change first as the list gives them. */
export function reportEntries(reports: readonly ReportInput[], timeZone: string): ReportEntry[] {
  return reports.map((report) => ({
    name: report.name,
    blueprintName: report.blueprintName,
    modified: showDate(new Date(report.modified), timeZone),
    lines: linesOf(report.structure, report.values, 0),
  }));
}
