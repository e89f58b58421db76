import { NAME_MAX } from '@groeipad/core';
import { Button, Group, Paper, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { errorText } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCurrentUser } from '../api/use-current-user';
import { useUpdateCurrentUser } from '../api/use-update-current-user';

/** The current user's e-mail (read only) and editable first and last name. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const update = useUpdateCurrentUser();
  usePageTitle(t('profile.title'));
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');

  useEffect(() => {
    if (!user.data) return;
    setFirstName(user.data.firstName ?? '');
    setLastName(user.data.lastName ?? '');
  }, [user.data]);

  const dirty =
    !!user.data &&
    (firstName.trim() !== (user.data.firstName ?? '') || lastName.trim() !== (user.data.lastName ?? ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { firstName: firstName.trim() || null, lastName: lastName.trim() || null },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t('profile.saved'),
            closeButtonProps: { 'aria-label': t('common.close') },
          }),
        onError: (error) =>
          notifications.show({ color: 'red', message: errorText(t, error, 'profile.saveFailed') }),
      },
    );
  };

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1} size="h2">
        {t('profile.title')}
      </Title>
      {user.isError ? (
        <FailureAlert message={t('loadProfileError')} />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {user.isPending ? (
            <Stack gap="md" aria-busy>
              <Skeleton h={56} />
              <Skeleton h={56} />
              <Skeleton h={56} />
            </Stack>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <TextInput
                  label={t('auth.fields.email')}
                  value={user.data?.email ?? ''}
                  readOnly
                  variant="filled"
                />
                <TextInput
                  label={t('profile.firstName')}
                  value={firstName}
                  maxLength={NAME_MAX}
                  autoComplete="given-name"
                  onChange={(event) => setFirstName(event.currentTarget.value)}
                />
                <TextInput
                  label={t('profile.lastName')}
                  value={lastName}
                  maxLength={NAME_MAX}
                  autoComplete="family-name"
                  onChange={(event) => setLastName(event.currentTarget.value)}
                />
                <Group justify="flex-end" mt="xs">
                  <Button
                    type="submit"
                    loading={update.isPending}
                    disabled={!dirty}
                    data-save-shortcut
                    aria-keyshortcuts="Control+S Meta+S"
                  >
                    {t('common.save')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Paper>
      )}
    </Stack>
  );
}
