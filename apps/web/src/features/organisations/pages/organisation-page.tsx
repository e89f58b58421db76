import { isAdminRole, isOwnerRole, type OrganisationRole } from '@groeipad/core';
import { Alert, Anchor, Box, Flex, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconCalendarPlus, IconCoins, IconLock, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { InvalidIdNotice, isWholeNumber } from '../../../components/invalid-id-notice';
import { LoadFailure } from '../../../components/load-failure';
import { type MenuSection, SectionMenu } from '../../../components/section-menu';
import { ApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSession } from '../../../lib/use-session';
import { useOrganisation } from '../api/use-organisation';
import { useOrganisations } from '../api/use-organisations';
import { CreditTransactionsSection } from '../components/credit-transactions-section';
import { GeneralSection } from '../components/general-section';
import { MembersSection } from '../components/members-section';
import { TrajectoryTransactionsSection } from '../components/trajectory-transactions-section';

/** The sections of the organisation page (spec part 2 §2). */
export type OrganisationSection = 'general' | 'users' | 'creditTransactions' | 'trajectoryTransactions';

const ICONS = {
  general: IconBuilding,
  users: IconUsers,
  creditTransactions: IconCoins,
  trajectoryTransactions: IconCalendarPlus,
} satisfies Record<OrganisationSection, MenuSection<OrganisationSection>['icon']>;

function isApiStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ApiError && statuses.includes(error.status);
}

/**
 * The sections a role sees: general for the owner, users for owners and admins, and in a private
 * organisation (credits exist only there) the credit and trajectory transactions for them too — of the
 * organisation they are signed in to, the one the credit calls act in.
 */
export function sectionsFor(
  role: OrganisationRole | null,
  organisation: { id: number; current: boolean },
): OrganisationSection[] {
  const sections: OrganisationSection[] = [];
  if (isOwnerRole(role)) sections.push('general');
  if (isAdminRole(role)) sections.push('users');
  if (isAdminRole(role) && organisation.id !== 0 && organisation.current)
    sections.push('creditTransactions', 'trajectoryTransactions');
  return sections;
}

/** /organisations/{id}: the organisation's settings with a side menu (spec part 2 §2). */
export function OrganisationPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  if (!isWholeNumber(id)) return <InvalidIdPage id={id} title={t('screens.organisation')} />;
  return <OrganisationScreen key={id} id={Number(id)} />;
}

function InvalidIdPage({ id, title }: { id: string | undefined; title: string }) {
  usePageTitle(title);
  return <InvalidIdNotice title={title} id={id} />;
}

/** The user's role in organisation `id`: from the token when it is the current one, else from the list. */
function useRoleIn(id: number): {
  role: OrganisationRole | null;
  userId: number | null;
  pending: boolean;
  current: boolean;
} {
  const session = useSession();
  const claims = session?.claims;
  const current = claims?.organisation_id === id;
  const list = useOrganisations(!!claims && !current);
  if (!claims) return { role: null, userId: null, pending: false, current };
  if (current) return { role: claims.user_role, userId: claims.user_id, pending: false, current };
  return {
    role: list.data?.find((organisation) => organisation.id === id)?.role ?? null,
    userId: claims.user_id,
    pending: list.isPending,
    current,
  };
}

function OrganisationScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const organisation = useOrganisation(id);
  const { role, userId, pending, current } = useRoleIn(id);
  const [params, setParams] = useSearchParams();
  const sections = sectionsFor(role, { id, current });
  const requested = params.get('section');
  const active = sections.find((section) => section === requested) ?? sections[0];
  usePageTitle(organisation.data?.name ?? t('screens.organisation'));

  const name = organisation.data?.name;
  const header = (
    <div>
      {name ? (
        <Text size="sm" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {t('screens.organisation')}
        </Text>
      ) : null}
      {organisation.isPending ? (
        <Skeleton h={32} w={260} maw="100%" mt={4} />
      ) : (
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {name ?? t('screens.organisation')}
        </Title>
      )}
    </div>
  );

  if (organisation.isError) {
    return (
      <Stack gap="lg" maw={720}>
        {header}
        <LoadFailure
          message={t('loadOrganisationError')}
          query={organisation}
          // Not a member (404) or no access (403) stays so; anything else may pass.
          retry={!isApiStatus(organisation.error, 403, 404)}
        />
        <Anchor component={Link} to="/">
          {t('common.goHome')}
        </Anchor>
      </Stack>
    );
  }
  if (pending || organisation.isPending || userId === null) {
    return (
      <Stack gap="lg" aria-busy>
        {header}
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }
  if (!active) {
    return (
      <Stack gap="lg" maw={720}>
        {header}
        <Alert color="gray" icon={<IconLock size={18} />} title={t('organisationPage.noAccessTitle')}>
          {t('organisationPage.noAccess')}
        </Alert>
        <Anchor component={Link} to="/">
          {t('common.goHome')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {header}
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        gap={{ base: 'md', sm: 'xl' }}
        align={{ base: 'stretch', sm: 'flex-start' }}
      >
        <SectionMenu
          label={t('organisationPage.menu')}
          selectLabel={t('organisationPage.section')}
          sections={sections.map((key) => ({ key, label: t(`organisationPage.${key}`), icon: ICONS[key] }))}
          active={active}
          onSelect={(section) => setParams({ section })}
        />
        <Box style={{ flex: 1, minWidth: 0 }} maw={active === 'users' || active === 'general' ? 880 : 1040}>
          {active === 'general' ? (
            <GeneralSection key={organisation.data.id} organisation={organisation.data} />
          ) : active === 'users' ? (
            <MembersSection organisationId={id} currentUserId={userId} viewerIsOwner={isOwnerRole(role)} />
          ) : active === 'creditTransactions' ? (
            <CreditTransactionsSection />
          ) : (
            <TrajectoryTransactionsSection />
          )}
        </Box>
      </Flex>
    </Stack>
  );
}
