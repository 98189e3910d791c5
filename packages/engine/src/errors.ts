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

/**
 * A shard of a sharded engine has no replica answering (all down, or none within the time allowed
 * on each attempt): the question cannot be answered exactly, so it is not answered (scale-out).
 */
export class ShardUnavailableError extends Error {
  readonly code = 'SHARD_UNAVAILABLE';
  constructor(
    readonly shard: number,
    readonly reason: string,
  ) {
    super(`Shard ${shard} of the audience engine is unavailable: ${reason}.`);
    this.name = 'ShardUnavailableError';
  }
}

/**
 * A shard runs (it answers `ping`), but none of its replicas serves the operation asked: replicas of
 * an older version that does not know it (a rolling upgrade). Told apart from ShardUnavailableError
 * so that a caller can fall back to what it answered before the operation existed.
 */
export class ShardOpUnsupportedError extends Error {
  readonly code = 'SHARD_OP_UNSUPPORTED';
  constructor(
    readonly shard: number,
    readonly op: string,
  ) {
    super(
      `Shard ${shard} of the audience engine does not serve "${op}" (its replicas are of an older version).`,
    );
    this.name = 'ShardOpUnsupportedError';
  }
}
