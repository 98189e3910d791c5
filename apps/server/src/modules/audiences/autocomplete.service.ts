import type { AutocompleteField, AutocompleteResponse } from '@murmur/core/api';
import { estimateFigureOf, samplingOf } from '../../engine/engine-audience';
import type { EngineHolder } from '../../engine/engine-holder';

export type AutocompleteService = ReturnType<typeof createAutocompleteService>;

/**
 * Suggestions for a targeting-package field (docs/API-AUDIENCES.md "Autocomplete"): handles most
 * followed first, terms most used first, each with the figure of what it alone reaches. Throws the
 * engine holder's 503 while the engine loads.
 */
export function createAutocompleteService(deps: { engine: EngineHolder }) {
  return {
    async suggest(field: AutocompleteField, q: string, limit: number): Promise<AutocompleteResponse> {
      const results = await deps.engine.audiences().lookup(field, q, limit);
      const sampling = samplingOf(deps.engine);
      return {
        results: results.map(({ value, label, detail, size, sampleCount }) => ({
          value,
          label,
          detail,
          size,
          // What the item alone reaches, as the size panel would show it: the estimate with its interval.
          size_figure: estimateFigureOf(sampleCount, size, sampling),
        })),
      };
    },
  };
}
