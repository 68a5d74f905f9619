import { z } from 'zod';
import { registryEntryInputSchema, type RegistryEntryInput, type StaffRegistryEntry } from '@portal/shared/domain';

export type AudienceKind = 'all' | 'internal' | 'sellers';

/**
 * What the entry dialog edits: the input schema's shape (so a field path like `card.title.en` or `routes.1` names
 * the same field in the form, in zod's issues and in the api's `fields`), plus `hasCard` and the seller emails kept
 * while another audience is picked. `toEntryInput` turns it into the strict api body.
 */
export interface EntryFormValues {
  id: string;
  remote: string;
  manifestUrl: string;
  routes: string[];
  enabled: boolean;
  comingSoon: boolean;
  buyWithoutFilling: boolean;
  order: number;
  audience: { kind: AudienceKind; emails: string[] };
  hasCard: boolean;
  card: {
    pluginName: string;
    title: { en: string; de: string };
    description: { en: string; de: string };
    illustration: string;
    configurePath: string;
  };
}

export const NEW_ENTRY_VALUES: EntryFormValues = {
  id: '',
  remote: '',
  manifestUrl: '',
  routes: [],
  enabled: false,
  comingSoon: false,
  buyWithoutFilling: false,
  order: 100,
  audience: { kind: 'internal', emails: [] },
  hasCard: false,
  card: {
    pluginName: '',
    title: { en: '', de: '' },
    description: { en: '', de: '' },
    illustration: '',
    configurePath: '',
  },
};

export function entryFormValues(entry: StaffRegistryEntry): EntryFormValues {
  const card = entry.card;
  return {
    id: entry.id,
    remote: entry.remote,
    manifestUrl: entry.manifestUrl,
    routes: [...entry.routes],
    enabled: entry.enabled,
    comingSoon: entry.comingSoon,
    buyWithoutFilling: entry.buyWithoutFilling,
    order: entry.order,
    audience: {
      kind: entry.audience.kind,
      emails: entry.audience.kind === 'sellers' ? [...entry.audience.emails] : [],
    },
    hasCard: card != null,
    card: {
      pluginName: card?.pluginName ?? '',
      title: { en: card?.title?.en ?? '', de: card?.title?.de ?? '' },
      description: { en: card?.description?.en ?? '', de: card?.description?.de ?? '' },
      illustration: card?.illustration ?? '',
      configurePath: card?.configurePath ?? '',
    },
  };
}

/** Both languages empty = not set (the remote's own text is used); one filled = both must be (the schema says so). */
function optionalText(text: { en: string; de: string }) {
  const en = text.en.trim();
  const de = text.de.trim();
  return en || de ? { en, de } : undefined;
}

/** The api body: exactly the schema's keys, the card null when the entry has none. */
export function toEntryInput(values: EntryFormValues): RegistryEntryInput {
  const { card } = values;
  const title = optionalText(card.title);
  const description = optionalText(card.description);
  const illustration = card.illustration.trim();
  return {
    id: values.id.trim(),
    remote: values.remote.trim(),
    manifestUrl: values.manifestUrl.trim(),
    routes: values.routes,
    enabled: values.enabled,
    audience:
      values.audience.kind === 'sellers'
        ? { kind: 'sellers', emails: values.audience.emails }
        : { kind: values.audience.kind },
    comingSoon: values.comingSoon,
    buyWithoutFilling: values.buyWithoutFilling,
    order: values.order,
    card: values.hasCard
      ? {
          pluginName: card.pluginName.trim(),
          ...(title && { title }),
          ...(description && { description }),
          ...(illustration && { illustration }),
          configurePath: card.configurePath.trim(),
        }
      : null,
  };
}

/** The form's check: the shared schema applied to what would be sent (the values turned into the api body first). */
export const entryFormSchema = z.custom<EntryFormValues>().transform(toEntryInput).pipe(registryEntryInputSchema);
