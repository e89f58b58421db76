import { ActionIcon } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '../deferred-tooltip';
import { useConnectionState } from './connection-provider';

const COLOURS = { CONNECTED: 'green.8', UNSTABLE: 'orange.8', DISCONNECTED: 'red.8' } as const;
const LABELS = {
  CONNECTED: 'connection.connected',
  UNSTABLE: 'connection.unstable',
  DISCONNECTED: 'connection.disconnected',
} as const;

export function ConnectionIndicator() {
  const { t } = useTranslation();
  const state = useConnectionState();
  const label = t(LABELS[state]);
  return (
    <DeferredTooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        data-testid="connection-indicator"
        data-state={state}
      >
        {state === 'DISCONNECTED' ? (
          <IconWifiOff size={20} color={`var(--mantine-color-${COLOURS[state].replace('.', '-')})`} />
        ) : (
          <IconWifi size={20} color={`var(--mantine-color-${COLOURS[state].replace('.', '-')})`} />
        )}
      </ActionIcon>
    </DeferredTooltip>
  );
}
