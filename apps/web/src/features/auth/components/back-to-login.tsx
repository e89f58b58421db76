import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The link back to /login under the sign-in area's cards. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/login">
      {t('auth.backToLogin')}
    </Anchor>
  );
}
