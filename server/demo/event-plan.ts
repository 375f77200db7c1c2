import { shiftDay } from '@common/rules/club-time';
import { MEMBERS, type MODELS, type PLACES, type STUFFS } from './club';

type StuffKey = keyof typeof STUFFS;

export interface PlannedEvent {
  day: string;
  from: string;
  to: string;
  model: keyof typeof MODELS;
  place: keyof typeof PLACES;
  places: number;
  organiser: string;
  stuffs: StuffKey[];
  /** Members subscribed, in this order, each with the kit they book (empty: their own equipment). */
  subscribers: Array<[string, StuffKey[]]>;
  /** Members who joined the waiting list of the full event, first come first served. */
  waiting: string[];
  /** Subscribers who leave afterwards, freeing a place for the first one waiting. */
  leaving?: string[];
  guests: Array<{ host: string; first_name: string; last_name: string; age?: number }>;
  isCancelled?: boolean;
  /** A past event's attendance: ticked at the venue as it happened, or offline and delivered later. */
  ticks?: 'on_time' | 'offline';
  /** Subscribers who did not come (never ticked). */
  absent: string[];
  /** At a past event, the kit is handed out at the venue and taken back, but for this member's paddle. */
  paddleNotReturned?: string;
}

const m = (i: number) => MEMBERS[i]?.username as string;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => m(from + i));
/** Every `every`-th member books `kit` (a set: a boat, a paddle, a vest), the others come with their own. */
const withKit = (usernames: string[], kit: StuffKey[], every = 1) =>
  usernames.map((u, i): [string, StuffKey[]] => [u, i % every === 0 ? kit : []]);

/** Last week, this week and next week around the Monday `monday` (a club day). */
export function planEvents(monday: string): PlannedEvent[] {
  const day = (offset: number) => shiftDay(monday, offset);
  const base = { waiting: [], guests: [], absent: [] };
  return [
    {
      ...base,
      day: day(-5),
      from: '14:00',
      to: '17:00',
      model: 'river',
      place: 'river',
      places: 10,
      organiser: 'soazig.tanguy',
      stuffs: ['k1', 'paddle', 'vest'],
      subscribers: withKit(range(0, 8), ['k1', 'paddle', 'vest'], 2),
      ticks: 'on_time',
      absent: [m(5)],
      paddleNotReturned: m(2),
    },
    {
      ...base,
      day: day(-2),
      from: '09:30',
      to: '17:00',
      model: 'seaDay',
      place: 'sea',
      places: 10,
      organiser: 'erwan.kerboul',
      stuffs: ['k2', 'paddle', 'vest', 'wetsuit'],
      subscribers: withKit(range(8, 16), ['paddle', 'vest', 'wetsuit'], 2),
      guests: [
        { host: m(8), first_name: 'Louise', last_name: 'Morvan', age: 16 },
        { host: m(9), first_name: 'Paul', last_name: 'Le Bihan' },
      ],
      ticks: 'offline',
      absent: [m(12)],
    },
    {
      ...base,
      day: day(2),
      from: '14:00',
      to: '16:30',
      model: 'initiation',
      place: 'sea',
      places: 12,
      organiser: 'soazig.tanguy',
      stuffs: ['k2', 'vest'],
      subscribers: withKit(range(16, 20), []),
      isCancelled: true,
    },
    {
      ...base,
      day: day(5),
      from: '14:00',
      to: '17:30',
      model: 'river',
      place: 'river',
      places: 6,
      organiser: 'erwan.kerboul',
      stuffs: ['k1', 'paddle'],
      subscribers: withKit(range(0, 6), ['k1', 'paddle']),
      waiting: range(6, 10),
      leaving: [m(2)],
    },
    {
      ...base,
      day: day(6),
      from: '10:00',
      to: '12:00',
      model: 'initiation',
      place: 'sea',
      places: 12,
      organiser: 'soazig.tanguy',
      stuffs: ['k2', 'vest'],
      subscribers: withKit(range(9, 14), ['vest']),
      guests: [
        { host: m(9), first_name: 'Jules', last_name: 'Riou', age: 12 },
        { host: m(9), first_name: 'Alice', last_name: 'Riou', age: 14 },
        { host: m(10), first_name: 'Marc', last_name: 'Hémon' },
      ],
    },
    {
      ...base,
      day: day(9),
      from: '14:00',
      to: '17:00',
      model: 'river',
      place: 'river',
      places: 10,
      organiser: 'soazig.tanguy',
      stuffs: ['k1', 'paddle', 'vest'],
      subscribers: withKit(range(14, 18), ['k1', 'paddle', 'vest']),
      // Next week's river trip has a guest too: whatever the day and hour the demo is opened, an upcoming
      // event shows one (this week's Sunday is past by Sunday noon).
      guests: [{ host: m(14), first_name: 'Maëlle', last_name: 'Quéré' }],
    },
    {
      ...base,
      day: day(12),
      from: '09:30',
      to: '17:00',
      model: 'seaDay',
      place: 'sea',
      places: 10,
      organiser: 'erwan.kerboul',
      stuffs: ['k2', 'paddle', 'vest', 'wetsuit'],
      subscribers: withKit(range(18, 22), ['k2', 'paddle', 'vest'], 2),
    },
  ];
}
