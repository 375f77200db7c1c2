import { PlaceholderScreen } from '../../ui/placeholder-screen';

/** Built by issue 9; until then the route is declared and guarded. */
export function StuffScreen() {
  return <PlaceholderScreen titleKey="routes.settings_stuff" />;
}
