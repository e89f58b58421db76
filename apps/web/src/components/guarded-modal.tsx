import { Alert, Button, type ButtonProps, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface GuardedModalProps extends ModalProps {
  /** The dialog holds input not yet applied or saved: closing it asks first. */
  dirty: boolean;
}

const RequestClose = createContext<(() => void) | null>(null);

/**
 * A dialog that never throws typed input away unasked (issue 21): Escape, a click beside it, ✕ and its
 * own Cancel (`DialogCancel`) ask "discard what you entered?" while `dirty` — inside the dialog itself,
 * whose input stays as it was underneath — and Escape again keeps editing. Closing or reloading the tab
 * asks through the browser. (The page's own leave guard is not told: a dialog that succeeds closes and
 * moves on in one go, e.g. to the report it created.)
 */
export function GuardedModal({ dirty, onClose, children, ...props }: GuardedModalProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const stay = useRef<HTMLButtonElement>(null);
  const before = useRef<HTMLElement | null>(null);
  const guarding = props.opened && dirty;
  useEffect(() => {
    if (!guarding) return;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [guarding]);
  useEffect(() => {
    if (asking) stay.current?.focus();
  }, [asking]);

  const keepEditing = () => {
    setAsking(false);
    // Back where the user was (the remark they were typing).
    window.setTimeout(() => before.current?.focus(), 0);
  };
  const request = () => {
    if (asking) keepEditing();
    else if (dirty) {
      before.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setAsking(true);
    } else onClose();
  };
  return (
    <RequestClose.Provider value={request}>
      <Modal closeButtonProps={{ 'aria-label': t('common.close') }} {...props} onClose={request}>
        {asking ? (
          <Alert
            color="orange"
            variant="light"
            role="alert"
            title={t('editor.leaveTitle')}
            mb="md"
            // Orange on its light background is below 4.5:1 for the title: dark text.
            styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          >
            <Stack gap="sm">
              <Text size="sm" c="dark.7">
                {t('editor.discardDialogMessage')}
              </Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" ref={stay} onClick={keepEditing}>
                  {t('editor.keepEditing')}
                </Button>
                <Button
                  color="red.8"
                  onClick={() => {
                    setAsking(false);
                    onClose();
                  }}
                >
                  {t('editor.discard')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {/* Hidden, never unmounted, while asking: what was typed stays. */}
        <div hidden={asking}>{children}</div>
      </Modal>
    </RequestClose.Provider>
  );
}

/** The dialog's Cancel button: closes as Escape does, asking first while the dialog is dirty. */
export function DialogCancel({ children, ...props }: ButtonProps & { children?: ReactNode }) {
  const { t } = useTranslation();
  const request = useContext(RequestClose);
  if (!request) throw new Error('DialogCancel outside a GuardedModal');
  return (
    <Button variant="default" {...props} onClick={request}>
      {children ?? t('common.cancel')}
    </Button>
  );
}
