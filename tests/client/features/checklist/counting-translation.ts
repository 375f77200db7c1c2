/**
 * A react-i18next whose `t` records which rows rendered: each row asks for its tick button's name
 * (`checklist.check_label`), once per render. The counting `t` is one per i18next `t`, stable across renders
 * as the real one is, so a memo keyed on it holds as in the app.
 */
export const rendered: string[] = [];

export async function countingTranslation(importOriginal: () => Promise<unknown>) {
  const actual = (await importOriginal()) as typeof import('react-i18next');
  type T = ReturnType<typeof actual.useTranslation>['t'];
  const counting = new WeakMap<T, T>();
  const countingT = (t: T): T => {
    const known = counting.get(t);
    if (known) return known;
    const counted = ((key: string, options?: { name?: string }) => {
      if (key === 'checklist.check_label' && options?.name) rendered.push(options.name);
      return t(key, options);
    }) as T;
    counting.set(t, counted);
    return counted;
  };
  return {
    ...actual,
    useTranslation: (...args: Parameters<typeof actual.useTranslation>) => {
      const { t, i18n, ready } = actual.useTranslation(...args);
      return { t: countingT(t), i18n, ready };
    },
  };
}
