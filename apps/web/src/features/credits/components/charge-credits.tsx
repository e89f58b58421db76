import {
  CREDIT_AMOUNT_MAX,
  CREDIT_AMOUNT_MIN,
  calculateCredits,
  checkCreditAmount,
  clampCreditAmount,
  fromCents,
  NAME_MAX,
  type PriceTier,
  priceBreakdown,
} from '@groeipad/core';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCreditCard, IconFileText, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { ApiError, errorText } from '../../../lib/api-error';
import { formatCredits, formatEuro } from '../../../lib/money';
import { followPurchase } from '../api/follow-redirect';
import { useCreditPurchase } from '../api/use-credit-purchase';

interface ChargeCreditsProps {
  tiers: readonly PriceTier[];
  /** The organisation's discount percentage (D23); 0 shows no discount lines. */
  discount: number;
}

/**
 * Charge credits (spec part 2 §2, §4, §5; D23): a calculator with a whole-number count per price tier
 * (non-numeric ignored, negatives 0), the amount following its total clamped to 10–1000 and editable,
 * the overview (discount and gross only with a discount, VAT 21 % after it, total), a reference, and
 * Cancel, Quote and Checkout. An amount outside 10–1000 shows `range` and the buttons do nothing; the
 * server refuses it too.
 */
export function ChargeCredits({ tiers, discount }: ChargeCreditsProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = i18n.language;
  const [counts, setCounts] = useState<string[]>(() => tiers.map(() => ''));
  const [amountText, setAmountText] = useState(String(CREDIT_AMOUNT_MIN));
  const [reference, setReference] = useState('');
  const [showRange, setShowRange] = useState(false);
  const [infoOpen, info] = useDisclosure(false);
  const checkout = useCreditPurchase('checkout');
  const quote = useCreditPurchase('quote');
  const busy = checkout.isPending || quote.isPending;

  const total = calculateCredits(tiers, counts);
  const amount = checkCreditAmount(amountText.trim());
  const price = amount.ok ? priceBreakdown(amount.amount, discount) : null;
  const rangeError =
    showRange && !amount.ok ? t('range', { min: CREDIT_AMOUNT_MIN, max: CREDIT_AMOUNT_MAX }) : null;
  const failure = checkout.error ?? quote.error;
  const serverAmountError =
    failure instanceof ApiError && failure.fields.some((field) => field.path === 'amount')
      ? t('range', { min: CREDIT_AMOUNT_MIN, max: CREDIT_AMOUNT_MAX })
      : null;

  const setCount = (index: number, value: string) => {
    const next = counts.map((count, i) => (i === index ? value : count));
    setCounts(next);
    // The amount follows the calculator (spec part 2 §4), clamped to 10–1000.
    setAmountText(String(clampCreditAmount(calculateCredits(tiers, next))));
    setShowRange(false);
  };

  const submit = (kind: 'checkout' | 'quote') => {
    if (!amount.ok) {
      setShowRange(true);
      return;
    }
    const body = {
      amount: amount.amount,
      reference: reference.trim() || null,
      ...(kind === 'checkout' ? { redirect: '/credits-success' } : {}),
    };
    const mutation = kind === 'checkout' ? checkout : quote;
    (kind === 'checkout' ? quote : checkout).reset();
    mutation.mutate(body, {
      onSuccess: (answer) =>
        followPurchase(answer, navigate, kind === 'checkout' ? '/credits-success' : '/quote-success'),
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={2} size="h3">
            {t('creditsPage.charge')}
          </Title>
          <Text size="sm" c="dark.5" mt={4}>
            {t('creditsPage.chargeIntro')}
          </Text>
        </div>
        <ActionIcon variant="subtle" color="gray" onClick={info.open} aria-label={t('creditsPage.infoTitle')}>
          <IconInfoCircle size={20} />
        </ActionIcon>
      </Group>

      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('creditsPage.calculator')}
          </Title>
          <Text size="sm" c="dark.5">
            {t('creditsPage.calculatorIntro')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: Math.min(3, tiers.length) }} spacing="sm">
            {tiers.map((tier, index) => (
              <TextInput
                key={tier.months}
                label={t('creditsPage.tier', {
                  count: tier.months,
                  credits: formatCredits(tier.credits, language),
                })}
                description={t('creditsPage.tierHint')}
                inputMode="numeric"
                value={counts[index]}
                onChange={(event) => setCount(index, event.currentTarget.value)}
                data-testid={`tier-${tier.months}`}
              />
            ))}
          </SimpleGrid>
          <Text size="sm" aria-live="polite" data-testid="calculator-total">
            {t('creditsPage.calculatorTotal', { credits: formatCredits(total, language) })}
          </Text>
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('creditsPage.overview')}
          </Title>
          <TextInput
            label={t('creditsPage.amount')}
            description={t('creditsPage.amountHint', { min: CREDIT_AMOUNT_MIN, max: CREDIT_AMOUNT_MAX })}
            inputMode="numeric"
            value={amountText}
            onChange={(event) => {
              setAmountText(event.currentTarget.value);
              setShowRange(true);
            }}
            error={rangeError ?? serverAmountError}
            maw={260}
            data-testid="credit-amount"
          />
          <Table aria-label={t('creditsPage.overview')} data-testid="credit-overview" maw={520}>
            <Table.Tbody>
              <OverviewRow
                label={t('creditsPage.lineAmount')}
                value={price ? formatEuro(fromCents(price.amountCents), language) : '—'}
              />
              {price?.showDiscount ? (
                <>
                  <OverviewRow
                    label={t('creditsPage.lineDiscount', { percent: price.discountPercent })}
                    value={`− ${formatEuro(fromCents(price.discountCents), language)}`}
                  />
                  <OverviewRow
                    label={t('creditsPage.lineGross')}
                    value={formatEuro(fromCents(price.netCents), language)}
                  />
                </>
              ) : null}
              <OverviewRow
                label={t('creditsPage.lineVat', { percent: price?.vatPercent ?? 21 })}
                value={price ? formatEuro(fromCents(price.vatCents), language) : '—'}
              />
              <OverviewRow
                label={t('creditsPage.lineTotal')}
                value={price ? formatEuro(fromCents(price.totalCents), language) : '—'}
                strong
              />
            </Table.Tbody>
          </Table>
          <TextInput
            label={t('creditsPage.reference')}
            description={t('creditsPage.referenceHint')}
            value={reference}
            maxLength={NAME_MAX}
            onChange={(event) => setReference(event.currentTarget.value)}
            onBlur={() => setReference((value) => value.trim())}
            maw={520}
          />
          <FailureAlert message={failure && !serverAmountError ? errorText(t, failure) : null} />
          <Group gap="sm" mt="xs">
            <Button variant="default" onClick={() => navigate(-1)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileText size={18} aria-hidden />}
              loading={quote.isPending}
              disabled={busy && !quote.isPending}
              onClick={() => submit('quote')}
            >
              {t('creditsPage.quote')}
            </Button>
            <Button
              leftSection={<IconCreditCard size={18} aria-hidden />}
              loading={checkout.isPending}
              disabled={busy && !checkout.isPending}
              onClick={() => submit('checkout')}
            >
              {t('creditsPage.checkout')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Modal
        opened={infoOpen}
        onClose={info.close}
        title={t('creditsPage.infoTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="xs">
          <Text size="sm">{t('creditsPage.infoCredits')}</Text>
          <Text size="sm">{t('creditsPage.infoVat')}</Text>
          <Text size="sm">{t('creditsPage.infoQuote')}</Text>
        </Stack>
      </Modal>
    </Stack>
  );
}

function OverviewRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 400}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}
