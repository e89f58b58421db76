import { Box, NativeSelect, NavLink, Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

export interface MenuSection<K extends string> {
  key: K;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

interface SectionMenuProps<K extends string> {
  /** The menu's accessible name. */
  label: string;
  /** The select's label on a phone. */
  selectLabel: string;
  sections: readonly MenuSection<K>[];
  active: K;
  onSelect: (section: K) => void;
}

/**
 * The side menu of a page with sections (the organisation page, /credits; spec part 2 §2): links to
 * `?section=…` beside the content, a select above it on a phone.
 */
export function SectionMenu<K extends string>({
  label,
  selectLabel,
  sections,
  active,
  onSelect,
}: SectionMenuProps<K>) {
  return (
    <>
      <Box component="nav" aria-label={label} visibleFrom="sm" w={240} style={{ flexShrink: 0 }}>
        <Stack gap={4}>
          {sections.map(({ key, label: text, icon: Icon }) => (
            <NavLink
              key={key}
              component={Link}
              to={`?section=${key}`}
              label={text}
              leftSection={<Icon size={18} aria-hidden />}
              active={key === active}
              aria-current={key === active ? 'page' : undefined}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </Stack>
      </Box>
      <NativeSelect
        hiddenFrom="sm"
        label={selectLabel}
        value={active}
        onChange={(event) => onSelect(event.currentTarget.value as K)}
        data={sections.map(({ key, label: text }) => ({ value: key, label: text }))}
      />
    </>
  );
}
