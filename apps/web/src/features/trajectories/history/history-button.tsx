import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryDialog, type HistoryDialogProps } from './components/history-dialog';

/** "Change history": the button the form, report and evaluation screens share, and its dialog. */
export function HistoryButton(props: Omit<HistoryDialogProps, 'opened' | 'onClose'>) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconHistory size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="history-button"
      >
        {t('trajectories.history.button')}
      </Button>
      <HistoryDialog {...props} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
