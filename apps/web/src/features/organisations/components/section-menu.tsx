import { Box, NativeSelect, NavLink, Stack } from '@mantine/core';
import { IconBuilding, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The sections of the organisation page (spec part 2 §2; the two transaction lists come later). */
export const ORGANISATION_SECTIONS = ['general', 'users'] as const;
export type OrganisationSection = (typeof ORGANISATION_SECTIONS)[number];

const ICONS = { general: IconBuilding, users: IconUsers } satisfies Record<OrganisationSection, unknown>;

interface SectionMenuProps {
  sections: readonly OrganisationSection[];
  active: OrganisationSection;
  onSelect: (section: OrganisationSection) => void;
}

/** Side menu of the organisation page; a select above the content on a phone. */
export function SectionMenu({ sections, active, onSelect }: SectionMenuProps) {
  const { t } = useTranslation();
  return (
    <>
      <Box
        component="nav"
        aria-label={t('organisationPage.menu')}
        visibleFrom="sm"
        w={220}
        style={{ flexShrink: 0 }}
      >
        <Stack gap={4}>
          {sections.map((section) => {
            const Icon = ICONS[section];
            return (
              <NavLink
                key={section}
                component={Link}
                to={`?section=${section}`}
                label={t(`organisationPage.${section}`)}
                leftSection={<Icon size={18} aria-hidden />}
                active={section === active}
                aria-current={section === active ? 'page' : undefined}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
          })}
        </Stack>
      </Box>
      <NativeSelect
        hiddenFrom="sm"
        label={t('organisationPage.section')}
        value={active}
        onChange={(event) => onSelect(event.currentTarget.value as OrganisationSection)}
        data={sections.map((section) => ({ value: section, label: t(`organisationPage.${section}`) }))}
      />
    </>
  );
}
