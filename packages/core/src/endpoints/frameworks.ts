import { z } from 'zod';
import { zCaseLinkUri, zCfDocument, zCfItem, zCfPackage } from '../contract/case.ts';
import { zIdParams } from '../contract/common.ts';
import {
  zCaseIdentifierParams,
  zFrameworkCheck,
  zFrameworkImport,
  zFrameworkImportResult,
} from '../contract/frameworks.ts';
import { defineEndpoint } from './define.ts';

const SOURCES =
  'The source is a CASE 1.1 CFPackage (`format: case`; a CASE 1.0 package is read too: its 1.0-only properties ' +
  'are dropped, date-times without a zone taken as UTC) or the rows of an MBO qualification-file spreadsheet ' +
  '(`format: mbo`, columns code, title, kind, parent code, description; docs/frameworks.md). Items become the ' +
  'tree of D3: the first two levels cluster and sub-cluster, the third the competences, deeper ones their ' +
  'criteria; a source of fewer levels gets a cluster and sub-cluster named after its document (D56).';

/** A school's curriculum (D56): checking and importing a framework, and exporting a competence list as CASE. */
export const frameworkEndpoints = {
  check: defineEndpoint({
    method: 'POST',
    path: '/api/v2/competence-frameworks/check',
    body: zFrameworkImport,
    response: zFrameworkCheck,
    status: 200,
    summary: 'Check a competence framework before importing it',
    description:
      'Makes nothing. Answers every problem (a spreadsheet row and column, or a path in the package), the ' +
      'competence list its document identifier matches (the import then makes its next version) and the changes ' +
      `by identifier. Needs the right to create competence lists. ${SOURCES}`,
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/api/v2/competence-frameworks',
    body: zFrameworkImport,
    response: zFrameworkImportResult,
    status: 201,
    summary: 'Import a competence framework',
    description:
      'A new competence list, or the next version of the one its document identifier matches (write right on ' +
      'it; `blueprintId` must name that match, `expectedVersion` its version: 409 otherwise). Any problem of the ' +
      'check is 400 `validationError` with `fields` at `rows.<row>.<column>` or `package.<path>`, and nothing ' +
      'is made. Items keep their identifiers as uuids, so every score follows them; `replacedBy` and ' +
      '`exactMatchOf` carry the scores of a removed item to its successor. With `updateTrajectoryBlueprints` ' +
      `the trajectory blueprints linking the list that the user may edit move to the new version (D9). ${SOURCES}`,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/v2/competence-frameworks/:id',
    params: zIdParams,
    response: zCfPackage,
    status: 200,
    summary: 'Export a competence list as a CASE package',
    description:
      'A competence list the user may read, as a CASE 1.1 CFPackage: its framework’s document, items and ' +
      'associations as they came, the tree as `isChildOf` in order, criteria as children of their competence. ' +
      'A list made here gets a document identifier derived from its id.',
  }),
};

/**
 * The CASE 1.1 provider paths (D56): the library's competence lists, read-only and without sign-in, for
 * other CASE tools. An organisation's own blueprints are never served here.
 */
export const caseProviderEndpoints = {
  documents: defineEndpoint({
    method: 'GET',
    path: '/ims/case/v1p1/CFDocuments',
    response: z.object({ CFDocuments: z.array(zCfDocument) }),
    status: 200,
    secured: false,
    summary: 'List the library’s CASE documents',
  }),
  package: defineEndpoint({
    method: 'GET',
    path: '/ims/case/v1p1/CFPackages/:id',
    params: zCaseIdentifierParams,
    response: zCfPackage,
    status: 200,
    secured: false,
    summary: 'Get a library framework as a CASE package',
    description: 'By its CFDocument identifier; 404 for anything not in the library.',
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/ims/case/v1p1/CFItems/:id',
    params: zCaseIdentifierParams,
    response: zCfItem.extend({ CFDocumentURI: zCaseLinkUri }),
    status: 200,
    secured: false,
    summary: 'Get one item of a library framework',
    description: 'By its identifier, with the link to its document; 404 for anything not in the library.',
  }),
};
