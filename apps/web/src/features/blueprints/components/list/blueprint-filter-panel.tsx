import { BLUEPRINT_TYPES, type BlueprintFilter, type BlueprintType } from '@groeipad/core';
import {
  Badge,
  Button,
  Collapse,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconFilterOff } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount } from './blueprint-rows';
import { EMPTY_FILTER } from './stored-filter';

interface Props {
  filter: BlueprintFilter;
  onChange: (filter: BlueprintFilter) => void;
}

/** The filter panel (spec part 2 §2): type, name and description; collapsible, with a clear button. */
export function BlueprintFilterPanel({ filter, onChange }: Props) {
  const { t } = useTranslation();
  const active = activeFilterCount(filter);
  // Open from tablet width; on a phone only when a filter is set (the list comes first there).
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(() => wide || active > 0);
  const panelId = useId();
  const types = BLUEPRINT_TYPES.map((value) => ({ value, label: t(`blueprintList.types.${value}`) })).sort(
    (a, b) => a.label.localeCompare(b.label),
  );

  return (
    <Paper
      withBorder
      radius="lg"
      px={{ base: 'sm', sm: 'md' }}
      py="xs"
      component="section"
      aria-labelledby={`${panelId}-title`}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Title order={2} size="h5" id={`${panelId}-title`}>
            {t('blueprintList.filter.title')}
          </Title>
          {active > 0 ? (
            <Badge size="sm" variant="light" color="green">
              {t('blueprintList.filter.active', { count: active })}
            </Badge>
          ) : null}
        </Group>
        <Group gap={4}>
          <Button
            variant="subtle"
            size="compact-sm"
            color="dark"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            disabled={active === 0}
            onClick={() => onChange(EMPTY_FILTER)}
          >
            {t('blueprintList.filter.clear')}
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            color="dark"
            aria-expanded={open}
            aria-controls={panelId}
            rightSection={
              open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
            }
            onClick={() => setOpen((value) => !value)}
          >
            {open ? t('blueprintList.filter.hide') : t('blueprintList.filter.show')}
          </Button>
        </Group>
      </Group>
      <Collapse expanded={open} id={panelId}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" pt="xs" pb={4}>
          <NativeSelect
            label={t('blueprintList.fields.type')}
            value={filter.type ?? ''}
            onChange={(event) =>
              onChange({ ...filter, type: (event.currentTarget.value as BlueprintType | '') || null })
            }
            data={[{ value: '', label: t('blueprintList.filter.allTypes') }, ...types]}
          />
          <TextInput
            type="search"
            label={t('blueprintList.fields.name')}
            value={filter.name}
            onChange={(event) => onChange({ ...filter, name: event.currentTarget.value })}
          />
          <TextInput
            type="search"
            label={t('blueprintList.fields.description')}
            value={filter.description}
            onChange={(event) => onChange({ ...filter, description: event.currentTarget.value })}
          />
        </SimpleGrid>
      </Collapse>
    </Paper>
  );
}
