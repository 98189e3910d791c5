import { EMPTY_TARGETING_MESSAGE } from '@murmur/core/targeting';

/** SPEC §5: an empty targeting package cannot be evaluated. Carries the SPEC's toast text. */
export class EmptyTargetingError extends Error {
  readonly code = 'EMPTY_TARGETING';
  constructor() {
    super(EMPTY_TARGETING_MESSAGE);
    this.name = 'EmptyTargetingError';
  }
}

/** The input is not a bulk export this engine can read (wrong header, corrupt line, cut short). */
export class ExportFormatError extends Error {
  readonly code = 'EXPORT_FORMAT';
  constructor(message: string) {
    super(message);
    this.name = 'ExportFormatError';
  }
}
