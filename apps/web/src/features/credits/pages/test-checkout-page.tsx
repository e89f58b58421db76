import { TEST_CHECKOUT_OUTCOMES } from '@groeipad/core';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { errorText } from '../../../lib/api-error';
import { formatEuro } from '../../../lib/money';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCompleteTestPayment, useTestPayment } from '../api/use-test-payment';

/**
 * /test-checkout/{id}: the built-in test checkout (D22, without MOLLIE_API_KEY), like Mollie's test mode —
 * no money moves; the payer chooses how the payment ends and goes back to where the purchase began.
 */
export function TestCheckoutPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('testCheckout.title'));
  const { paymentId = '' } = useParams();
  const payment = useTestPayment(paymentId);
  const complete = useCompleteTestPayment(paymentId);

  let body: React.ReactNode;
  if (payment.isError) {
    body = <FailureAlert message={t('loadDocumentError', { document: t('creditsPage.paymentDocument') })} />;
  } else if (!payment.data) {
    body = <Skeleton h={200} radius="lg" aria-busy />;
  } else if (payment.data.status !== 'open') {
    body = (
      <Alert color="gray" role="status" title={t('testCheckout.endedTitle')}>
        {t('testCheckout.ended', { status: t(`creditsPage.status.${payment.data.status}`) })}
        <Anchor component={Link} to="/credits" display="block" mt="xs">
          {t('creditsPage.tryAgain')}
        </Anchor>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md">
        <div>
          <Text size="sm" c="dark.5">
            {payment.data.description}
          </Text>
          <Text size="xl" fw={700} data-testid="test-payment-amount">
            {formatEuro(payment.data.amount, i18n.language)}
          </Text>
        </div>
        <Text size="sm">{t('testCheckout.choose')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {TEST_CHECKOUT_OUTCOMES.map((outcome) => (
            <Button
              key={outcome}
              color="green.8"
              // The other endings as plain buttons: coloured outlines fall short of WCAG AA contrast.
              variant={outcome === 'paid' ? 'filled' : 'default'}
              loading={complete.isPending && complete.variables === outcome}
              disabled={complete.isPending && complete.variables !== outcome}
              onClick={() =>
                complete.mutate(outcome, {
                  // Back to the shop as a payer returns from Mollie: a fresh page load.
                  onSuccess: (answer) => window.location.assign(answer.redirect),
                })
              }
            >
              {t(`testCheckout.outcome.${outcome}`)}
            </Button>
          ))}
        </SimpleGrid>
        <FailureAlert message={complete.error ? errorText(t, complete.error) : null} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={560} mx="auto">
      <Group gap="sm" wrap="nowrap">
        <IconFlask size={28} aria-hidden color="var(--mantine-color-green-8)" />
        <Title order={1} size="h2">
          {t('testCheckout.title')}
        </Title>
      </Group>
      <Alert color="yellow" variant="light">
        {t('testCheckout.notice')}
      </Alert>
      <Paper withBorder radius="lg" p="lg">
        {body}
      </Paper>
    </Stack>
  );
}
