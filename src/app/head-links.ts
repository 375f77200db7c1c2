/**
 * The tab's icon and the club's manifest (its name, colours and icons for an install), linked once the first
 * screen is shown rather than in index.html: a browser fetches both, and the manifest's icon, as soon as it
 * reads the links, and on a phone's slow network those requests took bandwidth from the week's first paint.
 * The install offer waits for the manifest anyway (state/install-offer.ts keeps it when it comes).
 */
import { BUNDLED_LOGO } from '../ui/bundled-logo';

/** Points the page's link `rel` at `href`, adding it when index.html has none. */
function setLink(rel: string, href: string, type?: string): void {
  const link =
    document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`) ?? document.createElement('link');
  link.rel = rel;
  if (type) link.type = type;
  link.href = href;
  if (!link.isConnected) document.head.append(link);
}

export function addIconAndManifest(): void {
  // index.html's icon is an empty data address until now: without any, a browser asks for /favicon.ico.
  setLink('icon', BUNDLED_LOGO, 'image/svg+xml');
  // Served per club by the server (server/modules/club-app/club-web.routes.ts), as is the iOS icon in index.html.
  setLink('manifest', '/manifest.webmanifest');
}
