import { Outlet, useLocation, useNavigation } from 'react-router';
import { RouteFallback, useDelayed } from './RouteFallback.tsx';

/**
 * A layout's <Outlet>. While the next page's code or data loads the current page stays; after 200 ms (SPEC 9) a
 * skeleton takes its place, so a slow navigation is visible without flashing on fast ones.
 */
export function RouteOutlet() {
  const navigation = useNavigation();
  const location = useLocation();
  const changingPage = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  const slow = useDelayed(changingPage);
  return slow ? <RouteFallback /> : <Outlet />;
}
