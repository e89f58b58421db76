import { DASHBOARD_WIDGET_TYPES, type DashboardWidget, type DashboardWidgetType } from '@groeipad/core';
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentEditorFrame } from '../../../../components/document-editor-frame';
import type { EditorFrameProps } from '../blueprint-editor-route';
import { ListTools, SelectAll } from '../list-tools';
import { newUuid } from '../new-uuid';
import { type Direction, moveInTree, removeFromTree, type TreeAccess } from '../tree';
import { TreeList } from '../tree-list';
import rowClasses from '../tree-row.module.css';
import { useSelection } from '../use-selection';
import { WidgetCard } from './widget-card';

export type DashboardContent = { widgets: DashboardWidget[] };

const widgetAccess: TreeAccess<DashboardWidget> = {
  id: (widget) => widget.uuid,
  children: () => undefined,
  withChildren: (widget) => widget,
};

/**
 * The dashboard blueprint editor (spec part 1 §3, part 2 §2): widgets of type evaluation_scores (with an
 * optional cluster, D20) and evaluation_history; add, rename, move, delete.
 */
export function DashboardEditor({ frame }: { frame: EditorFrameProps<DashboardContent> }) {
  const { t } = useTranslation();
  const { editor } = frame;
  const widgets = useMemo(() => editor.document?.widgets ?? [], [editor.document]);
  const ids = useMemo(() => widgets.map((widget) => widget.uuid), [widgets]);
  const selection = useSelection(ids);
  const { change, writable } = editor;
  const [name, setName] = useState('');
  const [type, setType] = useState<DashboardWidgetType>('evaluation_scores');

  const setWidgets = useCallback(
    (next: (current: DashboardWidget[]) => DashboardWidget[]) =>
      change((draft) => {
        draft.widgets = next(draft.widgets as DashboardWidget[]);
      }),
    [change],
  );
  const update = (uuid: string, patch: Partial<DashboardWidget>) =>
    setWidgets((current) =>
      current.map((widget) => (widget.uuid === uuid ? ({ ...widget, ...patch } as DashboardWidget) : widget)),
    );

  const add = (event: FormEvent) => {
    event.preventDefault();
    const uuid = newUuid();
    const widget: DashboardWidget =
      type === 'evaluation_scores'
        ? { uuid, type, name: name.trim(), cluster: null }
        : { uuid, type, name: name.trim() };
    setWidgets((current) => [...current, widget]);
    setName('');
  };
  const move = (direction: Direction) =>
    setWidgets((current) => moveInTree(current, widgetAccess, selection.selected, direction));
  const remove = () => setWidgets((current) => removeFromTree(current, widgetAccess, selection.selected));

  return (
    <DocumentEditorFrame
      {...frame}
      tools={<ListTools selection={selection} writable={writable} onMove={move} onDelete={remove} />}
    >
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} className={rowClasses.readable}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <SelectAll selection={selection} disabled={!writable || ids.length === 0} />
            <Text size="sm" c="dimmed">
              {t('blueprintEditors.dashboard.count', { count: ids.length })}
            </Text>
          </Group>
          {widgets.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('blueprintEditors.dashboard.empty')}
            </Text>
          ) : (
            <TreeList label={t('blueprintEditors.dashboard.listLabel')}>
              {widgets.map((widget) => {
                if (!(DASHBOARD_WIDGET_TYPES as readonly string[]).includes(widget.type)) {
                  console.error(`unknown widget type ${String(widget.type)} (${widget.uuid})`);
                  return null;
                }
                return (
                  <WidgetCard
                    key={widget.uuid}
                    widget={widget}
                    selection={selection}
                    writable={writable}
                    onChange={(patch) => update(widget.uuid, patch)}
                  />
                );
              })}
            </TreeList>
          )}
          {writable ? (
            <form onSubmit={add} aria-labelledby="dashboard-add-title">
              <Text id="dashboard-add-title" size="sm" fw={600} c="green.9" mb={4}>
                {t('blueprintEditors.dashboard.addTitle')}
              </Text>
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  label={t('blueprintEditors.dashboard.newName')}
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  style={{ flex: '1 1 180px' }}
                />
                <NativeSelect
                  label={t('blueprintEditors.dashboard.type')}
                  value={type}
                  onChange={(event) => setType(event.currentTarget.value as DashboardWidgetType)}
                  data={DASHBOARD_WIDGET_TYPES.map((value) => ({
                    value,
                    label: t(`blueprintEditors.widgetTypes.${value}`),
                  }))}
                  style={{ flex: '1 1 180px' }}
                />
                <Button type="submit" variant="light" leftSection={<IconPlus size={16} />}>
                  {t('blueprintEditors.dashboard.add')}
                </Button>
              </Group>
            </form>
          ) : null}
        </Stack>
      </Paper>
    </DocumentEditorFrame>
  );
}
