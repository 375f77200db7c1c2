/**
 * The start settings' answer (`GET /api/internal/settings/start`, startSettingsSchema in settings.ts) checked
 * without zod: the sign-in page reads it right after its first frame, and the schema would bring zod and
 * every contract schema with it, evaluated in one long task on a phone before anyone has typed a name.
 * It keeps exactly what the schema keeps and refuses what it refuses (a test holds the two equal).
 */
import type { StartSettings } from './settings';

export class StartSettingsShapeError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(from: Record<string, unknown>, key: string): string {
  const value = from[key];
  if (typeof value !== 'string') throw new StartSettingsShapeError(`${key}: a string`);
  return value;
}

function optionalText(from: Record<string, unknown>, key: string): string | undefined {
  return from[key] === undefined ? undefined : text(from, key);
}

function numbers(from: Record<string, unknown>, key: string): number[] {
  const value = from[key];
  if (!Array.isArray(value) || !value.every((n) => typeof n === 'number' && Number.isFinite(n)))
    throw new StartSettingsShapeError(`${key}: numbers`);
  return [...value];
}

function number(from: Record<string, unknown>, key: string): number {
  const value = from[key];
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new StartSettingsShapeError(`${key}: a number`);
  return value;
}

function zoneOffsets(value: unknown): StartSettings['timezone_offsets'] {
  if (value === undefined) return undefined;
  if (!isRecord(value)) throw new StartSettingsShapeError('timezone_offsets: an object');
  return {
    zone: text(value, 'zone'),
    from: number(value, 'from'),
    to: number(value, 'to'),
    changes: numbers(value, 'changes'),
    offsets: numbers(value, 'offsets'),
  };
}

/** The answer as the schema would parse it (unknown keys dropped, optional ones absent when absent). */
export function parseStartSettings(value: unknown): StartSettings {
  if (!isRecord(value)) throw new StartSettingsShapeError('an object');
  const settings: StartSettings = {
    timezone: text(value, 'timezone'),
    slogan: text(value, 'slogan'),
    logo: text(value, 'logo'),
  };
  const clubName = optionalText(value, 'club_name');
  const accentColour = optionalText(value, 'accent_colour');
  const shortName = optionalText(value, 'short_name');
  const offsets = zoneOffsets(value.timezone_offsets);
  if (clubName !== undefined) settings.club_name = clubName;
  if (accentColour !== undefined) settings.accent_colour = accentColour;
  if (shortName !== undefined) settings.short_name = shortName;
  if (offsets !== undefined) settings.timezone_offsets = offsets;
  return settings;
}

/** Shaped as apiRequest takes a schema. */
export const startSettingsParser = { parse: parseStartSettings };
