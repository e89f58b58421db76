import { canAddMember, emailListProblem, ORGANISATION_ROLES, type OrganisationRole } from '@groeipad/core';
import { Button, Flex, NativeSelect, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrorTexts } from '../../../lib/api-error';
import { notifyApiFailure, notifySuccess } from '../../../lib/notify';
import { useAddOrganisationUser } from '../api/use-add-organisation-user';

interface AddMemberFormProps {
  organisationId: number;
  /** E-mail addresses already in the list. */
  existing: readonly string[];
  /** Only an owner may give the OWNER role. */
  mayGrantOwner: boolean;
}

/** Adds a member by e-mail (spec part 2 §5: a valid address not in the list yet; role USER by default). */
export function AddMemberForm({ organisationId, existing, mayGrantOwner }: AddMemberFormProps) {
  const { t } = useTranslation();
  const add = useAddOrganisationUser(organisationId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>('USER');
  const [blurred, setBlurred] = useState(false);

  const problem = email.trim() === '' ? null : emailListProblem(email, existing);
  // A duplicate shows at once; an address still being typed only once the field is left.
  const shownProblem = problem === 'duplicate' || (problem && blurred) ? problem : null;
  const serverError = fieldErrorTexts(t, add.error).email ?? null;
  const error = shownProblem
    ? t(shownProblem === 'duplicate' ? 'organisationPage.alreadyMember' : 'messages.invalidEmail')
    : serverError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canAddMember(email, existing) || add.isPending) return;
    const object = t('objects.user', { count: 1 });
    add.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (member) => {
          notifySuccess(
            t,
            member.pending
              ? t('organisationPage.invited', { email: member.email })
              : t('addObjectSuccess', { object }),
          );
          setEmail('');
          setRole('USER');
          setBlurred(false);
        },
        onError: (failure) => {
          // A rejected address shows beside the field; anything else in a notification.
          if (!(failure instanceof ApiError && failure.fields.some((field) => field.path === 'email'))) {
            notifyApiFailure(t, t('addObjectError', { object }), failure);
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('organisationPage.addTitle')}>
      <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }} gap="sm">
        <TextInput
          style={{ flex: '1 1 auto', minWidth: 0 }}
          label={t('auth.fields.email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (add.error) add.reset();
          }}
          onBlur={() => setBlurred(true)}
          error={error}
        />
        <NativeSelect
          w={{ base: '100%', sm: 180 }}
          label={t('organisationPage.role')}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as OrganisationRole)}
          data={ORGANISATION_ROLES.map((value) => ({
            value,
            label: t(`roles.${value}`),
            disabled: value === 'OWNER' && !mayGrantOwner,
          }))}
        />
        <Button
          type="submit"
          mt={{ base: 0, sm: 25 }}
          leftSection={<IconUserPlus size={16} />}
          disabled={!canAddMember(email, existing)}
          loading={add.isPending}
        >
          {t('organisationPage.add')}
        </Button>
      </Flex>
    </form>
  );
}
