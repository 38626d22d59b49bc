// The route table of spec §2.
import { Suspense, lazy } from 'react';
import { Navigate, type RouteObject, createBrowserRouter } from 'react-router-dom';
import { IdlenessPage } from './auth/IdlenessPage';
import { LoginPage } from './auth/LoginPage';
import { RegisterPage } from './auth/RegisterPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { RestorePage } from './auth/RestorePage';
import { SelectSpacePage } from './auth/SelectSpacePage';
import { SuccessPage } from './auth/SuccessPage';
import { MainLayout } from './layout/MainLayout';
import { RequireAuth } from './layout/RequireAuth';
import { setNavigator } from './navigation';
import { DisconnectPage } from './pages/DisconnectPage';
import { ErrorPage } from './pages/ErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { StructurePage } from '../modules/structure/StructurePage';
import { Loading } from './ui/StatePanels';
import { LicensedModule } from './layout/LicensedModule';

// Administration, profile and home load on first use (they are not on the start-up path).
const AdminPage = lazy(() => import('../modules/admin/AdminPage').then((m) => ({ default: m.AdminPage })));
const ProfilePage = lazy(() =>
  import('../modules/admin/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
const HomePage = lazy(() => import('../modules/admin/HomePage').then((m) => ({ default: m.HomePage })));

// The workbench (grid, Gantt, worker) loads on first use, off the start-up path; a page opened on
// a schedule's address starts loading it at once, beside the session checks, not after them
// (not the schedule's cyclogram page: the views' own chunk is what it waits for there).
const loadSchedule = () => import('../modules/schedule');
if (
  typeof window !== 'undefined' &&
  /\/schedule\//.test(window.location.pathname) &&
  !/\/schedule\/[^/]+\/cyclogram/.test(window.location.pathname)
)
  void loadSchedule();
const SchedulePage = lazy(() => loadSchedule().then((m) => ({ default: m.SchedulePage })));
const ProjectGridPage = lazy(() =>
  import('../modules/project-grid').then((m) => ({ default: m.ProjectGridPage })),
);
const DirectoriesPage = lazy(() =>
  import('../modules/directories').then((m) => ({ default: m.DirectoriesPage })),
);
const CalendarsPage = lazy(() => import('../modules/calendars').then((m) => ({ default: m.CalendarsPage })));

// The views (cyclogram, network diagram, indicators, scoreboard, pipeline): one chunk on first use.
const loadViews = () => import('../modules/views');
// Opened by its address (the cyclogram page): fetched beside the boot, not after it.
if (typeof window !== 'undefined' && /\/schedule\/[^/]+\/cyclogram/.test(window.location.pathname))
  void loadViews();
const ViewsPage = lazy(() => loadViews().then((m) => ({ default: m.ViewsPage })));
const ScoreboardPage = lazy(() => loadViews().then((m) => ({ default: m.ScoreboardPage })));
const PipelinePage = lazy(() => loadViews().then((m) => ({ default: m.PipelinePage })));
const TimesheetsPage = lazy(() =>
  import('../modules/wdp/TimesheetsPage').then((m) => ({ default: m.TimesheetsPage })),
);
const BimPage = lazy(() => import('../modules/bim/BimPage').then((m) => ({ default: m.BimPage })));
const CostrPage = lazy(() => import('../modules/costr/CostrPage').then((m) => ({ default: m.CostrPage })));
const ResourcesPage = lazy(() =>
  import('../modules/resources/ResourcesPage').then((m) => ({ default: m.ResourcesPage })),
);

// The attribute and view-settings screens load on first use too.
const AttributesPage = lazy(() =>
  import('../modules/attributes/AttributesPage').then((m) => ({ default: m.AttributesPage })),
);

const ViewSettingsPage = lazy(() =>
  import('../modules/attributes/ViewSettingsPage').then((m) => ({ default: m.ViewSettingsPage })),
);

// The print layout and reports: their own chunk, on first use.
const PrintPage = lazy(() => import('../modules/print/PrintPage').then((m) => ({ default: m.PrintPage })));
// The analytics dashboards (with highcharts): one chunk on first use.
const AnalyticsPage = lazy(() => import('../modules/analytics').then((m) => ({ default: m.AnalyticsPage })));

const loading = <Loading />;

/** Children of /{space_id}. Resources, schedule and grid read filter, filter_indicator and target. */
const spaceChildren: RouteObject[] = [
  { index: true, element: <StructurePage /> },
  {
    path: 'resources/:id?',
    element: (
      <Suspense fallback={loading}>
        <ResourcesPage />
      </Suspense>
    ),
  },
  {
    path: 'schedule/:id',
    element: (
      <Suspense fallback={loading}>
        <SchedulePage />
      </Suspense>
    ),
  },
  { path: 'schedule/:id/cyclogram', element: <Suspense fallback={loading}>{<ViewsPage />}</Suspense> },
  {
    path: 'attributes',
    element: (
      <Suspense fallback={loading}>
        <AttributesPage />
      </Suspense>
    ),
  },
  {
    path: 'calendars',
    element: (
      <Suspense fallback={loading}>
        <CalendarsPage />
      </Suspense>
    ),
  },
  {
    path: 'viewsettings',
    element: (
      <Suspense fallback={loading}>
        <ViewSettingsPage />
      </Suspense>
    ),
  },
  {
    path: 'home',
    element: (
      <Suspense fallback={loading}>
        <HomePage />
      </Suspense>
    ),
  },
  {
    path: 'grid/:project_id',
    element: (
      <Suspense fallback={loading}>
        <ProjectGridPage />
      </Suspense>
    ),
  },
  { path: 'scoreboard', element: <Suspense fallback={loading}>{<ScoreboardPage />}</Suspense> },
  { path: 'pipeline/:project_id', element: <Suspense fallback={loading}>{<PipelinePage />}</Suspense> },
  {
    path: 'directories',
    element: (
      <Suspense fallback={loading}>
        <DirectoriesPage />
      </Suspense>
    ),
  },
  {
    path: 'profile',
    element: (
      <Suspense fallback={loading}>
        <ProfilePage />
      </Suspense>
    ),
  },
  { path: 'analytics/:scope/:id', element: <Suspense fallback={loading}>{<AnalyticsPage />}</Suspense> },
  {
    path: 'timesheets',
    element: (
      <Suspense fallback={loading}>
        <TimesheetsPage />
      </Suspense>
    ),
  },
  {
    path: 'admin',
    element: (
      <Suspense fallback={loading}>
        <AdminPage />
      </Suspense>
    ),
  },
  {
    path: 'analytics/print/:value/:format',
    element: (
      <Suspense fallback={loading}>
        <PrintPage />
      </Suspense>
    ),
  },
  {
    path: 'costr',
    element: (
      <LicensedModule module="estimates">
        <Suspense fallback={loading}>
          <CostrPage />
        </Suspense>
      </LicensedModule>
    ),
  },
  {
    path: 'bim',
    element: (
      <LicensedModule module="bim">
        <Suspense fallback={loading}>
          <BimPage />
        </Suspense>
      </LicensedModule>
    ),
  },
];

export const routes: RouteObject[] = [
  { path: '/error', element: <ErrorPage /> },
  { path: '/disconnect', element: <DisconnectPage /> },
  { path: '/auth/login', element: <LoginPage /> },
  { path: '/auth/register', element: <RegisterPage /> },
  { path: '/auth/reset-password', element: <ResetPasswordPage /> },
  { path: '/auth/restore', element: <RestorePage /> },
  { path: '/auth/idleness', element: <IdlenessPage /> },
  {
    path: '/auth/select-space',
    element: (
      <RequireAuth>
        <SelectSpacePage />
      </RequireAuth>
    ),
  },
  { path: '/auth/success', element: <SuccessPage /> },
  { path: '/', element: <Navigate to="/auth/select-space" replace /> },
  { path: '/structure', element: <Navigate to="/auth/select-space" replace /> },
  {
    path: '/:spaceId',
    element: (
      <RequireAuth>
        <MainLayout />
      </RequireAuth>
    ),
    children: spaceChildren,
  },
  { path: '*', element: <NotFoundPage /> },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to, opts) => router.navigate(to, opts));
  return router;
}
