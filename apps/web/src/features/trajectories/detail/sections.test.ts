import { describe, expect, it } from 'vitest';
import { landingSection, sectionOf, trajectoryIdOf, visibleSections } from './sections';

describe('the section of a detail route (spec part 1 §2)', () => {
  it('knows the five sections', () => {
    for (const name of ['access', 'form', 'evaluation', 'reports'] as const)
      expect(sectionOf(name, false)).toBe(name);
    expect(sectionOf('dashboard', true)).toBe('dashboard');
  });
  it('has none for an unknown or missing section (the page falls back to access)', () => {
    expect(sectionOf(undefined, true)).toBeNull();
    expect(sectionOf('', true)).toBeNull();
    expect(sectionOf('Access', true)).toBeNull();
    expect(sectionOf('toString', true)).toBeNull();
  });
  it('has no dashboard without widgets, and hides its tab', () => {
    expect(sectionOf('dashboard', false)).toBeNull();
    expect(visibleSections(false)).not.toContain('dashboard');
    expect(visibleSections(true)).toContain('dashboard');
  });
});

describe('where a trajectory opens (D43)', () => {
  const reader = (
    hasDashboard: boolean,
    readEvaluation: boolean,
    readInformation: boolean,
    readReports: boolean,
  ) => ({
    hasDashboard,
    abilities: { readEvaluation, readInformation, readReports },
  });
  it('opens the first section the reader may read: dashboard, evaluation, form, reports; else access', () => {
    expect(landingSection(reader(true, true, true, true))).toBe('dashboard');
    expect(landingSection(reader(false, true, true, true))).toBe('evaluation');
    // the dashboard shows the evaluation: without it, the next section
    expect(landingSection(reader(true, false, true, true))).toBe('form');
    expect(landingSection(reader(false, false, false, true))).toBe('reports');
    expect(landingSection(reader(true, false, false, false))).toBe('access');
  });
  it('lists the tabs with access last', () => {
    expect(visibleSections(true)).toEqual(['form', 'evaluation', 'reports', 'dashboard', 'access']);
  });
});

describe('the trajectory id of a route (invalidDocumentId)', () => {
  it('takes whole numbers a database id can be', () => {
    expect(trajectoryIdOf('0')).toBe(0);
    expect(trajectoryIdOf('42')).toBe(42);
    expect(trajectoryIdOf('2147483647')).toBe(2147483647);
  });
  it('refuses anything else', () => {
    for (const value of [undefined, '', 'abc', '-1', '1.5', '1e3', ' 1', '2147483648', '99999999999'])
      expect(trajectoryIdOf(value)).toBeNull();
  });
});
