import { Autocomplete, CloseButton, Group, NativeSelect, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTENTION_WEEKS } from '../progress';

interface Props {
  search: string;
  onSearch: (search: string) => void;
  showInactive: boolean;
  onShowInactive: (show: boolean) => void;
  /** "Needs attention" (issue 22): weeks without an assessment, or null for every trajectory. */
  attentionWeeks: number | null;
  onAttentionWeeks: (weeks: number | null) => void;
  groupBy: string | null;
  onGroupBy: (key: string | null) => void;
  /** Keys offered in the group-by box (recently used ones first). */
  groupBySuggestions: readonly string[];
  /** The group-by box was used: its suggestions may now be loaded. */
  onGroupByFocus: () => void;
}

/** Search (title and description), the group-by key, "needs attention" and the inactive toggle (spec part 1 §2, issue 22). */
export function ListControls(props: Props) {
  const { t } = useTranslation();
  const { search, onSearch, showInactive, onShowInactive } = props;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('trajectories.list.search')}
        placeholder={t('trajectories.list.searchPlaceholder')}
        type="search"
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          search ? (
            <CloseButton
              size="sm"
              aria-label={t('trajectories.list.clearSearch')}
              onClick={() => onSearch('')}
            />
          ) : null
        }
        style={{ flex: '1 1 240px', minWidth: 0 }}
      />
      <GroupByBox {...props} />
      <NativeSelect
        label={t('trajectories.list.attention.label')}
        description={t('trajectories.list.attention.description')}
        value={props.attentionWeeks === null ? '' : String(props.attentionWeeks)}
        onChange={(event) =>
          props.onAttentionWeeks(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
        }
        data={[
          { value: '', label: t('trajectories.list.attention.off') },
          ...ATTENTION_WEEKS.map((weeks) => ({
            value: String(weeks),
            label: t('trajectories.list.attention.weeks', { count: weeks }),
          })),
        ]}
        style={{ flex: '1 1 200px', minWidth: 0 }}
        maw={{ base: '100%', sm: 260 }}
      />
      <Switch
        label={t('trajectories.list.showInactive')}
        checked={showInactive}
        onChange={(event) => onShowInactive(event.currentTarget.checked)}
        style={{ flex: '0 0 auto', paddingBottom: 8 }}
      />
    </Group>
  );
}

/**
 * The group-by key: any information key may be typed (a data file's columns are free), and keys
 * used before and the blueprints' field names are suggested. The key applies on choosing a
 * suggestion, on Enter and when the box is left; emptying it (or its clear button, which Mantine
 * keeps out of the tab order) stops grouping.
 */
function GroupByBox({ groupBy, onGroupBy, groupBySuggestions, onGroupByFocus }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ for: string | null; text: string }>({
    for: groupBy,
    text: groupBy ?? '',
  });
  // Another key chosen elsewhere (another organisation): start again from it.
  const text = draft.for === groupBy ? draft.text : (groupBy ?? '');
  // Controlled, so that applying a key also closes the suggestions.
  const [opened, setOpened] = useState(false);
  const apply = (value: string) => {
    const key = value.trim() || null;
    setDraft({ for: key, text: key ?? '' });
    setOpened(false);
    if (key !== groupBy) onGroupBy(key);
  };
  return (
    <Autocomplete
      label={t('trajectories.list.groupBy')}
      placeholder={t('trajectories.list.groupByPlaceholder')}
      data={[...groupBySuggestions]}
      value={text}
      onChange={(value) => setDraft({ for: groupBy, text: value })}
      onOptionSubmit={apply}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onFocus={onGroupByFocus}
      onBlur={() => apply(text)}
      onKeyDown={(event) => {
        // With a suggestion highlighted, Enter chooses it (onOptionSubmit) instead.
        if (event.key === 'Enter' && !event.currentTarget.getAttribute('aria-activedescendant'))
          apply(event.currentTarget.value);
      }}
      clearable
      onClear={() => apply('')}
      limit={20}
      maxLength={255}
      maw={{ base: '100%', sm: 320 }}
      style={{ flex: '1 1 200px', minWidth: 0 }}
    />
  );
}
