// The helper lives in lib/ so that every feature (and the insights screen) can use it without
// importing a sibling feature; this is its documented home for the creator.
export {
  creatorPath,
  decodePackage,
  encodePackage,
  insightsPath,
  type InsightsTarget,
} from '@/lib/insights-link';
