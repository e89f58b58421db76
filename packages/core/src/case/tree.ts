import {
  COMPETENCE_TREE_LEVELS,
  type Competence,
  type CompetenceCriterion,
  type CompetenceListContent,
} from '../contract/blueprints.ts';
import type {
  CaseItemExtras,
  CfAssociation,
  CfItem,
  CfPackage,
  CompetenceFramework,
} from '../contract/case.ts';
import { CASE_CRITERIA_DEPTH_MAX } from '../contract/case.ts';
import type { FrameworkProblem } from '../contract/frameworks.ts';

/**
 * A CFPackage as a competence list (D56): `isChildOf` associations into the document or another item make
 * the tree, in `sequenceNumber` order (unnumbered ones after, as listed); the first two item levels become
 * cluster and sub-cluster, the third the competences, deeper items their criteria. A package of fewer
 * levels gets a cluster and sub-cluster named after its document (`padding`). Items keep their identifiers
 * as uuids, so every score follows them; the associations the tree does not hold are kept, as are the
 * document and the definitions, so the list exports as it came.
 */

/** A name-based uuid for `name` (the server's UUID v5): padding nodes and derived identifiers. */
export type NameUuid = (name: string) => string;

interface Placed {
  item: CfItem;
  link: CfAssociation | null;
  children: Placed[];
  order: number;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain notes as the competence's info (rich text): one paragraph per blank-line-separated block. */
export function notesAsInfo(notes: string | undefined): string {
  if (!notes || notes.trim() === '') return '';
  return notes
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function extrasOf(item: CfItem, link: CfAssociation | null): CaseItemExtras {
  const { identifier: _identifier, fullStatement: _statement, humanCodingScheme: _code, ...rest } = item;
  const extras: CaseItemExtras = { ...rest };
  if (link) {
    extras.childOf = {
      identifier: link.identifier,
      uri: link.uri,
      lastChangeDateTime: link.lastChangeDateTime,
      destination: link.destinationNodeURI.identifier,
      ...(link.sequenceNumber === undefined ? {} : { sequenceNumber: link.sequenceNumber }),
      ...(link.notes === undefined ? {} : { notes: link.notes }),
      ...(link.CFAssociationGroupingURI === undefined
        ? {}
        : { CFAssociationGroupingURI: link.CFAssociationGroupingURI }),
      ...(link.extensions === undefined ? {} : { extensions: link.extensions }),
      originTitle: link.originNodeURI.title,
      destinationTitle: link.destinationNodeURI.title,
      destinationUri: link.destinationNodeURI.uri,
      ...(link.originNodeURI.targetType === undefined
        ? {}
        : { originTargetType: link.originNodeURI.targetType }),
      ...(link.destinationNodeURI.targetType === undefined
        ? {}
        : { destinationTargetType: link.destinationNodeURI.targetType }),
    };
  }
  return extras;
}

function bySequence(a: Placed, b: Placed): number {
  const left = a.link?.sequenceNumber;
  const right = b.link?.sequenceNumber;
  if (left !== undefined && right !== undefined && left !== right) return left - right;
  if (left !== undefined && right === undefined) return -1;
  if (left === undefined && right !== undefined) return 1;
  return a.order - b.order;
}

function depthOf(nodes: readonly Placed[]): number {
  let deepest = 0;
  for (const node of nodes) deepest = Math.max(deepest, 1 + depthOf(node.children));
  return deepest;
}

export interface TreeFromPackage {
  content: CompetenceListContent & { framework: CompetenceFramework };
  problems: FrameworkProblem[];
}

/** The competence list of a package read by `readCasePackage`, or the problems of its structure. */
export function treeFromPackage(pkg: CfPackage, nameUuid: NameUuid): TreeFromPackage {
  const problems: FrameworkProblem[] = [];
  const documentId = pkg.CFDocument.identifier;
  const placed = new Map<string, Placed>();
  pkg.CFItems.forEach((item, index) => {
    if (placed.has(item.identifier) || item.identifier === documentId)
      problems.push({ row: null, column: `CFItems.${index}.identifier`, key: 'duplicate' });
    else placed.set(item.identifier, { item, link: null, children: [], order: index });
  });
  if (pkg.CFItems.length === 0) problems.push({ row: null, column: 'CFItems', key: 'required' });
  const kept: CfAssociation[] = [];
  const parentOf = new Map<string, string>();
  const seenAssociations = new Set<string>();
  pkg.CFAssociations.forEach((association, index) => {
    if (seenAssociations.has(association.identifier))
      problems.push({ row: null, column: `CFAssociations.${index}.identifier`, key: 'duplicate' });
    seenAssociations.add(association.identifier);
    const origin = placed.get(association.originNodeURI.identifier);
    const destination = association.destinationNodeURI.identifier;
    const placing =
      association.associationType === 'isChildOf' &&
      origin !== undefined &&
      origin.link === null &&
      (destination === documentId || placed.has(destination));
    if (!placing) {
      kept.push(association);
      return;
    }
    // A parent that is the item itself or one of its descendants would close a circle.
    for (let up: string | undefined = destination; up !== undefined; up = parentOf.get(up))
      if (up === origin.item.identifier) {
        problems.push({
          row: null,
          column: `CFAssociations.${index}.destinationNodeURI`,
          key: 'invalidValue',
        });
        kept.push(association);
        return;
      }
    origin.link = association;
    if (destination !== documentId) parentOf.set(origin.item.identifier, destination);
  });
  const roots: Placed[] = [];
  for (const node of placed.values()) {
    const parent = parentOf.get(node.item.identifier);
    (parent === undefined ? roots : placed.get(parent)!.children).push(node);
  }
  const sortAll = (nodes: Placed[]) => {
    nodes.sort(bySequence);
    for (const node of nodes) sortAll(node.children);
  };
  sortAll(roots);
  const depth = depthOf(roots);
  const padding = Math.max(0, Math.min(2, COMPETENCE_TREE_LEVELS - depth));
  if (depth - COMPETENCE_TREE_LEVELS > CASE_CRITERIA_DEPTH_MAX)
    problems.push({ row: null, column: 'CFAssociations', key: 'tooDeep' });

  const criterion = (node: Placed): CompetenceCriterion => ({
    uuid: node.item.identifier,
    ...(node.item.humanCodingScheme ? { code: node.item.humanCodingScheme } : {}),
    description: node.item.fullStatement,
    case: extrasOf(node.item, node.link),
    ...(node.children.length > 0 ? { criteria: node.children.map(criterion) } : {}),
  });
  const competence = (node: Placed, level: number): Competence => ({
    uuid: node.item.identifier,
    ...(node.item.humanCodingScheme ? { code: node.item.humanCodingScheme } : {}),
    description: node.item.fullStatement,
    labels: [],
    info: notesAsInfo(node.item.notes),
    subcompetences:
      level < COMPETENCE_TREE_LEVELS ? node.children.map((child) => competence(child, level + 1)) : [],
    ...(level >= COMPETENCE_TREE_LEVELS && node.children.length > 0
      ? { criteria: node.children.map(criterion) }
      : {}),
    case: extrasOf(node.item, node.link),
  });
  let competences = roots.map((root) => competence(root, 1 + padding));
  const title = pkg.CFDocument.title;
  for (let level = padding; level >= 1; level--)
    competences = [
      {
        uuid: nameUuid(`${documentId}#level${level}`),
        description: title,
        labels: [],
        info: '',
        subcompetences: competences,
      },
    ];
  const framework: CompetenceFramework = {
    document: pkg.CFDocument,
    associations: kept,
    padding,
    ...(pkg.CFDefinitions === undefined ? {} : { definitions: pkg.CFDefinitions }),
    ...(pkg.CFRubrics === undefined ? {} : { rubrics: pkg.CFRubrics }),
    ...(pkg.extensions === undefined ? {} : { extensions: pkg.extensions }),
  };
  return { content: { competences, framework }, problems };
}
