import type { TrajectoryInfo } from '@groeipad/core';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayActiveUntil } from '../../list/expiry';
import { extensionPath, useMayExtend } from './active-until';
import classes from './detail-header.module.css';

/**
 * An inactive trajectory says so in its own words (issue 21): "not active" when it never started,
 * "expired on <day>" when its active period ended — with "Extend" for whoever extends with credits.
 */
export function InactiveBanner({ trajectory }: { trajectory: TrajectoryInfo }) {
  const { t } = useTranslation();
  const mayExtend = useMayExtend();
  const date = displayActiveUntil(trajectory.activeUntil);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconClockExclamation size={18} aria-hidden />}
      className={classes.noPrint}
      styles={{ message: { color: 'var(--mantine-color-dark-7)' } }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          {date ? t('trajectories.detail.expiredOn', { date }) : t('trajectories.detail.notActive')}
        </Text>
        {mayExtend ? (
          <Button component={Link} to={extensionPath(trajectory.id)} size="sm" variant="default">
            {t('trajectories.detail.extend')}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
