import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A restore button that asks first, in place (a phone has no room for a second dialog): the question says
 * what will happen — a new save, the history kept — then Restore or Cancel.
 */
export function RestoreAction({
  label,
  accessibleLabel,
  question,
  busy,
  disabled,
  onRestore,
}: {
  label: string;
  /** The button's name for a screen reader: which value, from when. */
  accessibleLabel: string;
  question: string;
  busy: boolean;
  disabled: boolean;
  onRestore: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  // Focus follows the question, and back to the button once it is answered.
  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking)
    return (
      <Group>
        <Button
          ref={opener}
          size="compact-sm"
          variant="default"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          aria-label={accessibleLabel}
          disabled={disabled}
          onClick={() => setAsking(true)}
        >
          {label}
        </Button>
      </Group>
    );
  return (
    <Stack gap={6} role="group" aria-label={accessibleLabel} data-testid="restore-confirm">
      <Text size="sm">{question}</Text>
      <Group gap="xs">
        <Button
          ref={confirm}
          size="compact-sm"
          loading={busy}
          onClick={() => {
            void onRestore().then((done) => {
              if (done) setAsking(false);
            });
          }}
        >
          {t('trajectories.history.restoreConfirm')}
        </Button>
        <Button size="compact-sm" variant="default" disabled={busy} onClick={() => setAsking(false)}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
