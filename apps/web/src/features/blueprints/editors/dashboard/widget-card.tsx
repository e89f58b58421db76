import type { DashboardWidget } from '@groeipad/core';
import { Badge, Checkbox, Paper, Stack } from '@mantine/core';
import { IconChartPie, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CommitTextInput } from '../commit-input';
import classes from '../tree-row.module.css';
import type { Selection } from '../use-selection';
import { ClusterPicker } from './cluster-picker';

interface Props {
  widget: DashboardWidget;
  selection: Selection;
  writable: boolean;
  onChange: (patch: Partial<DashboardWidget>) => void;
}

/** One dashboard widget: tick box, type, name and (evaluation scores) its cluster. */
export function WidgetCard({ widget, selection, writable, onChange }: Props) {
  const { t } = useTranslation();
  const typeLabel = t(`blueprintEditors.widgetTypes.${widget.type}`);
  const name = widget.name || typeLabel;
  const Icon = widget.type === 'evaluation_scores' ? IconChartPie : IconHistory;
  return (
    <li data-testid={`widget-${widget.name}`}>
      <Paper withBorder radius="md" p="xs">
        <Stack gap="xs">
          <div className={classes.row}>
            <Checkbox
              aria-label={t('blueprintEditors.selectRow', { name })}
              checked={selection.selected.has(widget.uuid)}
              onChange={(event) => selection.toggle(widget.uuid, event.currentTarget.checked)}
              disabled={!writable}
            />
            <Badge variant="light" color="gray" leftSection={<Icon size={14} aria-hidden="true" />} tt="none">
              {typeLabel}
            </Badge>
            <CommitTextInput
              className={classes.name}
              aria-label={t('blueprintEditors.dashboard.nameOf', { type: typeLabel })}
              value={widget.name}
              onCommit={(text) => onChange({ name: text.trim() })}
              disabled={!writable}
            />
          </div>
          {widget.type === 'evaluation_scores' ? (
            <ClusterPicker
              widgetName={name}
              cluster={widget.cluster}
              disabled={!writable}
              onChange={(cluster) => onChange({ cluster } as Partial<DashboardWidget>)}
            />
          ) : null}
        </Stack>
      </Paper>
    </li>
  );
}
