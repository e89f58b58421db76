import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotification } from '../../../lib/notifications';
import { takeSignInFailure } from '../sign-in-failure';

/**
 * A failed external sign-in went back to the page before it (spec part 1 §2). On the sign-in page its
 * form shows the error; on any other page this shows it as a notice, also when the browser brings
 * the page back from its back/forward cache.
 */
export function SignInFailureNotice() {
  const { t } = useTranslation();
  const tRef = useRef(t);
  tRef.current = t;
  useEffect(() => {
    const show = () => {
      if (window.location.pathname === '/login') return;
      const key = takeSignInFailure();
      if (!key) return;
      void showNotification({
        color: 'red',
        message: tRef.current(key),
        withBorder: true,
        closeButtonProps: { 'aria-label': tRef.current('common.close') },
      });
    };
    show();
    window.addEventListener('pageshow', show);
    return () => window.removeEventListener('pageshow', show);
  }, []);
  return null;
}
