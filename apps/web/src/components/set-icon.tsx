import { useIconography } from '../lib/api/get-iconography';

export interface SetIconProps {
  /** An audience category's name (GET /api/audience-categories/): its icon, or the set's default. */
  category?: string;
  /** A targeting package field (keywords, handles, interests…). */
  criterion?: string;
  size?: number;
}

/**
 * An icon of the server's set (GET /api/iconography/) for a category or a criterion, drawn inline in
 * the text colour. Decorative: the text beside it names the thing; nothing shows until the set is
 * loaded, or when it cannot be.
 */
export function SetIcon({ category, criterion, size = 14 }: SetIconProps) {
  const set = useIconography();
  if (!set.data) return null;
  const { icons, categories, criteria, default_category: fallback } = set.data;
  const name =
    category !== undefined
      ? (categories[category] ?? fallback)
      : criterion !== undefined
        ? criteria[criterion]
        : undefined;
  const icon = icons.find((candidate) => candidate.name === name);
  if (!icon) return null;
  return (
    <svg
      width={size}
      height={size}
      viewBox={set.data.view_box}
      fill="none"
      stroke="currentColor"
      strokeWidth={set.data.stroke_width}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={icon.name}
    >
      {icon.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
