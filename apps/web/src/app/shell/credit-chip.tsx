import { isAdminRole, isOwnerRole, isPrivateOrganisation } from '@groeipad/core';
import { ActionIcon, Badge, Group, Modal, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCredits } from '../../features/organisations/api/use-credits';
import { useSession, useSessionStage } from '../../lib/use-session';

/** Euro credit balance: private organisation and admin only; clickable for the owner (spec part 2 §2). */
export function CreditChip() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const ready = useSessionStage() === 'ready';
  const [infoOpen, info] = useDisclosure(false);
  const claims = session?.claims;
  const visible = ready && !!claims && isPrivateOrganisation(claims) && isAdminRole(claims.user_role);
  const owner = !!claims && isOwnerRole(claims.user_role);
  const credits = useCredits(claims?.organisation_id ?? null, pathname, visible);
  if (!visible) return null;

  const amount =
    credits.data === undefined
      ? '…'
      : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(credits.data);
  const chip = (
    <Badge
      size="lg"
      variant="light"
      color="green"
      styles={{
        root: { textTransform: 'none', cursor: owner ? 'pointer' : 'default', overflow: 'visible' },
        label: { overflow: 'visible' },
      }}
      data-testid="credit-chip"
    >
      € {amount}
    </Badge>
  );

  return (
    <Group gap={2} wrap="nowrap">
      {owner ? (
        <UnstyledButton aria-label={t('credits.chipOwner', { amount })} onClick={() => navigate('/credits')}>
          {chip}
        </UnstyledButton>
      ) : (
        <span role="img" aria-label={t('credits.chip', { amount })}>
          {chip}
        </span>
      )}
      <ActionIcon variant="subtle" color="gray" size="sm" onClick={info.open} aria-label={t('credits.info')}>
        <IconInfoCircle size={16} />
      </ActionIcon>
      <Modal
        opened={infoOpen}
        onClose={info.close}
        title={t('credits.infoTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text size="sm">{t('credits.infoText')}</Text>
      </Modal>
    </Group>
  );
}
