import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

type Report = (part: string, dirty: boolean) => void;
const GuardContext = createContext<Report | null>(null);

/**
 * Parts of the detail frame outside the header's edit (the access section) say here whether they
 * hold unsaved changes. A router supports one blocker at a time, so the frame owns the only one.
 */
export function useReportDirty(part: string, dirty: boolean): void {
  const report = useContext(GuardContext);
  useEffect(() => {
    report?.(part, dirty);
  }, [report, part, dirty]);
  useEffect(() => () => report?.(part, false), [report, part]);
}

/**
 * Leaving with unsaved changes asks first (spec part 1 §4, exitDocumentMessage): another route or
 * section in the app, and closing or reloading the tab.
 */
export function UnsavedGuard({
  dirty: ownDirty,
  onLeave,
  children,
}: {
  /** The frame's own unsaved changes (header, edited section). */
  dirty: boolean;
  /** The user chose to leave without saving: drop the frame's changes (the frame may stay mounted). */
  onLeave: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [parts, setParts] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<Report>(
    (part, dirty) =>
      setParts((current) => {
        if (current.has(part) === dirty) return current;
        const next = new Set(current);
        if (dirty) next.add(part);
        else next.delete(part);
        return next;
      }),
    [],
  );
  const dirty = ownDirty || parts.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const value = useMemo(() => report, [report]);
  return (
    <GuardContext.Provider value={value}>
      {children}
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('editor.leaveTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Stack>
          <Text size="sm">{t('exitDocumentMessage')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {t('editor.stay')}
            </Button>
            <Button
              color="red.8"
              onClick={() => {
                onLeave();
                blocker.proceed?.();
              }}
            >
              {t('editor.leave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </GuardContext.Provider>
  );
}
