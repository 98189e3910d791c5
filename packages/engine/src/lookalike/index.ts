export {
  lookalike,
  LOOKALIKE_MIN_SEED,
  LOOKALIKE_SAMPLES,
  LOOKALIKE_SIZES,
  type Lookalike,
  type LookalikeOptions,
  type LookalikePercent,
  type LookalikeSample,
  type LookalikeSize,
} from './lookalike';
export type { FeatureKind } from './features';
export type { LookalikeReason } from './reasons';
export { HOLDOUT_SHARE, HOLDOUT_SALT } from './holdout';
