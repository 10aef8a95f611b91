import { ExternalLink } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { openStreamingLink } from './open-streaming-link';

interface OpenInSpotifyLinkProps {
  url: string;
  children: ReactNode;
  className?: string;
  /** The link's accessible name when its text alone is not enough ("Open" beside a track). */
  label?: string;
}

/**
 * A link to the streaming service. A plain click tries the desktop app first (SPEC §4); a click
 * with a modifier, or a middle click, is the browser's as usual.
 */
export function OpenInSpotifyLink({ url, children, className, label }: OpenInSpotifyLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    openStreamingLink(url);
  };
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={handleClick}
      aria-label={label}
      className={className}
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
    </a>
  );
}
