import type { z } from 'zod';
import { type CfPackage, zCfPackage } from '../contract/case.ts';
import type { FrameworkProblem } from '../contract/frameworks.ts';
import { MESSAGE_KEYS } from '../contract/messages.ts';

/**
 * Reading a CFPackage someone sends (D56). Many frameworks still travel as CASE 1.0, so what 1.1 only
 * words differently is taken as meant: `null` for absent, a sequence number as text, a date-time without
 * a zone (UTC), and the 1.0-only links (`CFPackageURI`, `CFDocumentURI`, `CFItemAssociationURI`) dropped.
 * Anything else that breaks the model is a problem at its path; nothing is guessed.
 */

const DROPPED = new Set(['CFPackageURI', 'CFDocumentURI', 'CFItemAssociationURI']);
const NO_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const DATE_TIME_KEYS = new Set(['lastChangeDateTime']);
const DATE_KEYS = new Set(['statusStartDate', 'statusEndDate']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tolerant(value: unknown, key: string | null, depth: number): unknown {
  if (depth > 64) return value;
  if (Array.isArray(value))
    return value.filter((entry) => entry !== null).map((entry) => tolerant(entry, null, depth + 1));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [name, entry] of Object.entries(value)) {
      if (entry === null || DROPPED.has(name) || name === '__proto__') continue;
      Object.defineProperty(out, name, {
        value: tolerant(entry, name, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  if (typeof value === 'string') {
    if (key === 'sequenceNumber' && /^-?\d{1,9}$/.test(value.trim())) return Number(value.trim());
    if (key !== null && DATE_TIME_KEYS.has(key) && NO_ZONE.test(value)) return `${value}Z`;
    if (key !== null && DATE_KEYS.has(key) && /^\d{4}-\d{2}-\d{2}T/.test(value)) return value.slice(0, 10);
  }
  return value;
}

const KNOWN_KEYS: ReadonlySet<string> = new Set(MESSAGE_KEYS);

/** Zod issues as problems at their path (`CFItems.3.fullStatement`), keyed by a message key. */
export function packageProblems(issues: readonly z.core.$ZodIssue[]): FrameworkProblem[] {
  return issues.map((issue) => ({
    row: null,
    column: issue.path.join('.') || 'CFDocument',
    key: KNOWN_KEYS.has(issue.message)
      ? issue.message
      : issue.code === 'too_big'
        ? 'tooLong'
        : 'invalidValue',
  }));
}

/** What CASE 1.1 requires of each kind of definition that 1.0 did not, and where to take it from. */
const DEFINITION_DEFAULTS: Record<string, Record<string, 'title' | 'empty'>> = {
  CFItemTypes: { description: 'title', hierarchyCode: 'empty' },
  CFSubjects: { hierarchyCode: 'empty' },
  CFConcepts: { hierarchyCode: 'empty' },
  CFLicenses: { licenseText: 'title' },
};

/** Definitions of an older package completed as 1.1 asks (a description from the title, an empty hierarchy code). */
function completeDefinitions(raw: unknown): unknown {
  if (!isPlainObject(raw) || !isPlainObject(raw.CFDefinitions)) return raw;
  const definitions: Record<string, unknown> = { ...raw.CFDefinitions };
  const changedAt = isPlainObject(raw.CFDocument) ? raw.CFDocument.lastChangeDateTime : undefined;
  for (const [kind, defaults] of Object.entries(DEFINITION_DEFAULTS)) {
    const list = definitions[kind];
    if (!Array.isArray(list)) continue;
    definitions[kind] = list.map((entry) => {
      if (!isPlainObject(entry)) return entry;
      const complete: Record<string, unknown> = { ...entry };
      for (const [property, from] of Object.entries(defaults))
        if (typeof complete[property] !== 'string')
          complete[property] = from === 'title' && typeof entry.title === 'string' ? entry.title : '';
      if (typeof complete.lastChangeDateTime !== 'string' && typeof changedAt === 'string')
        complete.lastChangeDateTime = changedAt;
      return complete;
    });
  }
  return { ...raw, CFDefinitions: definitions };
}

/** The package as the model reads it, or the problems that keep it from being read. */
export function readCasePackage(
  raw: unknown,
): { package: CfPackage; problems: [] } | { package: null; problems: FrameworkProblem[] } {
  const parsed = zCfPackage.safeParse(completeDefinitions(tolerant(raw, null, 0)));
  if (!parsed.success) return { package: null, problems: packageProblems(parsed.error.issues) };
  return { package: parsed.data, problems: [] };
}
