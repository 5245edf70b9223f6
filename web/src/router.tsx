import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { authStore } from './auth/auth-store';
import { AppLayout } from './layout/AppLayout';
import { AuthLayout } from './layout/AuthLayout';
import { SignInPage, safeNext } from './pages/auth/SignInPage';
import { orgSearch } from './pages/org/org-tabs';

/** `?token=` of the mailed links (verify, reset, invitation) as a string, whatever it looks like. */
const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  search.token === undefined ? {} : { token: String(search.token) };

const rootRoute = createRootRoute({ component: Outlet });

const authLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: AuthLayout });
const signIn = createRoute({
  getParentRoute: () => authLayout,
  path: 'sign-in',
  component: SignInPage,
  validateSearch: (s: Record<string, unknown>): { next?: string } =>
    typeof s.next === 'string' ? { next: s.next } : {},
  // Already signed in: straight on to the console.
  beforeLoad: ({ search }) => {
    if (authStore.token()) throw redirect({ to: safeNext(search.next) });
  },
});
const signUp = createRoute({
  getParentRoute: () => authLayout,
  path: 'sign-up',
  component: lazyRouteComponent(() => import('./pages/auth/SignUpPage'), 'SignUpPage'),
});
const forgot = createRoute({
  getParentRoute: () => authLayout,
  path: 'forgot-password',
  component: lazyRouteComponent(() => import('./pages/auth/TokenPages'), 'ForgotPasswordPage'),
});
const reset = createRoute({
  getParentRoute: () => authLayout,
  path: 'reset-password',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./pages/auth/TokenPages'), 'ResetPasswordPage'),
});
const verify = createRoute({
  getParentRoute: () => authLayout,
  path: 'verify-email',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./pages/auth/TokenPages'), 'VerifyEmailPage'),
});
const accept = createRoute({
  getParentRoute: () => authLayout,
  path: 'accept-invite',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./pages/auth/SignUpPage'), 'AcceptInvitePage'),
});

const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'console',
  component: AppLayout,
  beforeLoad: ({ location }) => {
    if (!authStore.token())
      throw redirect({ to: '/sign-in', search: location.href === '/' ? {} : { next: location.href } });
  },
});
const home = createRoute({
  getParentRoute: () => appLayout,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/sessions' });
  },
});
const devices = createRoute({
  getParentRoute: () => appLayout,
  path: 'devices',
  component: lazyRouteComponent(() => import('./pages/devices/DevicesPage'), 'DevicesPage'),
});
const sessions = createRoute({
  getParentRoute: () => appLayout,
  path: 'sessions',
  component: lazyRouteComponent(() => import('./pages/sessions/SessionsPage'), 'SessionsPage'),
});
const sandbox = createRoute({
  getParentRoute: () => appLayout,
  path: 'sessions/$sessionId',
  component: lazyRouteComponent(() => import('./pages/sessions/SandboxPage'), 'SandboxPage'),
});
const apps = createRoute({
  getParentRoute: () => appLayout,
  path: 'apps',
  component: lazyRouteComponent(() => import('./pages/apps/AppsPage'), 'AppsPage'),
});
const app = createRoute({
  getParentRoute: () => appLayout,
  path: 'apps/$appId',
  component: lazyRouteComponent(() => import('./pages/apps/AppPage'), 'AppPage'),
});
const tests = createRoute({
  getParentRoute: () => appLayout,
  path: 'tests',
  component: lazyRouteComponent(() => import('./pages/tests/SuitesPage'), 'SuitesPage'),
});
const suite = createRoute({
  getParentRoute: () => appLayout,
  path: 'tests/suites/$suiteId',
  component: lazyRouteComponent(() => import('./pages/tests/SuitePage'), 'SuitePage'),
});
const testCase = createRoute({
  getParentRoute: () => appLayout,
  path: 'tests/cases/$caseId',
  component: lazyRouteComponent(() => import('./pages/tests/CasePage'), 'CasePage'),
});
const run = createRoute({
  getParentRoute: () => appLayout,
  path: 'runs/$runId',
  component: lazyRouteComponent(() => import('./pages/runs/RunPage'), 'RunPage'),
});
const suiteRun = createRoute({
  getParentRoute: () => appLayout,
  path: 'suite-runs/$suiteRunId',
  component: lazyRouteComponent(() => import('./pages/runs/SuiteRunPage'), 'SuiteRunPage'),
});
const ciRun = createRoute({
  getParentRoute: () => appLayout,
  path: 'ci/runs/$runId',
  component: lazyRouteComponent(() => import('./pages/runs/CiRunPage'), 'CiRunPage'),
});
const multiRun = createRoute({
  getParentRoute: () => appLayout,
  path: 'ci/multi-suite-runs/$multiRunId',
  component: lazyRouteComponent(() => import('./pages/runs/MultiSuiteRunPage'), 'MultiSuiteRunPage'),
});
const organization = createRoute({
  getParentRoute: () => appLayout,
  path: 'organization',
  validateSearch: orgSearch,
  component: lazyRouteComponent(() => import('./pages/org/OrganizationPage'), 'OrganizationPage'),
});

const routeTree = rootRoute.addChildren([
  authLayout.addChildren([signIn, signUp, forgot, reset, verify, accept]),
  appLayout.addChildren([
    home,
    devices,
    sessions,
    sandbox,
    apps,
    app,
    tests,
    suite,
    testCase,
    run,
    suiteRun,
    ciRun,
    multiRun,
    organization,
  ]),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
