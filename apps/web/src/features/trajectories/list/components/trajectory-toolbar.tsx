import { Group } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../../components/tool-button';

interface Props {
  wide: boolean;
  /** Rows are selected (delete needs a selection, spec part 1 §2). */
  hasSelection: boolean;
  deleting: boolean;
  onNew: () => void;
  onDelete: () => void;
}

/**
 * The list's toolbar: new trajectory and delete. "Generate extract" belongs here too (spec part 1
 * §2); it stays hidden until the extracts issue brings its dialog.
 */
export function TrajectoryToolbar({ wide, hasSelection, deleting, onNew, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap" role="toolbar" aria-label={t('trajectories.list.toolbar')}>
      <ToolButton
        wide={wide}
        primary
        label={t('trajectories.list.new')}
        icon={<IconPlus size={18} aria-hidden />}
        onClick={onNew}
      />
      <ToolButton
        wide={wide}
        danger
        label={t('trajectories.list.delete')}
        icon={<IconTrash size={18} aria-hidden />}
        disabled={!hasSelection}
        loading={deleting}
        onClick={onDelete}
      />
    </Group>
  );
}
