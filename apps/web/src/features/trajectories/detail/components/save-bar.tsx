import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './detail-header.module.css';

interface Props {
  dirty: boolean;
  canSave: boolean;
  saving: boolean;
  /** Fields that need attention before Save is possible. */
  problems: number;
  onSave: () => void;
  onCancel: () => void;
  /** Shows the errors and moves to the first field that needs attention. */
  onReveal: () => void;
}

/**
 * Save and Cancel while editing (issue 21: "saving you can find"): sticks under the app's top bar, so
 * Save is in view while scoring the 25th competence on a phone; while Save is disabled it says why.
 * Ctrl+S / ⌘S presses its Save (lib/save-shortcut.ts).
 */
export function SaveBar({ dirty, canSave, saving, problems, onSave, onCancel, onReveal }: Props) {
  const { t } = useTranslation();
  return (
    <Paper
      className={`${classes.saveBar} ${classes.noPrint}`}
      withBorder
      shadow="xs"
      p="xs"
      role="toolbar"
      aria-label={t('trajectories.detail.toolbar')}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dark.6" aria-live="polite" style={{ flex: '1 1 12rem' }}>
          {problems > 0 ? (
            <>
              {t('trajectories.detail.saveBar.problems', { count: problems })}{' '}
              <Anchor component="button" type="button" size="sm" onClick={onReveal}>
                {t('trajectories.detail.saveBar.show')}
              </Anchor>
            </>
          ) : dirty ? (
            t('trajectories.detail.saveBar.unsaved')
          ) : (
            t('trajectories.detail.saveBar.unchanged')
          )}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            onClick={onSave}
            disabled={!canSave}
            loading={saving}
            data-save-shortcut
            aria-keyshortcuts="Control+S Meta+S"
          >
            {t('common.save')}
          </Button>
          <Button variant="default" leftSection={<IconX size={18} />} onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
