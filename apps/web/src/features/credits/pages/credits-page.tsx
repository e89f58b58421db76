import { isAdminRole, isOwnerRole, isPrivateOrganisation } from '@groeipad/core';
import { Alert, Anchor, Box, Button, Flex, Skeleton, Stack, Title } from '@mantine/core';
import { IconCoins, IconFileText, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { SectionMenu } from '../../../components/section-menu';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSession } from '../../../lib/use-session';
import { useDiscount } from '../api/use-discount';
import { usePrices } from '../api/use-prices';
import { ChargeCredits } from '../components/charge-credits';
import { OpenQuotes } from '../components/open-quotes';

type CreditsSection = 'charge' | 'quotes';

/**
 * /credits (spec part 2 §2): charge credits and open quotes, in a private organisation. The owner buys
 * (the chip is clickable only for them); an admin sees the open quotes; anyone else is told why not.
 */
export function CreditsPage() {
  const { t } = useTranslation();
  usePageTitle(t('creditsPage.title'));
  const claims = useSession()?.claims;
  const [params, setParams] = useSearchParams();
  const owner = !!claims && isOwnerRole(claims.user_role);
  const admin = !!claims && isAdminRole(claims.user_role);
  const allowed = !!claims && isPrivateOrganisation(claims) && admin;
  const sections: CreditsSection[] = owner ? ['charge', 'quotes'] : ['quotes'];
  const active = sections.find((section) => section === params.get('section')) ?? sections[0]!;

  const title = (
    <Title order={1} size="h2">
      {t('creditsPage.title')}
    </Title>
  );
  if (!allowed) {
    return (
      <Stack gap="lg" maw={720}>
        {title}
        <Alert color="gray" icon={<IconLock size={18} />} title={t('creditsPage.notAllowedTitle')}>
          {claims && !isPrivateOrganisation(claims)
            ? t('messages.privateOrganisationRequired')
            : t('creditsPage.ownerOnly')}
        </Alert>
        <Anchor component={Link} to="/">
          {t('common.goHome')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {title}
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        gap={{ base: 'md', sm: 'xl' }}
        align={{ base: 'stretch', sm: 'flex-start' }}
      >
        <SectionMenu
          label={t('creditsPage.menu')}
          selectLabel={t('creditsPage.section')}
          sections={sections.map((key) => ({
            key,
            label: t(`creditsPage.${key}`),
            icon: key === 'charge' ? IconCoins : IconFileText,
          }))}
          active={active}
          onSelect={(section) => setParams({ section })}
        />
        <Box style={{ flex: 1, minWidth: 0 }} maw={880}>
          {active === 'charge' ? (
            <Charge organisationId={claims?.organisation_id ?? null} />
          ) : (
            <OpenQuotes owner={owner} />
          )}
        </Box>
      </Flex>
    </Stack>
  );
}

/** The calculator needs the price tiers and the owner's discount first (loadPricesError otherwise). */
function Charge({ organisationId }: { organisationId: number | null }) {
  const { t } = useTranslation();
  const prices = usePrices();
  const discount = useDiscount(organisationId, true);
  if (prices.isError || discount.isError) {
    return (
      <FailureAlert
        message={t('loadPricesError')}
        action={
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={() => {
              void prices.refetch();
              void discount.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!prices.data || discount.data === undefined) return <Skeleton h={420} radius="lg" aria-busy />;
  return <ChargeCredits tiers={prices.data} discount={discount.data} />;
}
