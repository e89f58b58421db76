import { Alert, Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Notice {
  /** Changes with every notice, so a new one replaces the last. */
  id: number;
  lost: boolean;
}

/**
 * The notice bar at top centre when the connection is lost (red) or back (green) (spec part 2 §4).
 * Part of every page's own code, not of the lazily loaded notifications: it has to show exactly when
 * the server, and with it any code not yet loaded, is out of reach.
 */
export function ConnectionNotice({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!notice) return null;
  const { lost } = notice;
  return (
    <Box
      pos="fixed"
      top={16}
      left="50%"
      w="min(440px, calc(100vw - 32px))"
      style={{ transform: 'translateX(-50%)', zIndex: 4000 }}
    >
      <Alert
        key={notice.id}
        color={lost ? 'red' : 'green'}
        title={t(lost ? 'connection.lostTitle' : 'connection.restoredTitle')}
        withCloseButton
        onClose={onClose}
        closeButtonLabel={t('common.close')}
        style={{
          border: `1px solid var(--mantine-color-${lost ? 'red' : 'green'}-3)`,
          boxShadow: 'var(--mantine-shadow-md)',
        }}
        data-testid="connection-notice"
      >
        {t(lost ? 'connection.lostMessage' : 'connection.restoredMessage')}
      </Alert>
    </Box>
  );
}
