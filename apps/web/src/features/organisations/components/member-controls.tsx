import { ORGANISATION_ROLES, type OrganisationRole, type OrganisationUser } from '@groeipad/core';
import { ActionIcon, NativeSelect, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyApiFailure, notifySuccess } from '../../../lib/notify';
import { useDeleteOrganisationUser } from '../api/use-delete-organisation-user';
import { useUpdateOrganisationUser } from '../api/use-update-organisation-user';

interface MemberControlProps {
  organisationId: number;
  member: OrganisationUser;
  /** False for the current user's own row, and for an owner's row when the viewer is no owner. */
  editable: boolean;
  /** Only an owner may give the OWNER role. */
  mayGrantOwner: boolean;
}

/** A member's role, changed on selection (PUT …/users/{userId}). */
export function MemberRoleSelect({ organisationId, member, editable, mayGrantOwner }: MemberControlProps) {
  const { t } = useTranslation();
  const update = useUpdateOrganisationUser(organisationId);
  const value = update.isPending ? update.variables.role : member.role;

  const change = (role: OrganisationRole) => {
    const object = t('objects.user', { count: 1 });
    update.mutate(
      { userId: member.id, role },
      {
        onSuccess: () => notifySuccess(t, t('updateObjectSuccess', { object })),
        onError: (error) => notifyApiFailure(t, t('updateObjectError', { object }), error),
      },
    );
  };

  return (
    <NativeSelect
      aria-label={t('organisationPage.roleOf', { email: member.email })}
      value={value}
      disabled={!editable || update.isPending}
      onChange={(event) => change(event.currentTarget.value as OrganisationRole)}
      data={ORGANISATION_ROLES.map((role) => ({
        value: role,
        label: t(`roles.${role}`),
        disabled: role === 'OWNER' && !mayGrantOwner && member.role !== 'OWNER',
      }))}
    />
  );
}

/** Deletes a member after a confirmation dialog. */
export function DeleteMemberButton({
  organisationId,
  member,
  editable,
}: Omit<MemberControlProps, 'mayGrantOwner'>) {
  const { t } = useTranslation();
  const remove = useDeleteOrganisationUser(organisationId);

  const confirm = () =>
    modals.openConfirmModal({
      title: t('organisationPage.deleteTitle'),
      children: <Text size="sm">{t('organisationPage.deleteMessage', { email: member.email })}</Text>,
      labels: { confirm: t('organisationPage.deleteConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () => {
        const object = t('objects.user', { count: 1 });
        remove.mutate(member.id, {
          onSuccess: () => notifySuccess(t, t('deleteObjectSuccess', { object })),
          onError: (error) => notifyApiFailure(t, t('deleteObjectError', { object }), error),
        });
      },
    });

  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      aria-label={t('organisationPage.deleteOf', { email: member.email })}
      disabled={!editable}
      loading={remove.isPending}
      onClick={confirm}
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
}
