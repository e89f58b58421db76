import { COMPETENCE_TREE_LEVELS, type Competence } from '@groeipad/core';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentEditorFrame } from '../../../../components/document-editor-frame';
import type { EditorFrameProps } from '../blueprint-editor-route';
import { useIdSetStore } from '../id-set-store';
import { ListTools, SelectAll } from '../list-tools';
import { newUuid } from '../new-uuid';
import { appendInTree, type Direction, moveInTree, removeFromTree, treeIds, updateInTree } from '../tree';
import rowClasses from '../tree-row.module.css';
import { useSelection } from '../use-selection';
import { CompetenceImport } from './competence-import';
import { CompetenceNodes } from './competence-node';
import {
  type CompetenceEditing,
  CompetenceEditingContext,
  competenceAccess,
  LEVEL_KINDS,
  newCompetence,
} from './competence-tree';

export type CompetenceListContent = { competences: Competence[] };

/**
 * The competence list editor (spec part 2 §2, D3): clusters → sub-clusters → competences, each with a
 * description, labels and rich-text info; import from a spreadsheet; move, delete, select-all.
 */
export function CompetenceListEditor({
  frame,
  actions,
}: {
  frame: EditorFrameProps<CompetenceListContent>;
  /** Actions on the saved list above the tree (CASE export and a new version, D56). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { editor } = frame;
  const competences = useMemo(() => editor.document?.competences ?? [], [editor.document]);
  const ids = useMemo(() => treeIds(competences, competenceAccess), [competences]);
  const selection = useSelection(ids);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const { change, writable } = editor;
  const selectedStore = useIdSetStore(selection.selected);
  const expandedStore = useIdSetStore(expanded);
  const addedStore = useIdSetStore(added);

  const setTree = useCallback(
    (next: (current: Competence[]) => Competence[]) =>
      change((draft) => {
        draft.competences = next(draft.competences as Competence[]);
      }),
    [change],
  );

  const toggleExpanded = useCallback(
    (uuid: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(uuid)) next.delete(uuid);
        else next.add(uuid);
        return next;
      }),
    [],
  );

  const editing = useMemo<CompetenceEditing>(
    () => ({
      writable,
      selected: selectedStore,
      toggleSelected: selection.toggle,
      expanded: expandedStore,
      toggleExpanded,
      added: addedStore,
      update: (uuid, update) => setTree((current) => updateInTree(current, competenceAccess, uuid, update)),
      addChild: (parent, level) => {
        if (level > COMPETENCE_TREE_LEVELS) return;
        const kind = LEVEL_KINDS[level - 1]!;
        const node = newCompetence(t(`blueprintEditors.competences.new.${kind}`), newUuid());
        setTree((current) => appendInTree(current, competenceAccess, parent, node));
        setAdded(new Set([node.uuid]));
      },
    }),
    [writable, selectedStore, selection.toggle, expandedStore, toggleExpanded, addedStore, setTree, t],
  );

  const move = (direction: Direction) =>
    setTree((current) => moveInTree(current, competenceAccess, selection.selected, direction));
  const remove = () => setTree((current) => removeFromTree(current, competenceAccess, selection.selected));

  return (
    <DocumentEditorFrame
      {...frame}
      tools={<ListTools selection={selection} writable={writable} onMove={move} onDelete={remove} />}
    >
      {actions}
      <CompetenceEditingContext.Provider value={editing}>
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} className={rowClasses.readable}>
          <Stack gap="sm">
            {writable ? (
              <CompetenceImport onImport={(imported) => setTree((current) => [...current, ...imported])} />
            ) : null}
            <Group justify="space-between" wrap="wrap" gap="xs">
              <SelectAll selection={selection} disabled={!writable || ids.length === 0} />
              <Text size="sm" c="dimmed">
                {t('blueprintEditors.competences.count', { count: ids.length })}
              </Text>
            </Group>
            {competences.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('blueprintEditors.competences.empty')}
              </Text>
            ) : (
              <CompetenceNodes nodes={competences} level={1} />
            )}
            {writable ? (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => editing.addChild(null, 1)}
                >
                  {t('blueprintEditors.competences.addCluster')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      </CompetenceEditingContext.Provider>
    </DocumentEditorFrame>
  );
}
