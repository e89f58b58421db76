import { creditDocumentEndpoints, endpointUrl, NAME_MAX, type Quote, showDateTime } from '@groeipad/core';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconExternalLink, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { LoadFailure } from '../../../components/load-failure';
import { errorText } from '../../../lib/api-error';
import { openFileInNewTab } from '../../../lib/download';
import { formatCredits, formatEuro } from '../../../lib/money';
import { notifyApiFailure } from '../../../lib/notify';
import { followPurchase } from '../api/follow-redirect';
import { useAcceptQuote, useOpenQuotes } from '../api/use-credit-purchase';

/**
 * Open quotes (spec part 2 §2; D25): a card per quote with its date, credits, price, the quote to open
 * in a new tab, an editable reference and Accept, which sends the quote itself to checkout for exactly
 * its amount. Only the owner accepts; an admin sees the cards without the button.
 */
export function OpenQuotes({ owner }: { owner: boolean }) {
  const { t } = useTranslation();
  const quotes = useOpenQuotes();

  let body: React.ReactNode;
  if (quotes.isError) {
    body = (
      <LoadFailure
        message={t('loadDocumentsError', { document: t('creditsPage.quotesDocument') })}
        query={quotes}
      />
    );
  } else if (!quotes.data) {
    body = <Skeleton h={160} radius="lg" aria-busy />;
  } else if (quotes.data.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs" ta="center" role="status">
          <IconFileText size={36} stroke={1.5} aria-hidden color="var(--mantine-color-green-8)" />
          <Text size="sm" c="dark.4">
            {t('creditsPage.noQuotes')}
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {quotes.data.map((quote) => (
          <QuoteCard key={quote.id} quote={quote} owner={owner} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t('creditsPage.quotes')}
        </Title>
        <Text size="sm" c="dark.5" mt={4}>
          {t('creditsPage.quotesIntro')}
        </Text>
      </div>
      {body}
    </Stack>
  );
}

function QuoteCard({ quote, owner }: { quote: Quote; owner: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptQuote();
  const [reference, setReference] = useState(quote.reference ?? '');
  const number = quote.quoteId ?? String(quote.id);

  const open = () =>
    openFileInNewTab(endpointUrl(creditDocumentEndpoints.quote.path, { id: quote.id })).catch(
      (error: unknown) => notifyApiFailure(t, t('creditsPage.downloadError'), error),
    );

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="article"
      aria-label={t('creditsPage.quoteTitle', { number })}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={700}>{t('creditsPage.quoteTitle', { number })}</Text>
            <Text size="sm" c="dark.5">
              {t('creditsPage.quoteDate', {
                date: showDateTime(quote.createdOn),
              })}
            </Text>
          </div>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconExternalLink size={16} aria-hidden />}
            onClick={() => void open()}
            aria-label={t('creditsPage.openQuote', { number })}
          >
            {t('creditsPage.download')}
          </Button>
        </Group>
        <Group gap="xl">
          <div>
            <Text size="xs" c="dark.4" fw={600}>
              {t('creditsPage.columns.credits')}
            </Text>
            <Text>{formatCredits(quote.credits, i18n.language)}</Text>
          </div>
          <div>
            <Text size="xs" c="dark.4" fw={600}>
              {t('creditsPage.quotePrice')}
            </Text>
            <Text>{formatEuro(quote.price, i18n.language)}</Text>
          </div>
        </Group>
        <TextInput
          label={t('creditsPage.reference')}
          value={reference}
          maxLength={NAME_MAX}
          onChange={(event) => setReference(event.currentTarget.value)}
          onBlur={() => setReference((value) => value.trim())}
          disabled={!owner}
        />
        <FailureAlert message={accept.error ? errorText(t, accept.error) : null} />
        {owner ? (
          <Group justify="flex-end">
            <Button
              leftSection={<IconCheck size={18} aria-hidden />}
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(
                  {
                    id: quote.id,
                    amount: quote.credits,
                    reference: reference.trim() || null,
                    redirect: '/credits-success',
                  },
                  { onSuccess: (answer) => followPurchase(answer, navigate, '/credits-success') },
                )
              }
            >
              {t('creditsPage.accept')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
