import { CloseButton, Group, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input';
import { createdAfterProblem, type ExtractFilter } from '../extract-rows';

interface Props {
  value: ExtractFilter;
  onChange: (value: ExtractFilter) => void;
  /** yyyy-MM-dd in the business time zone: no later day may be chosen. */
  today: string;
}

/**
 * The extract list's filters (spec part 2 §2): text search on title and trajectory, made on or after a
 * day (dd/MM/yyyy, not in the future; from that day's midnight, D4) and the archived toggle (D37).
 */
export function ExtractFilters({ value, onChange, today }: Props) {
  const { t } = useTranslation();
  const problem = createdAfterProblem(value.createdAfter, today);
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" role="search" aria-label={t('extracts.filters')}>
      <TextInput
        label={t('extracts.search')}
        placeholder={t('extracts.searchPlaceholder')}
        type="search"
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          value.search ? (
            <CloseButton
              size="sm"
              aria-label={t('extracts.clearSearch')}
              onClick={() => onChange({ ...value, search: '' })}
            />
          ) : null
        }
        style={{ flex: '1 1 240px', minWidth: 0 }}
      />
      <DayInput
        label={t('extracts.createdAfter')}
        value={value.createdAfter}
        onChange={(day) => onChange({ ...value, createdAfter: day ?? null })}
        maxDate={today}
        placeholder={t('extracts.datePlaceholder')}
        clearable
        clearButtonProps={{ 'aria-label': t('extracts.clearCreatedAfter') }}
        error={problem ? t(`extracts.${problem}`) : null}
        w={{ base: '100%', xs: 200 }}
        popoverProps={{ withinPortal: true }}
      />
      <Switch
        label={t('extracts.showArchived')}
        checked={value.archived}
        onChange={(event) => onChange({ ...value, archived: event.currentTarget.checked })}
        style={{ flex: '0 1 auto', minWidth: 0, alignSelf: 'center', paddingTop: 20 }}
      />
    </Group>
  );
}
