import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES, type RouteDef } from './routes';
import { lazyPage, PageSlot } from './lazyPage';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { TabLayout } from './TabLayout';
import { PATHS, pathOf } from '../nav/paths';

// One lazy component for every page not built yet; it reads its title from the route name.
const ComingSoon = lazyPage(() => import('../components/ComingSoon'));

function element(def: RouteDef) {
  const Page = def.load ? lazyPage(def.load) : null;
  const page = Page ? <Page /> : <ComingSoon name={def.name} tab={!!def.tab} />;
  const slot = <PageSlot>{page}</PageSlot>;
  return def.auth ? <RequireAuth>{slot}</RequireAuth> : slot;
}

const toRoute = (def: RouteDef): RouteObject => ({ path: pathOf(def.name), element: element(def) });

export const router = createHashRouter([
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
