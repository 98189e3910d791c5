/**
 * A request the ads platform refuses, raised by the pure logic and turned into X's error shape by
 * the HTTP layer: `INVALID_PARAMETER` (or `MISSING_PARAMETER` for an absent required one), with
 * `parameter` when one field is to blame.
 */
export class InvalidInput extends Error {
  constructor(
    message: string,
    readonly parameter?: string,
    readonly code: 'INVALID_PARAMETER' | 'MISSING_PARAMETER' = 'INVALID_PARAMETER',
  ) {
    super(message);
    this.name = 'InvalidInput';
  }
}
