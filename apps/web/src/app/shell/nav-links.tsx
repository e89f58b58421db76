import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const LINKS = [
  { to: '/trajectories', key: 'nav.trajectories' },
  { to: '/extracts', key: 'nav.extracts' },
  { to: '/blueprints', key: 'nav.blueprints' },
  { to: '/trash', key: 'nav.trash' },
] as const;

function isActive(pathname: string, to: string): boolean {
  if (to === '/trajectories')
    return pathname.startsWith('/trajectories') || pathname.startsWith('/trajectory/');
  return pathname === to || pathname.startsWith(`${to}/`);
}

interface NavLinksProps {
  pathname: string;
  vertical?: boolean;
  onNavigate?: () => void;
}

/** Main navigation; the active link is underlined (spec part 2 §2). */
export function NavLinks({ pathname, vertical = false, onNavigate }: NavLinksProps) {
  const { t } = useTranslation();
  const links = LINKS.map((link) => {
    const active = isActive(pathname, link.to);
    return (
      <Anchor
        key={link.to}
        component={NavLink}
        to={link.to}
        className="nav-link"
        data-active={active}
        aria-current={active ? 'page' : undefined}
        c={active ? 'green.9' : 'dark.6'}
        fw={active ? 650 : 500}
        underline="never"
        py={vertical ? 'sm' : 6}
        px={vertical ? 'sm' : 10}
        size={vertical ? 'lg' : 'md'}
        onClick={onNavigate}
      >
        {t(link.key)}
      </Anchor>
    );
  });
  if (vertical) return <Stack gap={4}>{links}</Stack>;
  return <>{links}</>;
}
