import type { ReactNode } from 'react';

/** Relative luminance of a #RRGGBB colour (WCAG 2), or null for anything else. */
function luminance(hex: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (match === null) return null;
  const [red = 0, green = 0, blue = 0] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** Black or white, whichever reads better on the tag's colour (any colour a user picks). */
export function chipTextColor(background: string): string {
  const light = luminance(background);
  if (light === null) return '#ffffff';
  const withWhite = 1.05 / (light + 0.05);
  const withBlack = (light + 0.05) / 0.05;
  return withWhite >= withBlack ? '#ffffff' : '#111827';
}

interface TagChipProps {
  name: string;
  color: string;
  size?: 'sm' | 'md';
  /** A remove button or similar, inside the chip. */
  children?: ReactNode;
}

/** A tag in its own colour. */
export function TagChip({ name, color, size = 'md', children }: TagChipProps) {
  const background = luminance(color) === null ? '#4B5563' : color;
  return (
    <span
      className={`inline-flex max-w-full items-center gap-1 rounded-full font-medium ${size === 'sm' ? 'px-2 py-0.5 text-xs' : 'px-3 py-1 text-sm'}`}
      style={{ backgroundColor: background, color: chipTextColor(background) }}
    >
      <span className="truncate">{name}</span>
      {children}
    </span>
  );
}
