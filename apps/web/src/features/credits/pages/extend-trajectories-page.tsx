import {
  addToOrder,
  defaultPriceTier,
  type ExtensionResult,
  extensionCandidates,
  extensionWizardButtons,
  isAdminRole,
  isPrivateOrganisation,
  type OrderLine,
  type PriceTier,
  removeFromOrder,
  showDate,
  type TrajectoryListItem,
} from '@groeipad/core';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCircleCheck,
  IconLock,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { errorText } from '../../../lib/api-error';
import { formatCredits, formatEuro } from '../../../lib/money';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSession } from '../../../lib/use-session';
import { displayActiveUntil, listExpiry, localDay, useTrajectoryList } from '../../trajectories';
import { useExtendTrajectories, useOrderPrice } from '../api/use-extension';
import { usePrices } from '../api/use-prices';
import { SelectableRows } from '../components/selectable-rows';

/**
 * /extend-trajectories (spec part 2 §2, §4, §5; D24): select (a price tier, the trajectories with
 * PURCHASE, Add), overview (price per row, total, Remove, Previous, Extend) and done (orderComplete).
 * Admins and owners of a private organisation; the server checks every rule again.
 */
export function ExtendTrajectoriesPage() {
  const { t } = useTranslation();
  usePageTitle(t('screens.extendTrajectories'));
  const claims = useSession()?.claims;
  const allowed = !!claims && isPrivateOrganisation(claims) && isAdminRole(claims.user_role);
  const prices = usePrices();
  const list = useTrajectoryList(allowed);
  const title = (
    <Title order={1} size="h2">
      {t('screens.extendTrajectories')}
    </Title>
  );
  if (!allowed) {
    return (
      <Stack gap="lg" maw={720}>
        {title}
        <Alert color="gray" icon={<IconLock size={18} />} title={t('creditsPage.notAllowedTitle')}>
          {claims && !isPrivateOrganisation(claims)
            ? t('messages.privateOrganisationRequired')
            : t('extend.adminOnly')}
        </Alert>
      </Stack>
    );
  }
  if (prices.isError || list.isError) {
    return (
      <Stack gap="lg">
        {title}
        <FailureAlert
          message={
            prices.isError
              ? t('loadPricesError')
              : t('loadDocumentError', { document: t('trajectories.list.documentList') })
          }
          action={
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => {
                void prices.refetch();
                void list.refetch();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        />
      </Stack>
    );
  }
  if (!prices.data || !list.data)
    return (
      <Stack gap="lg" aria-busy>
        {title}
        <Skeleton h={360} radius="lg" />
      </Stack>
    );
  return (
    <Stack gap="lg">
      {title}
      <Wizard tiers={prices.data} trajectories={list.data} />
    </Stack>
  );
}

function Wizard({ tiers, trajectories }: { tiers: PriceTier[]; trajectories: TrajectoryListItem[] }) {
  const { t, i18n } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [step, setStep] = useState(0);
  const [months, setMonths] = useState(() => defaultPriceTier(tiers)?.months ?? 1);
  const [order, setOrder] = useState<OrderLine[]>([]);
  const [filter, setFilter] = useState('');
  // `?trajectory=<id>`: come from a trajectory's banner, it is chosen already (issue 21).
  const [params] = useSearchParams();
  const [candidateSelection, setCandidateSelection] = useState<Set<number>>(() => {
    const chosen = Number(params.get('trajectory'));
    return trajectories.some((item) => item.id === chosen) ? new Set([chosen]) : new Set();
  });
  const [orderSelection, setOrderSelection] = useState<Set<number>>(new Set());
  const [result, setResult] = useState<ExtensionResult | null>(null);
  const price = useOrderPrice(order);
  const extend = useExtendTrajectories();
  const today = localDay(new Date());
  const language = i18n.language;

  const byId = useMemo(() => new Map(trajectories.map((item) => [item.id, item])), [trajectories]);
  const candidates = extensionCandidates(trajectories, order, filter);
  const visible = candidates.map((item) => item.id);
  const buttons = extensionWizardButtons({
    order,
    candidateSelection: [...candidateSelection],
    visibleCandidates: visible,
    orderSelection: [...orderSelection],
  });
  const tierLabel = (tier: PriceTier) =>
    t('extend.tierOption', { count: tier.months, price: formatEuro(tier.credits, language) });
  const activeUntil = (item: Pick<TrajectoryListItem, 'activeUntil'>) =>
    listExpiry(item.activeUntil, today) === 'inactive'
      ? t('extend.inactive')
      : (displayActiveUntil(item.activeUntil) ?? t('extend.inactive'));

  const add = () => {
    const chosen = visible.filter((id) => candidateSelection.has(id));
    setOrder((current) => addToOrder(current, chosen, months));
    setCandidateSelection(new Set());
  };
  const remove = () => {
    setOrder((current) => removeFromOrder(current, [...orderSelection]));
    setOrderSelection(new Set());
  };
  const submit = () =>
    extend.mutate(order, {
      onSuccess: (answer) => {
        setResult(answer);
        setOrder([]);
        setStep(2);
      },
    });

  const lineCredits = (id: number) =>
    price.data?.trajectories.find((line) => line.trajectoryId === id)?.credits;
  const orderRows = order.flatMap((line) => {
    const item = byId.get(line.trajectoryId);
    return item ? [{ ...item, months: line.months }] : [];
  });

  return (
    <Stepper
      active={step}
      size="sm"
      allowNextStepsSelect={false}
      aria-label={t('screens.extendTrajectories')}
    >
      <Stepper.Step label={t('extend.steps.select')}>
        <Stack gap="md" mt="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <NativeSelect
              label={t('extend.duration')}
              data={tiers.map((tier) => ({ value: String(tier.months), label: tierLabel(tier) }))}
              value={String(months)}
              onChange={(event) => setMonths(Number(event.currentTarget.value))}
              w={260}
              maw="100%"
            />
            <TextInput
              label={t('extend.filter')}
              placeholder={t('extend.filterPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value)}
              w={320}
              maw="100%"
            />
          </Group>
          <Text size="sm" c="dark.5">
            {t('extend.vatNote')}
          </Text>
          <SelectableRows
            label={t('extend.candidates')}
            rows={candidates}
            selected={candidateSelection}
            onChange={setCandidateSelection}
            wide={wide}
            empty={t('extend.noCandidates')}
            testId="extend-candidate"
            columns={[
              {
                key: 'description',
                header: t('extend.columns.description'),
                render: (item) => item.description ?? '',
              },
              { key: 'activeUntil', header: t('extend.columns.activeUntil'), render: activeUntil },
            ]}
          />
          <Group justify="space-between" gap="sm">
            <Text size="sm" aria-live="polite" data-testid="order-count">
              {t('extend.inOrder', { count: order.length })}
            </Text>
            <Group gap="sm">
              <Button
                variant="light"
                leftSection={<IconPlus size={18} aria-hidden />}
                disabled={!buttons.add}
                onClick={add}
              >
                {t('extend.add')}
              </Button>
              <Button
                rightSection={<IconArrowRight size={18} aria-hidden />}
                disabled={!buttons.next}
                onClick={() => setStep(1)}
              >
                {t('extend.next')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Stepper.Step>

      <Stepper.Step label={t('extend.steps.overview')}>
        <Stack gap="md" mt="md">
          <SelectableRows
            label={t('extend.order')}
            rows={orderRows}
            selected={orderSelection}
            onChange={setOrderSelection}
            wide={wide}
            empty={t('extend.emptyOrder')}
            testId="extend-line"
            columns={[
              {
                key: 'description',
                header: t('extend.columns.description'),
                render: (item) => item.description ?? '',
              },
              {
                key: 'months',
                header: t('extend.columns.months'),
                render: (item) => t('creditsPage.months', { count: item.months }),
              },
              {
                key: 'price',
                header: t('extend.columns.price'),
                numeric: true,
                render: (item) => {
                  const credits = lineCredits(item.id);
                  return credits === undefined ? '…' : formatEuro(credits, language);
                },
              },
            ]}
          />
          <FailureAlert message={price.isError ? t('calculatePriceError') : null} />
          <Paper withBorder radius="md" p="sm" maw={360} ml="auto">
            <Group justify="space-between">
              <Text fw={700}>{t('extend.total')}</Text>
              <Text fw={700} data-testid="order-total">
                {price.data && order.length > 0 ? formatEuro(price.data.credits, language) : '—'}
              </Text>
            </Group>
            <Text size="xs" c="dark.4">
              {t('extend.totalHint')}
            </Text>
          </Paper>
          <FailureAlert
            title={t('extensionError')}
            message={extend.error ? errorText(t, extend.error) : null}
          />
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              onClick={() => setStep(0)}
            >
              {t('extend.previous')}
            </Button>
            <Group gap="sm">
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={18} aria-hidden />}
                disabled={!buttons.remove}
                onClick={remove}
              >
                {t('extend.remove')}
              </Button>
              <Button disabled={!buttons.extend || price.isError} loading={extend.isPending} onClick={submit}>
                {t('extend.extend')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Stepper.Step>

      <Stepper.Step label={t('extend.steps.done')}>
        <Stack gap="md" mt="md" maw={720}>
          <Alert color="green" icon={<IconCircleCheck size={20} />} role="status" title={t('orderComplete')}>
            {result
              ? t('extend.done', {
                  count: result.trajectories.length,
                  credits: formatCredits(result.credits, language),
                  balance: formatEuro(result.balance, language),
                })
              : null}
          </Alert>
          {result ? (
            <List spacing={4} size="sm" data-testid="extended">
              {result.trajectories.map((line) => (
                <List.Item key={line.trajectoryId}>
                  {t('extend.newDate', {
                    name: byId.get(line.trajectoryId)?.name ?? '',
                    date: showDate(line.activeUntil),
                  })}
                </List.Item>
              ))}
            </List>
          ) : null}
          <Group gap="lg">
            <Anchor component={Link} to="/trajectories">
              {t('creditsPage.toTrajectories')}
            </Anchor>
            <Anchor
              component="button"
              type="button"
              onClick={() => {
                setResult(null);
                setStep(0);
              }}
            >
              {t('extend.again')}
            </Anchor>
          </Group>
        </Stack>
      </Stepper.Step>
    </Stepper>
  );
}
