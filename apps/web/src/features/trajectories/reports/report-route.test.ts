import { describe, expect, it } from 'vitest';
import { parentPath, reportPath, reportRouteOf, reportsPath } from './report-route';

describe('reportRouteOf (spec part 1 §2: /trajectory/{id}/reports/{reportId})', () => {
  it('is the list without a report id', () => {
    expect(reportRouteOf('reports')).toEqual({ kind: 'list' });
    expect(reportRouteOf('reports/')).toEqual({ kind: 'list' });
    expect(reportRouteOf(undefined)).toEqual({ kind: 'list' });
  });
  it('reads a whole-number report id', () => {
    expect(reportRouteOf('reports/12')).toEqual({ kind: 'report', id: 12 });
  });
  it('tells an id that is not one apart (invalidDocumentId)', () => {
    expect(reportRouteOf('reports/abc')).toEqual({ kind: 'invalid', text: 'abc' });
    expect(reportRouteOf('reports/-1')).toEqual({ kind: 'invalid', text: '-1' });
    expect(reportRouteOf('reports/99999999999')).toEqual({ kind: 'invalid', text: '99999999999' });
    expect(reportRouteOf('reports/12/x')).toEqual({ kind: 'invalid', text: '12/x' });
  });
});

describe('paths', () => {
  it('builds the list and report paths, edit=true after creating', () => {
    expect(reportsPath(3)).toBe('/trajectory/3/reports');
    expect(reportPath(3, 7)).toBe('/trajectory/3/reports/7');
    expect(reportPath(3, 7, true)).toBe('/trajectory/3/reports/7?edit=true');
  });
  it('closes to the parent path by dropping the last segment', () => {
    expect(parentPath('/trajectory/3/reports/7')).toBe('/trajectory/3/reports');
    expect(parentPath('/trajectory/3/reports/7/')).toBe('/trajectory/3/reports');
    expect(parentPath('/trajectory')).toBe('/');
  });
});
