import { z } from 'zod';

// SPEC §7 /api/iconography/ and /api/icons/ (shapes not given by SPEC; our reading in docs/API.md):
// the icon set the interface draws targeting criteria and audience categories with.

/** One icon: stroked SVG paths on a 24 × 24 grid (drawn with currentColor, no fill). */
export const iconSchema = z.object({
  name: z.string(),
  paths: z.array(z.string()),
});
export type Icon = z.infer<typeof iconSchema>;

export const iconographySchema = z.object({
  /** Changes whenever an icon or a mapping changes (also the ETag). */
  version: z.string(),
  view_box: z.string(),
  stroke_width: z.number(),
  icons: z.array(iconSchema),
  /** Targeting package field (keywords, handles, interests…) → icon name. */
  criteria: z.record(z.string(), z.string()),
  /** Audience category name (GET /api/audience-categories/) → icon name; others use `default_category`. */
  categories: z.record(z.string(), z.string()),
  default_category: z.string(),
});
export type Iconography = z.infer<typeof iconographySchema>;

export const iconQuerySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9-]+$/, { error: 'Enter an icon name.' }),
  /** A CSS colour for the strokes (hex); currentColor by default. */
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{3,8}$/, { error: 'Enter a hex colour such as #1c7ed6.' })
    .optional(),
  size: z.coerce.number().int().min(8).max(512).default(24),
});
