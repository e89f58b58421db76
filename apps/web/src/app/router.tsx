import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page';
import { lazyPage } from '../lib/lazy-page';
import { ErrorPage } from './error-page';
import { RequireAuth, RequireSignedEula } from './require-auth';
import { RootLayout } from './root-layout';

// The frame (top bar, menus, TanStack Query, dates, modals) loads with the first page inside it; the
// sign-in page, the first page of every visit without a session, is part of the start chunk.
const AppFrame = lazyPage(() => import('./shell/app-frame'), 'AppFrame');

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
const OrganisationPage = lazyPage(
  () => import('../features/organisations/pages/organisation-page'),
  'OrganisationPage',
);
const ProfilePage = lazyPage(() => import('../features/profile/pages/profile-page'), 'ProfilePage');
const CreditsPage = lazyPage(() => import('../features/credits/pages/credits-page'), 'CreditsPage');
const CreditsSuccessPage = lazyPage(
  () => import('../features/credits/pages/purchase-result-pages'),
  'CreditsSuccessPage',
);
const QuoteSuccessPage = lazyPage(
  () => import('../features/credits/pages/purchase-result-pages'),
  'QuoteSuccessPage',
);
const ExtendTrajectoriesPage = lazyPage(
  () => import('../features/credits/pages/extend-trajectories-page'),
  'ExtendTrajectoriesPage',
);
const TestCheckoutPage = lazyPage(
  () => import('../features/credits/pages/test-checkout-page'),
  'TestCheckoutPage',
);
const BlueprintsPage = lazyPage(
  () => import('../features/blueprints/pages/blueprints-page'),
  'BlueprintsPage',
);
const TrajectoryBlueprintEditorPage = lazyPage(
  () => import('../features/blueprints/pages/trajectory-blueprint-editor-page'),
  'TrajectoryBlueprintEditorPage',
);
const TrajectoryDetailPage = lazyPage(
  () => import('../features/trajectories/detail/pages/trajectory-detail-page'),
  'TrajectoryDetailPage',
);
const TrajectoriesPage = lazyPage(
  () => import('../features/trajectories/list/pages/trajectories-page'),
  'TrajectoriesPage',
);
const MyProgressPage = lazyPage(
  () => import('../features/trajectories/my-progress/pages/my-progress-page'),
  'MyProgressPage',
);
const HomePage = lazyPage(() => import('./home-page'), 'HomePage');
const CohortPage = lazyPage(() => import('../features/trajectories/cohort/pages/cohort-page'), 'CohortPage');
const TrashPage = lazyPage(() => import('../features/trash/pages/trash-page'), 'TrashPage');
const ExtractsPage = lazyPage(() => import('../features/extracts/pages/extracts-page'), 'ExtractsPage');
const MentorPage = lazyPage(() => import('../features/mentor/pages/mentor-page'), 'MentorPage');
const NotFoundPage = lazyPage(() => import('../features/placeholder/pages/not-found-page'), 'NotFoundPage');

const CompetenceListEditorPage = lazyPage(
  () => import('../features/blueprints/pages/competence-list-editor-page'),
  'CompetenceListEditorPage',
);
const ReportEditorPage = lazyPage(
  () => import('../features/blueprints/pages/report-editor-page'),
  'ReportEditorPage',
);
const ExtractEditorPage = lazyPage(
  () => import('../features/blueprints/pages/extract-editor-page'),
  'ExtractEditorPage',
);
const DashboardEditorPage = lazyPage(
  () => import('../features/blueprints/pages/dashboard-editor-page'),
  'DashboardEditorPage',
);
const InformationEditorPage = lazyPage(
  () => import('../features/blueprints/pages/information-editor-page'),
  'InformationEditorPage',
);

/** Screens of the route table behind sign-in (spec part 2 §2). */
const signedIn: RouteObject[] = [
  // D58: the start page sends each person to their own front door.
  { index: true, element: <HomePage /> },
  { path: 'progress', element: <MyProgressPage /> },
  { path: 'trajectories', element: <TrajectoriesPage /> },
  { path: 'trajectories/cohort', element: <CohortPage /> },
  { path: 'trajectory/:id/*', element: <TrajectoryDetailPage /> },
  { path: 'blueprints', element: <BlueprintsPage /> },
  { path: 'blueprints/trajectories/:id', element: <TrajectoryBlueprintEditorPage /> },
  { path: 'blueprints/competencelists/:id', element: <CompetenceListEditorPage /> },
  { path: 'blueprints/reports/:id', element: <ReportEditorPage /> },
  { path: 'blueprints/extracts/:id', element: <ExtractEditorPage /> },
  { path: 'blueprints/dashboards/:id', element: <DashboardEditorPage /> },
  { path: 'blueprints/information/:id', element: <InformationEditorPage /> },
  { path: 'extracts', element: <ExtractsPage /> },
  { path: 'trash', element: <TrashPage /> },
  { path: 'organisations/:id', element: <OrganisationPage /> },
  { path: 'credits', element: <CreditsPage /> },
  { path: 'credits-success', element: <CreditsSuccessPage /> },
  { path: 'quote-success', element: <QuoteSuccessPage /> },
  { path: 'extend-trajectories', element: <ExtendTrajectoriesPage /> },
];

/** The route table of spec part 2 §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: 'login', element: <LoginPage /> },
      // A workplace mentor's link (issue 23): its own frame, no account, no navigation.
      { path: 'mentor', element: <MentorPage /> },
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
              // The built-in test checkout (D22): a payment page like Mollie's, reached by its id alone.
              { path: 'test-checkout/:paymentId', element: <TestCheckoutPage /> },
              {
                element: <RequireSignedEula />,
                children: [{ path: 'create-organisation', element: <CreateOrganisationPage /> }],
              },
              {
                element: <RequireAuth />,
                children: [{ path: 'profile', element: <ProfilePage /> }, ...signedIn],
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
