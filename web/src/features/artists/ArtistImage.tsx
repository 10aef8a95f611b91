import { User } from 'lucide-react';
import { useState } from 'react';

/** An artist's picture, or a placeholder icon when there is none or it fails to load. */
export function ArtistImage({ src, className = '' }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div
      className={`relative flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800 ${className}`}
    >
      {src === null || failed ? (
        <User aria-hidden="true" className="size-1/2 text-gray-500 dark:text-gray-400" />
      ) : (
        <img
          src={src}
          alt=""
          loading="lazy"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      )}
    </div>
  );
}
