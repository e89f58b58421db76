import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface FailureAlertProps extends Omit<AlertProps, 'color' | 'role' | 'children'> {
  /** The failure's text; nothing is shown while it is null or empty. */
  message: string | null | undefined;
  /** Follows the text after a space, e.g. a link to try again. */
  action?: ReactNode;
}

/** The red alert (role alert) a form or panel shows when something failed. */
export function FailureAlert({ message, action, ...props }: FailureAlertProps) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" {...props}>
      {message}
      {action ? <> {action}</> : null}
    </Alert>
  );
}
