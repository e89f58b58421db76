import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { ErrorPage } from './error-page';
import { RequireAuth, RequireSignedEula } from './require-auth';
import { RootLayout } from './root-layout';
import { AppFrame } from './shell/app-frame';

const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page'), 'RegisterPage');
const ActivatePage = lazyPage(() => import('../features/auth/pages/activate-page'), 'ActivatePage');
const RequestPasswordResetPage = lazyPage(
  () => import('../features/auth/pages/request-password-reset-page'),
  'RequestPasswordResetPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const OAuthCallbackPage = lazyPage(
  () => import('../features/auth/pages/oauth-callback-page'),
  'OAuthCallbackPage',
);
const CreateOrganisationPage = lazyPage(
  () => import('../features/organisations/pages/create-organisation-page'),
  'CreateOrganisationPage',
);
const ProfilePage = lazyPage(() => import('../features/profile/pages/profile-page'), 'ProfilePage');
const ComingSoonPage = lazyPage(
  () => import('../features/placeholder/pages/coming-soon-page'),
  'ComingSoonPage',
);
const NotFoundPage = lazyPage(() => import('../features/placeholder/pages/not-found-page'), 'NotFoundPage');

const BLUEPRINT_EDITORS = [
  { path: 'competencelists', titleKey: 'screens.competenceListEditor' },
  { path: 'reports', titleKey: 'screens.reportEditor' },
  { path: 'extracts', titleKey: 'screens.extractEditor' },
  { path: 'trajectories', titleKey: 'screens.trajectoryBlueprintEditor' },
  { path: 'dashboards', titleKey: 'screens.dashboardEditor' },
  { path: 'information', titleKey: 'screens.informationEditor' },
] as const;

/** Screens of the route table that arrive in a later release. */
const upcoming: RouteObject[] = [
  { path: 'trajectories', element: <ComingSoonPage titleKey="nav.trajectories" /> },
  { path: 'trajectory/:id/*', element: <ComingSoonPage titleKey="screens.trajectory" numericId /> },
  { path: 'blueprints', element: <ComingSoonPage titleKey="nav.blueprints" /> },
  ...BLUEPRINT_EDITORS.map(({ path, titleKey }) => ({
    path: `blueprints/${path}/:id`,
    element: <ComingSoonPage titleKey={titleKey} numericId silentInvalidId={path === 'information'} />,
  })),
  { path: 'extracts', element: <ComingSoonPage titleKey="nav.extracts" /> },
  { path: 'trash', element: <ComingSoonPage titleKey="nav.trash" /> },
  { path: 'organisations/:id', element: <ComingSoonPage titleKey="screens.organisation" numericId /> },
  { path: 'credits', element: <ComingSoonPage titleKey="screens.credits" /> },
  { path: 'credits-success', element: <ComingSoonPage titleKey="screens.creditsSuccess" /> },
  { path: 'quote-success', element: <ComingSoonPage titleKey="screens.quoteSuccess" /> },
  { path: 'extend-trajectories', element: <ComingSoonPage titleKey="screens.extendTrajectories" /> },
];

/** The route table of spec part 2 §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { index: true, element: <Navigate to="/trajectories" replace /> },
      {
        element: <AppFrame />,
        children: [
          {
            errorElement: <ErrorPage framed />,
            children: [
              { path: 'register', element: <RegisterPage /> },
              { path: 'activate', element: <ActivatePage /> },
              { path: 'request-password-reset', element: <RequestPasswordResetPage /> },
              { path: 'reset-password', element: <ResetPasswordPage /> },
              { path: 'oauth2/code/:provider', element: <OAuthCallbackPage /> },
              {
                element: <RequireSignedEula />,
                children: [{ path: 'create-organisation', element: <CreateOrganisationPage /> }],
              },
              {
                element: <RequireAuth />,
                children: [{ path: 'profile', element: <ProfilePage /> }, ...upcoming],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
