import { isAdminRole, isOwnerRole } from '@groeipad/core';
import { ActionIcon, Avatar, Button, Menu, Text } from '@mantine/core';
import { IconBuilding, IconLogin, IconLogout, IconLogout2, IconUser, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/use-logout';
import { useLogoutAll } from '../../features/auth/api/use-logout-all';
import { useSession } from '../../lib/use-session';

/**
 * The signed-in user's menu. The organisation's owner reaches its settings here and every ADMIN (owners
 * included) its users (D58), as the token's organisation role says: the same rule the organisation page
 * and the server apply to those sections.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const logout = useLogout();
  const logoutAll = useLogoutAll();

  if (!session) {
    return (
      <Button
        component={Link}
        to="/login"
        variant="light"
        size="compact-md"
        leftSection={<IconLogin size={16} />}
        className="icon-from-xs"
      >
        {t('auth.login.submit')}
      </Button>
    );
  }
  const { claims } = session;
  const toLogin = () => navigate('/login', { replace: true });

  return (
    <Menu position="bottom-end" withArrow width={240}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('userMenu.open')}>
          <Avatar size={32} radius="xl" color="green" variant="filled">
            <IconUser size={18} aria-hidden />
          </Avatar>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate>
            {claims.sub}
          </Text>
        </Menu.Label>
        {isOwnerRole(claims.user_role) && claims.organisation_id !== null ? (
          <Menu.Item
            leftSection={<IconBuilding size={16} />}
            onClick={() => navigate(`/organisations/${claims.organisation_id}`)}
          >
            {t('userMenu.organisation')}
          </Menu.Item>
        ) : null}
        {isAdminRole(claims.user_role) && claims.organisation_id !== null ? (
          <Menu.Item
            leftSection={<IconUsers size={16} />}
            onClick={() => navigate(`/organisations/${claims.organisation_id}?section=users`)}
          >
            {t('userMenu.users')}
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate('/profile')}>
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          onClick={() => logout.mutate(undefined, { onSettled: toLogin })}
        >
          {t('userMenu.logout')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout2 size={16} />}
          color="red"
          onClick={() => logoutAll.mutate(undefined, { onSettled: toLogin })}
        >
          {t('userMenu.logoutAll')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
