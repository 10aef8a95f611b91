import { ChartColumn, FolderTree, MoonStar, Search, ShieldCheck, Tags } from 'lucide-react';

export const FEATURES_SECTION_ID = 'features';

const FEATURES = [
  {
    title: 'Nested folders',
    text: 'Drag albums and folders into a shape that matches how you listen: by mood, by decade, or that one road trip.',
    Icon: FolderTree,
    tint: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300',
  },
  {
    title: 'Coloured tags',
    text: 'Label albums with tags in any colour, then see everything tagged “late night” in one click.',
    Icon: Tags,
    tint: 'bg-rose-100 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300',
  },
  {
    title: 'Search and discovery',
    text: 'Find any album you own, or dig up new ones by country, genre, year and artist.',
    Icon: Search,
    tint: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  },
  {
    title: 'Listening analytics',
    text: 'Charts by genre, decade and month added tell the story of your taste as it grows.',
    Icon: ChartColumn,
    tint: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  },
  {
    title: 'Dark mode',
    text: 'Light, dark, or follow your device. Your choice is saved to your profile and goes where you go.',
    Icon: MoonStar,
    tint: 'bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300',
  },
  {
    title: 'Private by design',
    text: 'Runs on your own server with no third-party trackers. Export everything or delete it whenever you like.',
    Icon: ShieldCheck,
    tint: 'bg-sky-100 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300',
  },
];

export function LandingFeatures() {
  return (
    <section
      id={FEATURES_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="features-heading"
      className="scroll-mt-4 px-4 py-20 focus:outline-none sm:px-6"
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="font-semibold text-indigo-700 dark:text-indigo-300">Features</p>
          <h2 id="features-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Everything your record shelf does, and more
          </h2>
          <p className="mt-4 text-lg text-gray-700 dark:text-gray-300">
            Streaming apps are built for playing. Gatefold is built for collecting.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, text, Icon, tint }) => (
            <li
              key={title}
              className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md dark:border-gray-800 dark:bg-gray-900"
            >
              <span
                className={`inline-flex size-11 items-center justify-center rounded-xl ${tint}`}
              >
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-gray-700 dark:text-gray-300">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
