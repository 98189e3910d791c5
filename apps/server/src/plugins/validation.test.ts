import { buildAudienceSchema } from '@murmur/core/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestValidationError, fieldErrors, validatorCompiler } from './validation';

const validate = validatorCompiler({
  schema: buildAudienceSchema,
  method: 'POST',
  url: '/api/build-audience/',
  httpPart: 'body',
});

describe('validatorCompiler on the estimate’s body', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers a valid body without zod, with zod’s value', () => {
    const body = {
      targeting_package: { languages: [{ label: ' en ' }], age: ['18-34'], other: 1 },
      exclusions: [4],
    };
    const expected = buildAudienceSchema.parse(body);
    const zod = vi.spyOn(buildAudienceSchema, 'safeParse');
    const result = validate(body) as { value?: unknown };
    expect(zod).not.toHaveBeenCalled();
    expect(JSON.stringify(result.value)).toBe(JSON.stringify(expected));
  });

  it('leaves an invalid body to zod, with its SPEC §8 messages', () => {
    const zod = vi.spyOn(buildAudienceSchema, 'safeParse');
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { targeting_package: { keywords: [{ deselected: true }] } },
        { targeting_package: ['An item needs a label or a handle'] },
      ],
      [
        { targeting_package: { languages: [{ label: '' }], age: ['AGE_OVER_17'] } },
        { targeting_package: ['Too small: expected string to have >=1 characters', 'Invalid input'] },
      ],
      [
        { targeting_package: { keywords: 'music' }, exclusions: [0] },
        {
          targeting_package: ['Invalid input: expected array, received string'],
          exclusions: ['Too small: expected number to be >=1'],
        },
      ],
      [{ exclusions: [1] }, { targeting_package: ['This field is required.'] }],
      [['not', 'an', 'object'], { non_field_errors: ['Invalid data. Expected a JSON object.'] }],
    ];
    for (const [body, messages] of cases) {
      const result = validate(body) as { error?: RequestValidationError };
      expect(result.error).toBeInstanceOf(RequestValidationError);
      expect(fieldErrors(result.error!.issues)).toEqual(messages);
    }
    expect(zod).toHaveBeenCalled();
  });
});
