import { groupByKind, type KitGroup } from '@common/rules/kit';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './kit-choice.module.css';
import { type EventStuff, kitNames, kitText } from './kit-text';

/** What is left of an item for this booking (null: infinite): an item the booking already holds counts back. */
const leftFor = (stuff: EventStuff, held: readonly string[]): number | null =>
  stuff.available === null ? null : stuff.available + (held.includes(stuff.uuid) ? 1 : 0);

/** The item of `kit` that is of this kind, '' for own equipment. */
const chosenIn = (group: KitGroup<EventStuff>, kit: readonly string[]): string =>
  kit.find((uuid) => group.items.some((item) => item.uuid === uuid)) ?? '';

/**
 * The kit picker (docs/rules.md#kit): the event's items by kind, « Autre » last, one fieldset per kind with own
 * equipment first, then each item with what is left; an item with none left cannot be picked and says so in
 * words. The value is the kit, one item per kind at most, in the order of the kinds shown; a line under the
 * kinds says what will be booked. Native radios: arrows move within a kind, Tab from kind to kind.
 *
 * `held`: the kit the booking holds now (a kit change, a guest edited), whose items count as left for it.
 * `owner`: whose kit it is, when not the member's own (a child, a guest): the words name them.
 * `isWish`: a waiting-list wish, whose stock is read only at promotion: an item none is left of may still be wished.
 */
export function KitChoice({
  stuffs,
  value,
  onChange,
  held = [],
  owner,
  isWish = false,
}: {
  stuffs: readonly EventStuff[];
  value: readonly string[];
  onChange: (kit: string[]) => void;
  held?: readonly string[];
  owner?: string;
  isWish?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const groups = groupByKind(stuffs);
  const pick = (at: number, uuid: string) =>
    onChange(groups.map((group, i) => (i === at ? uuid : chosenIn(group, value))).filter(Boolean));
  const names = kitText(kitNames(stuffs, groups.map((group) => chosenIn(group, value)).filter(Boolean)));
  const summary =
    owner === undefined
      ? names
        ? t('memberKit.summary_mine', { items: names })
        : t('memberKit.summary_mine_own')
      : names
        ? t('memberKit.summary_other', { name: owner, items: names })
        : t('memberKit.summary_other_own', { name: owner });
  const own = owner === undefined ? t('memberKit.own_mine') : t('memberKit.own_other');

  return (
    <fieldset className={styles.kit} aria-describedby={`${id}-summary`}>
      <legend className={styles.title}>{t('memberKit.legend')}</legend>
      <div className={styles.kinds}>
        {groups.map((group, at) => {
          const chosen = chosenIn(group, value);
          return (
            <fieldset key={group.kind ?? ''} className={styles.kind}>
              <legend>{group.kind ?? t('memberKit.other')}</legend>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-${at}`}
                  value=""
                  checked={chosen === ''}
                  onChange={() => pick(at, '')}
                />
                <span>{own}</span>
              </label>
              {group.items.map((item) => {
                const left = leftFor(item, held);
                const isNoneLeft = left !== null && left <= 0;
                const isGone = isNoneLeft && !isWish;
                return (
                  <label key={item.uuid} className={`${styles.choice} ${isGone ? styles.gone : ''}`}>
                    <input
                      type="radio"
                      name={`${id}-${at}`}
                      value={item.uuid}
                      checked={chosen === item.uuid}
                      disabled={isGone}
                      onChange={() => isGone || pick(at, item.uuid)}
                    />
                    <span>
                      {item.name}
                      {' — '}
                      <span className={styles.left}>
                        {left === null
                          ? t('memberKit.unlimited')
                          : isNoneLeft
                            ? t(isWish ? 'memberKit.gone_for_now' : 'memberKit.gone')
                            : t('memberKit.left', { count: left })}
                      </span>
                    </span>
                  </label>
                );
              })}
            </fieldset>
          );
        })}
      </div>
      <p id={`${id}-summary`} className={styles.summary} aria-live="polite">
        {summary}
      </p>
    </fieldset>
  );
}
