import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useMyProgress } from '../../features/trajectories';

const PROGRESS = { to: '/progress', key: 'nav.progress' } as const;
const TEACHER_LINKS = [
  { to: '/trajectories', key: 'nav.trajectories' },
  { to: '/extracts', key: 'nav.extracts' },
  { to: '/blueprints', key: 'nav.blueprints' },
  { to: '/trash', key: 'nav.trash' },
] as const;

/**
 * D58: who lands on "Mijn voortgang" (manages no trajectory) sees it and the progress reports, not the
 * teacher's list, templates and trash; a teacher who also follows a trajectory gets "Mijn voortgang" too.
 * Until the server answered, no links (rather than the wrong ones for a moment).
 */
function useLinks() {
  const progress = useMyProgress();
  if (progress.isPending) return [];
  const data = progress.data;
  if (data?.landing === 'progress') return [PROGRESS, TEACHER_LINKS[1]];
  return data && data.trajectories.length > 0 ? [PROGRESS, ...TEACHER_LINKS] : [...TEACHER_LINKS];
}

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
  const links = useLinks().map((link) => {
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
