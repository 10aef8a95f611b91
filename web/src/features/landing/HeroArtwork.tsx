import { ChevronDown, ChevronRight, Folder, FolderOpen } from 'lucide-react';

const COVERS = [
  {
    gradient: 'from-rose-500 to-orange-400',
    tag: 'Late night',
    tagTint: 'bg-rose-100 text-rose-800',
  },
  { gradient: 'from-indigo-500 to-sky-400', tag: 'Focus', tagTint: 'bg-sky-100 text-sky-800' },
  {
    gradient: 'from-emerald-500 to-lime-400',
    tag: 'Road trip',
    tagTint: 'bg-emerald-100 text-emerald-800',
  },
  {
    gradient: 'from-violet-600 to-fuchsia-400',
    tag: 'Jazz',
    tagTint: 'bg-violet-100 text-violet-800',
  },
  {
    gradient: 'from-amber-500 to-yellow-300',
    tag: 'Sunday',
    tagTint: 'bg-amber-100 text-amber-900',
  },
  { gradient: 'from-slate-700 to-slate-400', tag: '1970s', tagTint: 'bg-slate-200 text-slate-800' },
];

/** A drawn glimpse of the app beside the hero text. Decoration only: hidden from assistive tech. */
export function HeroArtwork() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-lg select-none lg:max-w-none">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-tr from-indigo-300/40 via-violet-300/30 to-rose-300/40 blur-2xl dark:from-indigo-600/25 dark:via-violet-600/20 dark:to-rose-600/20" />
      <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-2xl dark:border-gray-800 dark:bg-gray-900">
        <div className="flex items-center gap-1.5 border-b border-gray-100 px-4 py-3 dark:border-gray-800">
          <span className="size-3 rounded-full bg-rose-400" />
          <span className="size-3 rounded-full bg-amber-400" />
          <span className="size-3 rounded-full bg-emerald-400" />
        </div>
        <div className="grid grid-cols-[8.5rem_1fr] text-xs sm:grid-cols-[10rem_1fr]">
          <div className="space-y-1.5 border-r border-gray-100 p-3 text-gray-700 dark:border-gray-800 dark:text-gray-300">
            <p className="flex items-center gap-1 font-semibold text-gray-900 dark:text-white">
              <ChevronDown className="size-3.5" />
              <FolderOpen className="size-3.5 text-indigo-600 dark:text-indigo-400" />
              Favourites
            </p>
            <p className="flex items-center gap-1 pl-4">
              <ChevronRight className="size-3.5" />
              <Folder className="size-3.5" />
              Road trips
            </p>
            <p className="flex items-center gap-1 rounded bg-indigo-50 pl-4 text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-200">
              <ChevronRight className="size-3.5" />
              <Folder className="size-3.5" />
              Late night
            </p>
            <p className="flex items-center gap-1">
              <ChevronRight className="size-3.5" />
              <Folder className="size-3.5" />
              By decade
            </p>
            <p className="flex items-center gap-1">
              <ChevronRight className="size-3.5" />
              <Folder className="size-3.5" />
              To explore
            </p>
          </div>
          <div className="grid grid-cols-3 gap-3 p-3">
            {COVERS.map(({ gradient, tag, tagTint }) => (
              <div key={tag}>
                <div
                  className={`relative aspect-square overflow-hidden rounded-lg bg-gradient-to-br ${gradient}`}
                >
                  <div className="absolute top-1/2 left-1/2 size-3/5 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-white/30" />
                  <div className="absolute top-1/2 left-1/2 size-2 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white/70" />
                </div>
                <div className="mt-1.5 h-1.5 w-4/5 rounded bg-gray-200 dark:bg-gray-700" />
                <span
                  className={`mt-1.5 inline-block rounded-full px-1.5 py-0.5 text-[10px] font-medium ${tagTint}`}
                >
                  {tag}
                </span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
