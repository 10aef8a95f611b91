import { Disc3 } from 'lucide-react';
import { useState } from 'react';

interface AlbumCoverProps {
  src: string | null;
  /** Empty when the name beside it already says what the picture is. */
  alt: string;
  className?: string;
  /** Above the fold (the detail page's cover) loads at once; grid covers wait until near view. */
  eager?: boolean;
}

/**
 * A square cover: the placeholder holds the space, so nothing moves when the picture arrives,
 * and stays when there is none or it fails to load.
 */
export function AlbumCover({ src, alt, className = '', eager = false }: AlbumCoverProps) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <div
      className={`relative aspect-square overflow-hidden bg-gray-200 dark:bg-gray-800 ${className}`}
    >
      <Disc3
        aria-hidden="true"
        className="absolute top-1/2 left-1/2 size-1/3 -translate-x-1/2 -translate-y-1/2 text-gray-400 dark:text-gray-600"
      />
      {src !== null && !failed && (
        <img
          src={src}
          alt={alt}
          width={300}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          className={`absolute inset-0 size-full object-cover transition-opacity duration-300 motion-reduce:transition-none ${loaded ? 'opacity-100' : 'opacity-0'}`}
        />
      )}
    </div>
  );
}
