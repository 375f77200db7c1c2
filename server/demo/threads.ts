import { MEMBERS } from './club';
import type { DemoClient } from './demo-client';
import type { PlannedEvent } from './event-plan';

const MINUTE = 60_000;
const m = (i: number) => MEMBERS[i]?.username as string;

/**
 * What the club says under next week's sea day (docs/rules.md#talking-around-an-event), as its members would in
 * the hours before the demo's « now »: who brings the trailer, car sharing from Quimper, the organiser's word.
 */
const SEA_DAY_TALK: Array<[username: string, text: string]> = [
  [m(18), 'Qui amène la remorque ? Je peux prendre deux kayaks sur ma galerie.'],
  ['erwan.kerboul', 'La remorque part du club à 8 h 30. Rendez-vous au port du Moulin Blanc à 9 h 15.'],
  [m(19), 'Covoiturage depuis Quimper : il me reste deux places, départ 8 h place de la Résistance.'],
  [m(20), 'Je prends une place, merci ! Les marées : https://maree.info/100'],
];

/** The thread of each upcoming sea day, written a quarter of an hour apart, ending before `now`. */
export async function talkAroundSeaDays(
  api: DemoClient,
  clock: { now: Date },
  created: ReadonlyMap<PlannedEvent, string>,
  tokenOf: (username: string) => string,
): Promise<void> {
  const now = clock.now;
  const upcoming = [...created].filter(([event]) => event.model === 'seaDay' && event.subscribers.length > 0);
  for (const [event, uuid] of upcoming) {
    if (!event.subscribers.some(([username]) => username === m(18))) continue;
    clock.now = new Date(now.getTime() - SEA_DAY_TALK.length * 15 * MINUTE);
    for (const [username, text] of SEA_DAY_TALK) {
      await api.call(tokenOf(username), 'POST', `/api/event/${uuid}/comments`, { text });
      clock.now = new Date(clock.now.getTime() + 15 * MINUTE);
    }
  }
  clock.now = now;
}
