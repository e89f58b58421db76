import { isFinalPaymentStatus } from '@groeipad/core';
import { Alert, Anchor, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileText } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatCredits, formatEuro } from '../../../lib/money';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCreditTransaction } from '../api/use-credit-transaction';

function ResultCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={640}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          {icon}
          <Title order={1} size="h2">
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

const success = (
  <ThemeIcon size={40} radius="xl" color="green" variant="light" aria-hidden>
    <IconCircleCheck size={26} />
  </ThemeIcon>
);

/**
 * /credits-success (spec part 2 §2): where the checkout returns the payer. With `?transaction=` it says
 * how the payment ended — paid (the credits are in), still being confirmed, or not completed — since a
 * checkout returns the payer whatever they chose.
 */
export function CreditsSuccessPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('screens.creditsSuccess'));
  const [params] = useSearchParams();
  const raw = params.get('transaction');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const transaction = useCreditTransaction(id);
  const links = (
    <Group gap="lg">
      <Anchor component={Link} to="/trajectories">
        {t('creditsPage.toTrajectories')}
      </Anchor>
      <Anchor component={Link} to="/extend-trajectories">
        {t('screens.extendTrajectories')}
      </Anchor>
    </Group>
  );
  const status = transaction.data?.paymentStatus;

  if (id === null || status === 'paid') {
    return (
      <ResultCard title={t('screens.creditsSuccess')} icon={success}>
        <Text role="status">
          {transaction.data
            ? t('creditsPage.boughtAmount', {
                credits: formatCredits(transaction.data.credits, i18n.language),
                price: formatEuro(transaction.data.price, i18n.language),
              })
            : t('creditsPage.bought')}
        </Text>
        {links}
      </ResultCard>
    );
  }
  if (transaction.isError) {
    return (
      <ResultCard title={t('screens.creditsSuccess')} icon={success}>
        <Alert color="red" role="alert">
          {t('loadDocumentError', { document: t('creditsPage.paymentDocument') })}
        </Alert>
        {links}
      </ResultCard>
    );
  }
  if (!status || !isFinalPaymentStatus(status)) {
    return (
      <ResultCard title={t('creditsPage.waitingTitle')} icon={<Loader size={32} aria-hidden />}>
        <Text role="status">{t('creditsPage.waiting')}</Text>
        {links}
      </ResultCard>
    );
  }
  return (
    <ResultCard
      title={t('creditsPage.notPaidTitle')}
      icon={
        <ThemeIcon size={40} radius="xl" color="orange" variant="light" aria-hidden>
          <IconAlertTriangle size={26} />
        </ThemeIcon>
      }
    >
      <Text role="status">{t('creditsPage.notPaid', { status: t(`creditsPage.status.${status}`) })}</Text>
      <Anchor component={Link} to="/credits">
        {t('creditsPage.tryAgain')}
      </Anchor>
    </ResultCard>
  );
}

/** /quote-success (spec part 2 §2): the quote was requested; it waits under open quotes. */
export function QuoteSuccessPage() {
  const { t } = useTranslation();
  usePageTitle(t('screens.quoteSuccess'));
  return (
    <ResultCard title={t('screens.quoteSuccess')} icon={success}>
      <Text role="status">{t('creditsPage.quoted')}</Text>
      <Group gap="lg">
        <Anchor component={Link} to="/credits?section=quotes">
          <Group gap={4} component="span">
            <IconFileText size={16} aria-hidden />
            {t('creditsPage.toQuotes')}
          </Group>
        </Anchor>
      </Group>
    </ResultCard>
  );
}
