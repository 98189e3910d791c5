import type { AutocompleteField, AutocompleteResponse } from '@murmur/core/api';
import type { EngineHolder } from '../../engine/engine-holder';

export type AutocompleteService = ReturnType<typeof createAutocompleteService>;

/**
 * Suggestions for a targeting-package field (docs/API-AUDIENCES.md "Autocomplete"): handles most
 * followed first, terms most used first. Throws the engine holder's 503 while the engine loads.
 */
export function createAutocompleteService(deps: { engine: EngineHolder }) {
  return {
    async suggest(field: AutocompleteField, q: string, limit: number): Promise<AutocompleteResponse> {
      const results = await deps.engine.audiences().lookup(field, q, limit);
      return { results: results.map(({ value, label, detail, size }) => ({ value, label, detail, size })) };
    },
  };
}
