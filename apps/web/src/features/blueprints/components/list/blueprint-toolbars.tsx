import { Group } from '@mantine/core';
import {
  IconBook2,
  IconBookDownload,
  IconBookOff,
  IconBookUpload,
  IconCopy,
  IconFileImport,
  IconInfoCircle,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../../components/tool-button';
import type { listActions } from './blueprint-rows';

export type ListCommand =
  | 'refresh'
  | 'new'
  | 'copy'
  | 'edit'
  | 'info'
  | 'delete'
  | 'publish'
  | 'unpublish'
  | 'import'
  | 'update'
  | 'makeDefault'
  | 'importFramework';

interface Props {
  wide: boolean;
  actions: ReturnType<typeof listActions>;
  /**
   * The library toolbar (null: the library does not answer). Every organisation imports and updates
   * (D58); `manage` (publish, remove) follows the server's answer: an entry's `removable` or a row's
   * `abilities.library` (company-domain users, D31).
   */
  library: { entries: number; publishing: boolean; manage: boolean } | null;
  refreshing: boolean;
  deleting: boolean;
  /**
   * "Standaard maken" (issue 31): shown to whom the server lets choose the organisation's default extract
   * blueprint (an ADMIN); enabled for one selected extract blueprint that is not the default yet.
   */
  makeDefault: { shown: boolean; enabled: boolean; pending: boolean };
  onCommand: (command: ListCommand) => void;
}

/**
 * The list's toolbar (refresh, new, import a competentiekader (D56: whoever may create blueprints), copy,
 * edit, info, delete, enabled per spec part 2 §6) and the
 * library toolbar (import from, update from the library; add to and remove from it for company-domain users).
 */
export function BlueprintToolbars({
  wide,
  actions,
  library,
  refreshing,
  deleting,
  makeDefault,
  onCommand,
}: Props) {
  const { t } = useTranslation();
  const icon = (Icon: typeof IconPlus) => <Icon size={18} aria-hidden />;
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Group gap={6} wrap="wrap" role="toolbar" aria-label={t('blueprintList.toolbar')}>
        <ToolButton
          wide={wide}
          label={t('blueprintList.refresh')}
          icon={icon(IconRefresh)}
          loading={refreshing}
          onClick={() => onCommand('refresh')}
        />
        <ToolButton
          wide={wide}
          primary
          label={t('blueprintList.new')}
          icon={icon(IconPlus)}
          onClick={() => onCommand('new')}
        />
        <ToolButton
          wide={wide}
          label={t('frameworks.action')}
          icon={icon(IconFileImport)}
          onClick={() => onCommand('importFramework')}
        />
        <ToolButton
          wide={wide}
          label={t('blueprintList.copy.action')}
          icon={icon(IconCopy)}
          disabled={!actions.copy}
          onClick={() => onCommand('copy')}
        />
        <ToolButton
          wide={wide}
          label={t('blueprintList.edit.action')}
          icon={icon(IconPencil)}
          disabled={!actions.edit}
          onClick={() => onCommand('edit')}
        />
        <ToolButton
          wide={wide}
          label={t('blueprintList.info.action')}
          icon={icon(IconInfoCircle)}
          disabled={!actions.info}
          onClick={() => onCommand('info')}
        />
        <ToolButton
          wide={wide}
          danger
          label={t('blueprintList.delete')}
          icon={icon(IconTrash)}
          disabled={!actions.delete}
          loading={deleting}
          onClick={() => onCommand('delete')}
        />
        {makeDefault.shown ? (
          <ToolButton
            wide={wide}
            label={t('progressReport.setDefault')}
            icon={icon(IconStar)}
            disabled={!makeDefault.enabled}
            loading={makeDefault.pending}
            onClick={() => onCommand('makeDefault')}
          />
        ) : null}
      </Group>
      {library ? (
        <Group gap={6} wrap="wrap" role="toolbar" aria-label={t('blueprintList.library.toolbar')}>
          {library.manage ? (
            <>
              <ToolButton
                wide={wide}
                label={t('blueprintList.library.publish')}
                icon={icon(IconBookUpload)}
                disabled={!actions.publish}
                loading={library.publishing}
                onClick={() => onCommand('publish')}
              />
              <ToolButton
                wide={wide}
                label={t('blueprintList.library.remove')}
                icon={icon(IconBookOff)}
                disabled={library.entries === 0}
                onClick={() => onCommand('unpublish')}
              />
            </>
          ) : null}
          <ToolButton
            wide={wide}
            label={t('blueprintList.library.import')}
            icon={icon(IconBookDownload)}
            disabled={library.entries === 0}
            onClick={() => onCommand('import')}
          />
          <ToolButton
            wide={wide}
            label={t('blueprintList.library.update')}
            icon={icon(IconBook2)}
            disabled={!actions.update}
            onClick={() => onCommand('update')}
          />
        </Group>
      ) : null}
    </Group>
  );
}
