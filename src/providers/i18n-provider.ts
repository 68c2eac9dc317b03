import type { I18nProvider } from '@refinedev/core';

/** `{{name}}` in a text, replaced by the option of that name. */
function interpolate(text: string, options: unknown): string {
  if (options === null || typeof options !== 'object') return text;
  const values = options as Record<string, unknown>;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

let english: Readonly<Record<string, string>> = {};

/** The console's English (app/english.ts), loaded with the first screen that shows a resource's words, so the first load is without it. */
export const loadEnglish = () =>
  import('../app/english').then((module) => {
    english = module.ENGLISH;
  });

/**
 * Refine's i18nProvider over the console's English: a key's text with its options in place, else the
 * caller's default, else the key.
 */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const fallback = typeof options === 'string' ? options : defaultMessage;
    const text = Object.hasOwn(english, key) ? english[key] : fallback;
    return text === undefined ? key : interpolate(text, options);
  },
  changeLocale: async () => undefined,
  getLocale: () => 'en',
};
