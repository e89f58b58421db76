import { Group } from '@mantine/core';
import { IconRefresh, IconRestore, IconTrashX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../components/tool-button';

interface Props {
  wide: boolean;
  /** How many items are chosen (restore and delete need at least one). */
  chosen: number;
  refreshing: boolean;
  restoring: boolean;
  deleting: boolean;
  onRefresh: () => void;
  onRestore: () => void;
  onDelete: () => void;
}

/** Refresh, restore and delete for good (spec part 2 §2). */
export function TrashToolbar(props: Props) {
  const { t } = useTranslation();
  const busy = props.restoring || props.deleting;
  return (
    <Group gap={6} wrap="wrap" role="toolbar" aria-label={t('trash.toolbar')}>
      <ToolButton
        wide={props.wide}
        label={t('trash.refresh')}
        icon={<IconRefresh size={18} aria-hidden />}
        loading={props.refreshing}
        onClick={props.onRefresh}
      />
      <ToolButton
        wide={props.wide}
        primary
        label={t('trash.restore')}
        icon={<IconRestore size={18} aria-hidden />}
        disabled={props.chosen === 0 || busy}
        loading={props.restoring}
        onClick={props.onRestore}
      />
      <ToolButton
        wide={props.wide}
        danger
        label={t('trash.deleteForGood')}
        icon={<IconTrashX size={18} aria-hidden />}
        disabled={props.chosen === 0 || busy}
        loading={props.deleting}
        onClick={props.onDelete}
      />
    </Group>
  );
}
