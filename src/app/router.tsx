import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES, type RouteDef } from './routes';
import { lazyPage, PageSlot, type LazyPage } from './lazyPage';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { TabLayout } from './TabLayout';
import { PATHS, pathOf } from '../nav/paths';

// One lazy component for every page not built yet; it reads its title from the route name.
const ComingSoon = lazyPage(() => import('../components/ComingSoon'));

/** each route's page by its path, for preloading the one a launch opens */
const pages = new Map<string, LazyPage<object>>();

function element(def: RouteDef) {
  const Page = def.load ? lazyPage(def.load) : null;
  if (Page) pages.set(pathOf(def.name), Page);
  const page = Page ? <Page /> : <ComingSoon name={def.name} tab={!!def.tab} />;
  const slot = <PageSlot>{page}</PageSlot>;
  return def.auth ? <RequireAuth>{slot}</RequireAuth> : slot;
}

const toRoute = (def: RouteDef): RouteObject => ({ path: pathOf(def.name), element: element(def) });

/**
 * The app's router, made on first call: making it (history set-up, route tables, the first match)
 * is a task's worth at 4× CPU, and at module level it ran inside the last boot stage's evaluation
 * — one long task. src/boot/app.tsx makes it in a task of its own.
 */
let made: ReturnType<typeof createHashRouter> | null = null;
export function appRouter(): ReturnType<typeof createHashRouter> {
  made ??= makeRouter();
  return made;
}

function makeRouter(): ReturnType<typeof createHashRouter> {
  return createHashRouter([
    {
      element: <RootLayout />,
      children: [
        { element: <TabLayout />, children: ROUTES.filter((r) => r.tab).map(toRoute) },
        ...ROUTES.filter((r) => !r.tab).map(toRoute),
        { path: '/', element: <Navigate to={PATHS.home} replace /> },
        { path: '*', element: <Navigate to={PATHS.home} replace /> },
      ],
    },
  ]);
}

/**
 * Imports the page the location's hash opens (its chunks were preloaded beside the entry by
 * index.html's route preloader), so the first render has it; resolves at once for a path without one.
 */
export function preloadOpenedPage(hash: string): Promise<unknown> {
  const path = hash.replace(/^#/, '').split('?')[0];
  const page = pages.get(!path || path === '/' ? PATHS.home : path);
  return page ? page.preload() : Promise.resolve();
}
