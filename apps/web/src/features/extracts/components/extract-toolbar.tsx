import { Group } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconFileZip, IconShare, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../components/tool-button';

interface Props {
  wide: boolean;
  /** Extracts are selected (every button needs a selection). */
  hasSelection: boolean;
  /** The archived extracts are shown: restore instead of archive (D37). */
  archived: boolean;
  deleting: boolean;
  changingStatus: boolean;
  onDelete: () => void;
  onStatus: () => void;
  onShare: () => void;
  /** Selected extracts whose PDF is ready: what the zip holds (issue 21). */
  readyCount: number;
  zipping: boolean;
  onDownloadZip: () => void;
}

/** The extract list's toolbar (spec part 2 §2): download as zip (issue 21), share, archive or restore, delete. */
export function ExtractToolbar(props: Props) {
  const { t } = useTranslation();
  const { wide, hasSelection, archived } = props;
  return (
    <Group gap={6} wrap="wrap" role="toolbar" aria-label={t('extracts.toolbar')}>
      <ToolButton
        wide={wide}
        label={t('extracts.downloadZip')}
        icon={<IconFileZip size={18} aria-hidden />}
        disabled={props.readyCount === 0}
        loading={props.zipping}
        onClick={props.onDownloadZip}
      />
      <ToolButton
        wide={wide}
        label={t('extracts.shareAction')}
        icon={<IconShare size={18} aria-hidden />}
        disabled={!hasSelection}
        onClick={props.onShare}
      />
      <ToolButton
        wide={wide}
        label={archived ? t('extracts.restore') : t('extracts.archive')}
        icon={archived ? <IconArchiveOff size={18} aria-hidden /> : <IconArchive size={18} aria-hidden />}
        disabled={!hasSelection}
        loading={props.changingStatus}
        onClick={props.onStatus}
      />
      <ToolButton
        wide={wide}
        danger
        label={t('extracts.delete')}
        icon={<IconTrash size={18} aria-hidden />}
        disabled={!hasSelection}
        loading={props.deleting}
        onClick={props.onDelete}
      />
    </Group>
  );
}
