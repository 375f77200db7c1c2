import type { TFunction } from 'i18next';
import type { HealthItem } from '../../data/member-file';

/** A club day `yyyy-mm-dd` in the reader's language (a day, so no time zone moves it). */
export const dayText = (day: string, language: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** « Certificat médical (CACI) du 12/09/2026 »: how an item is named in buttons and questions. */
export const itemName = (t: TFunction, item: HealthItem, language: string): string =>
  t('myDossier.item_dated', { item: t(`myDossier.kind.${item.kind}`), date: dayText(item.date, language) });

/** What the item attests beside its date, in words (docs/rules.md#members-file): never a medical detail. */
export function itemDetail(t: TFunction, item: HealthItem): string | null {
  switch (item.kind) {
    case 'caci':
      return t(item.competition ? 'myDossier.competition_yes' : 'myDossier.competition_no');
    case 'qs_sport':
      return t(item.all_no ? 'myDossier.all_no_yes' : 'myDossier.all_no_no');
    case 'minor_questionnaire':
      return t('myDossier.signed_by', { name: item.signed_by });
    case 'savoir_nager':
      return t(item.way === 'test' ? 'myDossier.way_test' : 'myDossier.way_attestation');
    case 'pps':
      return null;
  }
}
