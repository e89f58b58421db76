import type { Field, FieldType } from '@groeipad/core';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentEditorFrame } from '../../../../components/document-editor-frame';
import type { EditorFrameProps } from '../blueprint-editor-route';
import { ListTools, SelectAll } from '../list-tools';
import { newUuid } from '../new-uuid';
import {
  appendInTree,
  type Direction,
  duplicateInTree,
  moveInTree,
  removeFromTree,
  treeIds,
  updateInTree,
} from '../tree';
import rowClasses from '../tree-row.module.css';
import { useSelection } from '../use-selection';
import { AddFieldForm } from './add-field-form';
import { type FieldBuilder, FieldBuilderContext } from './builder-context';
import { FieldList } from './field-card';
import { copyField, fieldAccess, fieldName, newField } from './field-tree';

export type FieldsContent = { fields: Field[] };

interface Props {
  frame: EditorFrameProps<FieldsContent>;
  /** The report editor duplicates selected fields (spec part 2 §2). */
  duplicate?: boolean;
  /** The information editor: text fields may hold the mentor's e-mail or name (issue 31). */
  mentorFields?: boolean;
}

/**
 * The field builder of information and report blueprints (spec part 1 §3, part 2 §2, §5): fields of the
 * 14 types in nested groups, with select options and attachments, rating entries, competence-list
 * levels and calculation fields with a live preview; move, delete and (reports) duplicate the ticked
 * fields at any level.
 */
export function FieldsEditor({ frame, duplicate = false, mentorFields = false }: Props) {
  const { t } = useTranslation();
  const { editor } = frame;
  const fields = useMemo(() => editor.document?.fields ?? [], [editor.document]);
  const ids = useMemo(() => treeIds(fields, fieldAccess), [fields]);
  const selection = useSelection(ids);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const writable = editor.writable;
  const { change } = editor;

  const setFields = useCallback(
    (next: (current: Field[]) => Field[]) =>
      change((draft) => {
        draft.fields = next(draft.fields as Field[]);
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

  const builder = useMemo<FieldBuilder>(
    () => ({
      fields,
      writable,
      mentorFields,
      selection,
      expanded,
      toggleExpanded,
      update: (uuid, update) => setFields((current) => updateInTree(current, fieldAccess, uuid, update)),
      add: (parent: string | null, type: FieldType, name: string) => {
        const cleaned = fieldName(name);
        if (cleaned === null) return;
        const field = newField(type, cleaned, newUuid());
        setFields((current) => appendInTree(current, fieldAccess, parent, field));
        setExpanded((current) => new Set([...current, field.uuid, ...(parent ? [parent] : [])]));
      },
    }),
    [fields, writable, mentorFields, selection, expanded, toggleExpanded, setFields],
  );

  const move = (direction: Direction) =>
    setFields((current) => moveInTree(current, fieldAccess, selection.selected, direction));
  const remove = () => setFields((current) => removeFromTree(current, fieldAccess, selection.selected));
  const copy = () =>
    setFields((current) =>
      duplicateInTree(current, fieldAccess, selection.selected, (field) =>
        copyField(field, t('blueprintEditors.fields.copySuffix'), newUuid),
      ),
    );

  return (
    <DocumentEditorFrame
      {...frame}
      tools={
        <ListTools
          selection={selection}
          writable={writable}
          onMove={move}
          onDelete={remove}
          onDuplicate={duplicate ? copy : undefined}
        />
      }
    >
      <FieldBuilderContext.Provider value={builder}>
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} className={rowClasses.readable}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <SelectAll selection={selection} disabled={!writable || ids.length === 0} />
              <Text size="sm" c="dimmed">
                {t('blueprintEditors.fields.count', { count: ids.length })}
              </Text>
            </Group>
            {fields.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('blueprintEditors.fields.empty')}
              </Text>
            ) : (
              <FieldList fields={fields} depth={0} />
            )}
            {writable ? <AddFieldForm parent={null} /> : null}
          </Stack>
        </Paper>
      </FieldBuilderContext.Provider>
    </DocumentEditorFrame>
  );
}
