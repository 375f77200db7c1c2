/**
 * The demo club: a French kayak club with fixed data — no random generator, so screenshots and tests are stable. Days
 * are relative to the Monday of the current club week.
 */

import type { NotificationType } from '@common/contract/notifications';
import type { RoleName } from '@common/contract/user';

export const DEMO_PASSWORD = 'Pagaie2026';
export const DEMO_SLOGAN = "Kayak Club de l'Odet — on pagaie ensemble, de la rivière à la mer";
/** The club's own name, short name (the home-screen icon's label) and colour (white text on it passes 4.5:1). */
export const DEMO_BRAND = {
  club_name: "Kayak Club de l'Odet",
  short_name: 'KC Odet',
  accent_colour: '#0f766e',
} as const;

export interface DemoPerson {
  username: string;
  first_name: string;
  last_name: string;
  role: RoleName;
  /** Drawn as a round avatar with initials on this colour. */
  picture?: string;
  language?: 'fr' | 'en';
  /** Switches set away from their defaults. */
  preferences?: Partial<Record<NotificationType, boolean>>;
}

export const STAFF: DemoPerson[] = [
  {
    username: 'claire.morvan',
    first_name: 'Claire',
    last_name: 'Morvan',
    role: 'SuperAdmin',
    picture: '#1d4ed8',
  },
  { username: 'yann.legall', first_name: 'Yann', last_name: 'Le Gall', role: 'Admin', picture: '#047857' },
  {
    username: 'soazig.tanguy',
    first_name: 'Soazig',
    last_name: 'Tanguy',
    role: 'Contributor',
    picture: '#b45309',
  },
  { username: 'erwan.kerboul', first_name: 'Erwan', last_name: 'Kerboul', role: 'Contributor' },
];

const member = (first_name: string, last_name: string, extra: Partial<DemoPerson> = {}): DemoPerson => ({
  username: `${first_name}.${last_name}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z.]/g, ''),
  first_name,
  last_name,
  role: 'User',
  ...extra,
});

export const MEMBERS: DemoPerson[] = [
  member('Maël', "Guivarc'h", { picture: '#7c3aed', preferences: { weekly_event_list: true } }),
  member('Nolwenn', 'Le Bihan', { picture: '#be123c' }),
  member('Gwenaël', 'Cariou', { preferences: { subscribe_unsubscribe: false } }),
  member('Anaïs', 'Riou', { preferences: { weekly_event_list: true } }),
  member('Loïc', 'Jaouen'),
  member('Katell', 'Queffelec', { picture: '#0e7490' }),
  member('Tanguy', 'Le Roux', { preferences: { event_update: false } }),
  member('Enora', 'Caradec'),
  member('Ronan', 'Pellé', { language: 'en', preferences: { weekly_event_list: true } }),
  member('Maïwenn', 'Le Goff'),
  member('Corentin', 'Hémon', { preferences: { subscribe_unsubscribe: false, stuff_unavailable: false } }),
  member('Léna', 'Bosser'),
  member('Pierrick', 'Salaün'),
  member('Lucie', 'Cloarec', { preferences: { weekly_event_list: true } }),
  member('Yannick', 'Donnart'),
  member('Camille', 'Le Meur'),
  member('Hugo', 'Kervella', { language: 'en' }),
  member('Manon', 'Stéphan'),
  member('Thomas', 'Nédélec', { preferences: { event_cancellation: false } }),
  member('Jeanne', 'Le Corre'),
  member('Bastien', 'Gourmelen'),
  member('Inès', 'Floch'),
  member('Gaël', 'Le Berre'),
  member('Chloé', 'Prigent'),
  member('Mathis', 'Le Dû'),
];

export const MODELS = {
  river: {
    name: 'Sortie rivière',
    description: "Descente de l'Odet entre Ergué-Gabéric et Quimper, niveau 2.",
  },
  training: {
    name: 'Entraînement eau calme',
    description: 'Technique, esquimautage et parcours de slalom au bassin du club.',
  },
  initiation: {
    name: 'Initiation kayak de mer',
    description: 'Découverte encadrée en baie de Bénodet, tout matériel fourni.',
  },
  youth: {
    name: 'École de pagaie',
    description: 'Les mercredis des 8–14 ans : jeux d’équilibre, premiers coups de pagaie, goûter au ponton.',
  },
  seaDay: {
    name: 'Sortie mer à la journée',
    description: 'Bénodet – archipel des Glénan – Bénodet, pique-nique tiré du sac.',
  },
} as const;

export const STUFFS = {
  k1: { name: 'Kayak mono K1', description: 'Kayak de rivière une place', stock: 8, kind: 'Bateaux' },
  k2: { name: 'Kayak biplace K2', description: 'Kayak de mer deux places', stock: 3, kind: 'Bateaux' },
  paddle: { name: 'Pagaie double', description: 'Pagaie carbone 210 cm', stock: 20, kind: 'Pagaies' },
  vest: {
    name: "Gilet d'aide à la flottabilité",
    description: 'Gilet 50 N, tailles S à XL',
    stock: 25,
    kind: 'Gilets',
  },
  wetsuit: { name: 'Combinaison néoprène', description: 'Shorty 3 mm', stock: 10, kind: 'Combinaisons' },
  skirt: {
    name: 'Jupe de kayak',
    description: 'Jupe néoprène pour hiloire standard',
    stock: 6,
    kind: 'Jupes',
  },
} as const;

export const PLACES = {
  club: { street: '12 quai de l’Odet', city: 'Quimper', zip_code: '29000' },
  river: { street: 'Moulin du Cleuyou', city: 'Ergué-Gabéric', zip_code: '29500' },
  sea: { street: 'Port de plaisance', city: 'Bénodet', zip_code: '29950' },
} as const;

/**
 * The youth section (docs/rules.md#families): three families of members, their children added by a parent
 * (no login of their own), the first family with two children and both parents as guardians.
 */
export const FAMILIES: ReadonlyArray<{
  guardians: readonly string[];
  children: ReadonlyArray<{ first_name: string; last_name: string; age: number }>;
}> = [
  {
    guardians: ['yannick.donnart', 'camille.lemeur'],
    children: [
      { first_name: 'Lou', last_name: 'Donnart', age: 9 },
      { first_name: 'Nina', last_name: 'Donnart', age: 12 },
    ],
  },
  { guardians: ['jeanne.lecorre'], children: [{ first_name: 'Malo', last_name: 'Le Corre', age: 11 }] },
  { guardians: ['gael.leberre'], children: [{ first_name: 'Elouan', last_name: 'Le Berre', age: 13 }] },
];

/** The accounts the seed prints: the staff, the first member, and a parent of the youth section. */
export const isPrintedAtStart = (person: DemoPerson): boolean =>
  person.role !== 'User' ||
  person.username === MEMBERS[0]?.username ||
  person.username === FAMILIES[0]?.guardians[0];
