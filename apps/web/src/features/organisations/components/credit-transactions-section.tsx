import {
  type CreditTransaction,
  creditDocumentEndpoints,
  endpointUrl,
  PAYMENT_STATUSES,
  showDateTime,
} from '@groeipad/core';
import { Badge, Button, Group } from '@mantine/core';
import { IconFileInvoice, IconFileText, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../../../components/record-list';
import { downloadFile } from '../../../lib/download';
import { formatCredits, formatEuro } from '../../../lib/money';
import { notifyApiFailure } from '../../../lib/notify';
import { valueLabel } from '../../../lib/value-label';
import { useCreditTransactions } from '../api/use-transactions';
import { PagedRecords } from './paged-records';

const STATUS_COLOURS: Record<string, string> = {
  paid: 'green',
  grant: 'teal',
  quote: 'blue',
  open: 'yellow',
  pending: 'yellow',
  authorized: 'yellow',
};

/** The label key of a payment status; null for one this version does not know (shown as "Onbekend (x)"). */
export function paymentStatusKey(status: string): string | null {
  return (PAYMENT_STATUSES as readonly string[]).includes(status) ? `creditsPage.status.${status}` : null;
}

/** What the status column says: a grant (D52, no payment) is "granted", not "paid". */
function transactionStatus(row: Pick<CreditTransaction, 'kind' | 'paymentStatus'>): string {
  return row.kind === 'grant' ? 'grant' : row.paymentStatus;
}

/**
 * The organisation's credit purchases and quotes (spec part 2 §2 "credit transactions"), 20 a page, each
 * with its quote and invoice to download (D25); who made it, or 'unknown' when that account is gone.
 */
export function CreditTransactionsSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const query = useCreditTransactions(page);
  const language = i18n.language;

  const download = (row: CreditTransaction, kind: 'quote' | 'invoice') => {
    const number = kind === 'quote' ? row.quoteId : row.invoiceId;
    const path = endpointUrl(creditDocumentEndpoints[kind].path, { id: row.id });
    downloadFile(path, `${t(`creditDocuments.${kind}`)}-${number}.pdf`).catch((error: unknown) =>
      notifyApiFailure(t, t('creditsPage.downloadError'), error),
    );
  };

  const columns: RecordColumn<CreditTransaction>[] = [
    {
      key: 'created',
      header: t('creditsPage.columns.created'),
      render: (row) => showDateTime(row.createdOn),
      nowrap: true,
    },
    {
      key: 'credits',
      header: t('creditsPage.columns.credits'),
      render: (row) => formatCredits(row.credits, language),
      numeric: true,
    },
    {
      key: 'price',
      header: t('creditsPage.columns.price'),
      render: (row) => formatEuro(row.price, language),
      numeric: true,
    },
    {
      key: 'status',
      header: t('creditsPage.columns.status'),
      nowrap: true,
      render: (row) => {
        const status = transactionStatus(row);
        const key = row.kind === 'grant' ? 'creditsPage.status.grant' : paymentStatusKey(status);
        return (
          <Badge
            variant="light"
            color={(key && STATUS_COLOURS[status]) || 'gray'}
            tt="none"
            styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
          >
            {valueLabel(t, key, status)}
          </Badge>
        );
      },
    },
    {
      key: 'user',
      header: t('creditsPage.columns.user'),
      render: (row) => row.userEmail ?? t('creditsPage.unknownUser'),
    },
    { key: 'reference', header: t('creditsPage.columns.reference'), render: (row) => row.reference ?? '' },
    {
      key: 'documents',
      header: t('creditsPage.columns.documents'),
      render: (row) => (
        <Group gap={4} wrap="wrap">
          {row.quoteId ? (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconFileText size={16} aria-hidden />}
              aria-label={t('creditsPage.downloadQuote', { number: row.quoteId })}
              onClick={() => download(row, 'quote')}
            >
              {t('creditDocuments.quote')}
            </Button>
          ) : null}
          {row.invoiceId ? (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconFileInvoice size={16} aria-hidden />}
              aria-label={t('creditsPage.downloadInvoice', { number: row.invoiceId })}
              onClick={() => download(row, 'invoice')}
            >
              {t('creditDocuments.invoice')}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <PagedRecords
      title={t('organisationPage.creditTransactions')}
      intro={t('creditsPage.transactionsIntro')}
      objectKey="objects.creditTransaction"
      emptyText={t('creditsPage.noTransactions')}
      query={query}
      page={page}
      onPage={setPage}
      columns={columns}
      rowKey={(row) => row.id}
      testId="credit-transaction"
      icon={<IconReceipt size={36} stroke={1.5} aria-hidden color="var(--mantine-color-green-8)" />}
    />
  );
}
