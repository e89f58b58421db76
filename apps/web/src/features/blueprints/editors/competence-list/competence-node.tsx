import { COMPETENCE_TREE_LEVELS, type Competence } from '@groeipad/core';
import { ActionIcon, Badge, Checkbox, Paper, Stack, TagsInput, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CommitTextInput } from '../commit-input';
import { TreeList } from '../tree-list';
import classes from '../tree-row.module.css';
import { LEVEL_KINDS, useCompetenceEditing } from './competence-tree';
import { RichTextEditor } from './rich-text-editor';

/** The nodes of one level of the competence tree. */
export function CompetenceNodes({ nodes, level }: { nodes: readonly Competence[]; level: number }) {
  const { t } = useTranslation();
  return (
    <TreeList label={level === 1 ? t('blueprintEditors.competences.listLabel') : undefined}>
      {nodes.map((node) => (
        <CompetenceNode key={node.uuid} node={node} level={level} />
      ))}
    </TreeList>
  );
}

const LEVEL_COLOURS = ['green', 'blue', 'gray'] as const;

/** One cluster, sub-cluster or competence: tick box, description, add-below, and its labels and info. */
function CompetenceNode({ node, level }: { node: Competence; level: number }) {
  const { t } = useTranslation();
  const editing = useCompetenceEditing();
  const { writable, selection } = editing;
  const kind = LEVEL_KINDS[level - 1] ?? 'competence';
  const kindLabel = t(`blueprintEditors.competences.kinds.${kind}`);
  const name = node.description || t('blueprintEditors.competences.unnamed');
  const open = editing.expanded.has(node.uuid);
  const detailsId = `competence-details-${node.uuid}`;
  const toggleLabel = t(open ? 'blueprintEditors.hideProperties' : 'blueprintEditors.showProperties', {
    name,
  });
  const deepest = level >= COMPETENCE_TREE_LEVELS;
  const childKind = LEVEL_KINDS[level];
  const addLabel = childKind
    ? t(`blueprintEditors.competences.add.${childKind}`, { name })
    : t('blueprintEditors.competences.noDeeper');

  return (
    <li data-testid={`competence-${node.description}`}>
      <Paper withBorder radius="md" p="xs" bg={level === 1 ? 'gray.0' : undefined}>
        <Stack gap="xs">
          <div className={classes.row}>
            <Checkbox
              aria-label={t('blueprintEditors.selectRow', { name })}
              checked={selection.selected.has(node.uuid)}
              onChange={(event) => selection.toggle(node.uuid, event.currentTarget.checked)}
              disabled={!writable}
            />
            <Badge variant="light" color={LEVEL_COLOURS[level - 1]} tt="none">
              {kindLabel}
            </Badge>
            <CommitTextInput
              className={classes.name}
              aria-label={t('blueprintEditors.competences.descriptionOf', { kind: kindLabel })}
              value={node.description}
              onCommit={(description) =>
                editing.update(node.uuid, (current) => ({ ...current, description: description.trim() }))
              }
              disabled={!writable}
              autoFocus={editing.added === node.uuid}
            />
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
                <Tooltip label={addLabel}>
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
                </Tooltip>
              ) : null}
              <Tooltip label={toggleLabel}>
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
              </Tooltip>
            </div>
          </div>
          {open ? (
            <Stack gap="xs" id={detailsId}>
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
            </Stack>
          ) : null}
        </Stack>
      </Paper>
      {!deepest && node.subcompetences.length > 0 ? (
        <div className={classes.children}>
          <CompetenceNodes nodes={node.subcompetences} level={level + 1} />
        </div>
      ) : null}
    </li>
  );
}
