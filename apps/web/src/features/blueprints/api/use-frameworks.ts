import { type FrameworkImport, type FrameworkImportResult, frameworkEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { saveBlob } from '../../../lib/download';
import { callData } from '../../../lib/endpoint-client';
import { notifySuccess } from '../../../lib/notify';
import { blueprintsKey } from './use-blueprint-list';

/**
 * POST /api/v2/competence-frameworks/check (D56): the server's judgement of a framework — its problems,
 * the competence list it matches, the counts and the diff by identifier. Nothing is made.
 */
export function useFrameworkCheck() {
  return useMutation({
    mutationFn: (body: FrameworkImport) => callData(frameworkEndpoints.check, { body }),
  });
}

/**
 * POST /api/v2/competence-frameworks: a new competence list, or the next version of the matched one (and
 * of the trajectory blueprints that follow it). The blueprints are read again.
 */
export function useFrameworkImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FrameworkImport) => callData(frameworkEndpoints.run, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blueprintsKey }),
  });
}

/** "Zorg: B1 / K1.case.json": the list's name without path characters, as a CASE file. */
export function caseFileName(name: string): string {
  const clean = name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${clean || 'competentiekader'}.case.json`;
}

/** GET /api/v2/competence-frameworks/{id}: the competence list as a CASE package, saved as `<name>.case.json`. */
export async function exportFramework(id: number, name: string): Promise<void> {
  const casePackage = await callData(frameworkEndpoints.export, { params: { id } });
  const blob = new Blob([`${JSON.stringify(casePackage, null, 2)}\n`], { type: 'application/json' });
  saveBlob(blob, caseFileName(name));
}

/** The notice after an import: the new list or version, and how many trajectory blueprints now follow it. */
export function notifyImported(t: TFunction, result: FrameworkImportResult, name: string): void {
  const made = t(result.created ? 'frameworks.imported.list' : 'frameworks.imported.version', { name });
  const followed =
    result.trajectoryBlueprints.length > 0
      ? ` ${t('frameworks.imported.trajectoryBlueprints', { count: result.trajectoryBlueprints.length })}`
      : '';
  notifySuccess(t, `${made}${followed}`);
}
