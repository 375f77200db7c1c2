import type { EquipeeDb } from './db';

/** A refusal as the drain keeps it on the outbox row (`lastError`), for the screens to say. */
export interface KeptRefusal {
  code: string;
  message: string;
  /** With `stuff_unavailable`: the kit's item that is gone (docs/rules.md#kit). */
  uuid_stuff?: string;
  /** Its name as this device knew it when refused: the event read again may no longer offer it. */
  stuff_name?: string;
  /** With `dossier_incomplete`: what the member's file lacks (docs/rules.md#members-file). */
  reasons?: string[];
}

/**
 * The refusal with the gone item's name, read from the cached event before the server's copy replaces it, so
 * the list of refused writes can say « Plus de « Gilet » disponible » with no event at hand.
 */
export async function withStuffName(
  db: EquipeeDb,
  eventUuid: string,
  refusal: KeptRefusal,
): Promise<KeptRefusal> {
  if (!refusal.uuid_stuff) return refusal;
  const event = await db.events.get(eventUuid);
  const name = event?.stuffs_available.find((s) => s.uuid === refusal.uuid_stuff)?.name;
  return name ? { ...refusal, stuff_name: name } : refusal;
}
