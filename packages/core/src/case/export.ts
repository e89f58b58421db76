import type { Competence, CompetenceCriterion, CompetenceListContent } from '../contract/blueprints.ts';
import type { CfAssociation, CfDocument, CfItem, CfPackage } from '../contract/case.ts';
import type { NameUuid } from './tree.ts';

/**
 * A competence list as a CASE 1.1 CFPackage (D56): what its framework brought comes back as it came (the
 * document, each item's properties, the placing association's identifier, URI and titles while the item
 * stays under the same parent, the other associations, the definitions); what was made here gets
 * identifiers and URIs of the provider's own. Padding levels (D56) are left out.
 */

export interface ExportOptions {
  /** The list's name: the document's title when it came from no framework. */
  name: string;
  /** The document identifier of a list made here (the server derives it from the blueprint). */
  identifier: string;
  /** Who made it (a list made here): the organisation's name. */
  creator: string;
  /** The provider's base URL: URIs of what was made here. */
  baseUrl: string;
  /** The list's last change, ISO with a zone: `lastChangeDateTime` of what was made here. */
  changedAt: string;
  /** A UUID for a uuid that is none (a list's own uuids may be any text; CASE needs UUIDs). */
  nameUuid: NameUuid;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The CASE identifier of a uuid of the tree: itself when it is a UUID, else one derived from it. */
export function caseIdentifier(uuid: string, nameUuid: NameUuid): string {
  return UUID.test(uuid) ? uuid : nameUuid(`groeipad:${uuid}`);
}

/** The item type of a node made here, by its level. */
const MADE_HERE_TYPES = ['Cluster', 'Subcluster', 'Competentie', 'Criterium'] as const;

/** A competence or criterion of the tree, with its level (0: cluster) once the padding is left out. */
interface Node {
  source: Competence | CompetenceCriterion;
  level: number;
}

/**
 * Each sibling list keeps its sequence numbers while they still run up in its order, and stays without
 * when every sibling came without one; else 1, 2, 3…
 */
function sequenceNumbers(siblings: readonly Node[]): (number | undefined)[] {
  const stored = siblings.map(({ source }) => source.case?.childOf?.sequenceNumber);
  if (
    siblings.every(
      ({ source }) => source.case?.childOf !== undefined && source.case.childOf.sequenceNumber === undefined,
    )
  )
    return stored;
  const ascending = stored.every(
    (value, index) => value !== undefined && (index === 0 || value > (stored[index - 1] as number)),
  );
  return ascending ? stored : siblings.map((_node, index) => index + 1);
}

export function packageFromList(content: CompetenceListContent, options: ExportOptions): CfPackage {
  const framework = content.framework;
  const base = options.baseUrl.replace(/\/+$/, '');
  const document: CfDocument = framework?.document ?? {
    identifier: options.identifier,
    uri: `${base}/ims/case/v1p1/CFDocuments/${options.identifier}`,
    caseVersion: '1.1',
    creator: options.creator,
    title: options.name,
    lastChangeDateTime: options.changedAt,
  };
  const documentLink = { title: document.title, identifier: document.identifier, uri: document.uri };
  const items: CfItem[] = [];
  const associations: CfAssociation[] = [];
  const padding = framework?.padding ?? 0;

  const visit = (siblings: readonly Node[], parent: { title: string; identifier: string; uri: string }) => {
    const numbers = sequenceNumbers(siblings);
    siblings.forEach((node, index) => {
      const { source } = node;
      const identifier = caseIdentifier(source.uuid, options.nameUuid);
      const { childOf, ...extras } = source.case ?? {};
      const madeHere = source.case === undefined;
      const uri = extras.uri ?? `${base}/ims/case/v1p1/CFItems/${identifier}`;
      const item: CfItem = {
        ...(madeHere ? { CFItemType: MADE_HERE_TYPES[Math.min(node.level, 3)] } : {}),
        ...extras,
        identifier,
        uri,
        fullStatement: source.description.trim() === '' ? (source.code ?? '–') : source.description,
        ...(source.code ? { humanCodingScheme: source.code } : {}),
        lastChangeDateTime: extras.lastChangeDateTime ?? options.changedAt,
      };
      items.push(item);
      const self = { title: item.fullStatement.slice(0, 1000), identifier, uri };
      // A node that came without a placing association (an item the package left loose) stays loose.
      if (source.case === undefined || childOf !== undefined) {
        const stays =
          childOf !== undefined && childOf.destination === parent.identifier ? childOf : undefined;
        const linkId = stays?.identifier ?? options.nameUuid(`isChildOf:${identifier}>${parent.identifier}`);
        associations.push({
          identifier: linkId,
          associationType: 'isChildOf',
          ...(numbers[index] === undefined ? {} : { sequenceNumber: numbers[index] }),
          uri: stays?.uri ?? `${base}/ims/case/v1p1/CFAssociations/${linkId}`,
          originNodeURI: {
            title: stays?.originTitle ?? self.title,
            identifier,
            uri,
            ...(stays?.originTargetType ? { targetType: stays.originTargetType } : {}),
          },
          destinationNodeURI: {
            title: stays?.destinationTitle ?? parent.title,
            identifier: parent.identifier,
            uri: stays?.destinationUri ?? parent.uri,
            ...(stays?.destinationTargetType ? { targetType: stays.destinationTargetType } : {}),
          },
          ...(stays?.CFAssociationGroupingURI
            ? { CFAssociationGroupingURI: stays.CFAssociationGroupingURI }
            : {}),
          lastChangeDateTime: stays?.lastChangeDateTime ?? options.changedAt,
          ...(stays?.notes !== undefined ? { notes: stays.notes } : {}),
          ...(stays?.extensions !== undefined ? { extensions: stays.extensions } : {}),
        });
      }
      visit(childrenOf(node), self);
    });
  };

  const childrenOf = ({ source, level }: Node): Node[] =>
    ('subcompetences' in source && source.subcompetences.length > 0
      ? source.subcompetences
      : (source.criteria ?? [])
    ).map((child) => ({ source: child, level: level + 1 }));

  // The padded top levels are not the framework's: their children are its roots.
  let roots: (Competence | CompetenceCriterion)[] = content.competences;
  for (let level = 0; level < padding; level++)
    roots = roots.flatMap((node) => ('subcompetences' in node ? node.subcompetences : []));
  visit(
    roots.map((root) => ({ source: root, level: padding })),
    documentLink,
  );
  associations.push(...(framework?.associations ?? []));
  return {
    CFDocument: document,
    CFItems: items,
    CFAssociations: associations,
    ...(framework?.definitions === undefined ? {} : { CFDefinitions: framework.definitions }),
    ...(framework?.rubrics === undefined ? {} : { CFRubrics: framework.rubrics }),
    ...(framework?.extensions === undefined ? {} : { extensions: framework.extensions }),
  };
}
