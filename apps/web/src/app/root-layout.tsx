import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { SignInFailureNotice } from '../features/auth/components/sign-in-failure-notice';

const RELOAD_KEY = 'chunk-reload-at';

export function RootLayout() {
  useEffect(() => {
    // The app rendered: a later chunk failure may reload once more.
    const timer = setTimeout(() => sessionStorage.removeItem(RELOAD_KEY), 30_000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Suspense fallback={<PageLoader />}>
      <ScrollRestoration />
      <SignInFailureNotice />
      <Outlet />
    </Suspense>
  );
}
