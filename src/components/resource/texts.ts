import { useTranslate } from '@refinedev/core';
import { useMemo } from 'react';
import type { ResourcePresentation, ResourceTexts, StoreRecord } from './presentation';

const KEYS: readonly (keyof ResourceTexts)[] = [
  'title',
  'subtitle',
  'searchLabel',
  'searchPlaceholder',
  'empty',
  'noMatch',
  'add',
  'createTitle',
  'editTitle',
  'showTitle',
  'createSubmit',
  'editSubmit',
  'creating',
  'updating',
  'uploading',
  'created',
  'updated',
  'deleted',
  'createFailed',
  'updateFailed',
  'deleteFailed',
  'loadFailed',
  'loadErrorPrefix',
  'view',
  'deleteQuestion',
  'loading',
  'recordLoading',
  'notFound',
  'recordLoadFailed',
  'pageLoadFailed',
  'back',
];

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A resource's texts, each the presentation's own, else the resource's in the console's English
 * (`<name>.texts.<key>`), else the template made from its noun (`texts.<key>`), through Refine's
 * i18nProvider. A text no one gives stays unset, and the screen leaves it out.
 */
export function useTexts<T extends StoreRecord>(presentation: ResourcePresentation<T>): ResourceTexts {
  const translate = useTranslate();
  return useMemo(() => {
    const { name, noun, plural } = presentation;
    const words = { noun, Noun: capital(noun), plural, Plural: capital(plural) };
    const texts: Partial<ResourceTexts> = {};
    for (const key of KEYS) {
      const text =
        presentation.texts[key] ?? translate(`${name}.texts.${key}`, words, translate(`texts.${key}`, words, ''));
      if (text) texts[key] = text;
    }
    return { ...texts, title: texts.title ?? words.Plural, empty: texts.empty ?? `No ${plural} found.` };
  }, [presentation, translate]);
}
