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
import { ModulePlaceholder } from './pages/ModulePlaceholder';
import { NotFoundPage } from './pages/NotFoundPage';
import { StructurePage } from '../modules/structure/StructurePage';

// The workbench (grid, Gantt, worker) loads on first use, off the start-up path; a page opened on
// a schedule's address starts loading it at once, beside the session checks, not after them.
const loadSchedule = () => import('../modules/schedule');
if (typeof window !== 'undefined' && /\/schedule\//.test(window.location.pathname)) void loadSchedule();
const SchedulePage = lazy(() => loadSchedule().then((m) => ({ default: m.SchedulePage })));

const loadAdmin = () => import('../modules/admin');
const AdminPage = lazy(() => loadAdmin().then((m) => ({ default: m.AdminPage })));
const HomePage = lazy(() => loadAdmin().then((m) => ({ default: m.HomePage })));
const ProfilePage = lazy(() => loadAdmin().then((m) => ({ default: m.ProfilePage })));

const loading = (
  <div className="center-row">
    <span className="spinner" />
  </div>
);

const placeholder = (path: string, module: string): RouteObject => ({
  path,
  element: <ModulePlaceholder module={module} />,
});

/** Children of /{space_id}. Resources, schedule and grid read filter, filter_indicator and target. */
const spaceChildren: RouteObject[] = [
  { index: true, element: <StructurePage /> },
  placeholder('resources/:id?', 'resources'),
  {
    path: 'schedule/:id',
    element: (
      <Suspense fallback={loading}>
        <SchedulePage />
      </Suspense>
    ),
  },
  placeholder('schedule/:id/cyclogram', 'cyclogram'),
  placeholder('attributes', 'attributes'),
  placeholder('calendars', 'calendars'),
  placeholder('viewsettings', 'viewsettings'),
  {
    path: 'home',
    element: (
      <Suspense fallback={loading}>
        <HomePage />
      </Suspense>
    ),
  },
  placeholder('grid/:project_id', 'grid'),
  placeholder('scoreboard', 'scoreboard'),
  placeholder('pipeline/:project_id', 'pipeline'),
  placeholder('directories', 'directories'),
  {
    path: 'profile',
    element: (
      <Suspense fallback={loading}>
        <ProfilePage />
      </Suspense>
    ),
  },
  placeholder('timesheets', 'timesheets'),
  {
    path: 'admin',
    element: (
      <Suspense fallback={loading}>
        <AdminPage />
      </Suspense>
    ),
  },
  placeholder('analytics/print/:value/:format', 'analytics'),
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
