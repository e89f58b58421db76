import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api-error';
import { FailureAlert } from './failure-alert';

/** A load that failed: a TanStack query fits as it is. */
interface FailedLoad {
  error: unknown;
  refetch: () => unknown;
}

interface LoadFailureProps {
  /** Says what could not be loaded (loadDocumentError, loadObjectError, …). */
  message: string;
  /** The failed load: "try again" calls its refetch. */
  query: FailedLoad;
  /** False where trying again cannot help (not a member, no access): the alert offers no retry. */
  retry?: boolean;
  /**
   * The whole section failed: the message heads the alert, the reason (errorText) follows and a
   * button tries again. Without it, one line with a small "try again", for a list or part of a dialog.
   */
  withReason?: boolean;
}

/** The red alert (role alert) saying something could not be loaded, with a way to try again. */
export function LoadFailure({ message, query, retry = true, withReason = false }: LoadFailureProps) {
  const { t } = useTranslation();
  const tryAgain = () => void query.refetch();
  if (!withReason) {
    const action = retry ? (
      <Button variant="subtle" color="red" size="compact-sm" onClick={tryAgain}>
        {t('common.retry')}
      </Button>
    ) : null;
    return <FailureAlert message={message} action={action} />;
  }
  return (
    <Alert color="red" role="alert" title={message}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(t, query.error)}</Text>
        {retry ? (
          <Button variant="light" onClick={tryAgain}>
            {t('common.retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
