import { targetingPackageSchema, type TargetingPackageInput } from '@murmur/core/targeting';

/** A parsed package (every list present), as the engine and the API store it. */
export const pkg = (input: TargetingPackageInput) => targetingPackageSchema.parse(input);
