import { COMPETENCE_TREE_LEVELS, type Competence, codedName } from '@groeipad/core';
import { ActionIcon, Badge, Checkbox, Paper, Stack, TagsInput, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CompetenceCode } from '../../../../components/competence/coded-name';
import { CriteriaList } from '../../../../components/competence/criteria-list';
import { DeferredTooltip } from '../../../../components/deferred-tooltip';
import { CommitTextInput } from '../commit-input';
import { useHasId } from '../id-set-store';
import { TreeList } from '../tree-list';
import classes from '../tree-row.module.css';
import { CODE_MAX, LEVEL_KINDS, shownCriteria, useCompetenceEditing, withCode } from './competence-tree';
import { RichTextEditor } from './rich-text-editor';

/**
 * The nodes of one level of the competence tree. Memoised, as each row is: a change renders again only
 * the branch whose nodes changed (tree.ts keeps the others the same objects) and the rows whose tick box,
 * details or focus changed (id-set-store.ts), so a framework of 500 items stays quick to work in.
 */
export const CompetenceNodes = memo(function CompetenceNodes({
  nodes,
  level,
}: {
  nodes: readonly Competence[];
  level: number;
}) {
  const { t } = useTranslation();
  return (
    <TreeList label={level === 1 ? t('blueprintEditors.competences.listLabel') : undefined}>
      {nodes.map((node) => (
        <CompetenceNode key={node.uuid} node={node} level={level} />
      ))}
    </TreeList>
  );
});

const LEVEL_COLOURS = ['green', 'blue', 'gray'] as const;

/** One cluster, sub-cluster or competence: tick box, code, description, add-below, and its details. */
const CompetenceNode = memo(function CompetenceNode({ node, level }: { node: Competence; level: number }) {
  const { t } = useTranslation();
  const editing = useCompetenceEditing();
  const { writable } = editing;
  const selected = useHasId(editing.selected, node.uuid);
  const open = useHasId(editing.expanded, node.uuid);
  const added = useHasId(editing.added, node.uuid);
  const input = useRef<HTMLInputElement>(null);
  // A node just added takes the focus (the store says so right after the render that made its row).
  useEffect(() => {
    if (added) input.current?.focus();
  }, [added]);
  const kind = LEVEL_KINDS[level - 1] ?? 'competence';
  const kindLabel = t(`blueprintEditors.competences.kinds.${kind}`);
  const name = node.description || t('blueprintEditors.competences.unnamed');
  const shownName = codedName({ code: node.code, name });
  const detailsId = `competence-details-${node.uuid}`;
  const toggleLabel = t(open ? 'blueprintEditors.hideProperties' : 'blueprintEditors.showProperties', {
    name: shownName,
  });
  const deepest = level >= COMPETENCE_TREE_LEVELS;
  const childKind = LEVEL_KINDS[level];
  const addLabel = childKind
    ? t(`blueprintEditors.competences.add.${childKind}`, { name: shownName })
    : t('blueprintEditors.competences.noDeeper');

  return (
    <li data-testid={`competence-${node.description}`}>
      <Paper withBorder radius="md" p="xs" bg={level === 1 ? 'gray.0' : undefined}>
        <Stack gap="xs">
          <div className={classes.row}>
            <Checkbox
              aria-label={t('blueprintEditors.selectRow', { name: shownName })}
              checked={selected}
              onChange={(event) => editing.toggleSelected(node.uuid, event.currentTarget.checked)}
              disabled={!writable}
            />
            <Badge variant="light" color={LEVEL_COLOURS[level - 1]} tt="none">
              {kindLabel}
            </Badge>
            {/* The code goes with the name: on a phone both take the line under the tick box and actions. */}
            <div className={`${classes.name} ${classes.coded}`}>
              {node.code ? <CompetenceCode code={node.code} className={classes.codeLabel} /> : null}
              <CommitTextInput
                className={classes.codedInput}
                aria-label={t('blueprintEditors.competences.descriptionOf', { kind: kindLabel })}
                value={node.description}
                onCommit={(description) =>
                  editing.update(node.uuid, (current) => ({ ...current, description: description.trim() }))
                }
                disabled={!writable}
                ref={input}
              />
            </div>
            {node.labels.length > 0 ? (
              <div className={classes.after}>
                {node.labels.map((label) => (
                  <Badge key={label} variant="outline" color="gray.7" tt="none">
                    {label}
                  </Badge>
                ))}
              </div>
            ) : null}
            <div className={classes.actions}>
              {writable ? (
                <DeferredTooltip label={addLabel}>
                  <ActionIcon
                    variant="subtle"
                    color="green.9"
                    size={36}
                    aria-label={addLabel}
                    disabled={deepest}
                    onClick={() => editing.addChild(node.uuid, level + 1)}
                  >
                    <IconPlus size={18} />
                  </ActionIcon>
                </DeferredTooltip>
              ) : null}
              <DeferredTooltip label={toggleLabel}>
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  size={36}
                  aria-label={toggleLabel}
                  aria-expanded={open}
                  aria-controls={open ? detailsId : undefined}
                  onClick={() => editing.toggleExpanded(node.uuid)}
                >
                  {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
                </ActionIcon>
              </DeferredTooltip>
            </div>
          </div>
          {open ? <CompetenceDetails node={node} id={detailsId} name={shownName} /> : null}
        </Stack>
      </Paper>
      {!deepest && node.subcompetences.length > 0 ? (
        <div className={classes.children}>
          <CompetenceNodes nodes={node.subcompetences} level={level + 1} />
        </div>
      ) : null}
    </li>
  );
});

/** A node's details: its code, labels and info, and (read-only, from the framework) its criteria. */
function CompetenceDetails({ node, id, name }: { node: Competence; id: string; name: string }) {
  const { t } = useTranslation();
  const editing = useCompetenceEditing();
  const { writable } = editing;
  const criteria = node.criteria ?? [];
  return (
    <Stack gap="xs" id={id}>
      <CommitTextInput
        label={t('competenceCriteria.code')}
        description={t('competenceCriteria.codeHint')}
        value={node.code ?? ''}
        maxLength={CODE_MAX}
        classNames={{ input: classes.code }}
        onCommit={(code) => editing.update(node.uuid, (current) => withCode(current, code))}
        disabled={!writable}
      />
      <TagsInput
        label={t('blueprintEditors.competences.labels')}
        description={t('blueprintEditors.competences.labelsHint')}
        value={node.labels}
        onChange={(labels) => editing.update(node.uuid, (current) => ({ ...current, labels }))}
        disabled={!writable}
      />
      <RichTextEditor
        label={t('blueprintEditors.competences.info')}
        value={node.info}
        onCommit={(info) => editing.update(node.uuid, (current) => ({ ...current, info }))}
        disabled={!writable}
      />
      {criteria.length > 0 ? (
        <div>
          <Text size="sm" fw={500}>
            {t('competenceCriteria.criteria')}
          </Text>
          <Text size="xs" c="dark.5">
            {t('competenceCriteria.criteriaNote')}
          </Text>
          <CriteriaList criteria={shownCriteria(criteria)} label={t('competenceCriteria.listOf', { name })} />
        </div>
      ) : null}
    </Stack>
  );
}
