import { FolderTree, Headphones, Plug } from 'lucide-react';

const STEPS = [
  {
    title: 'Connect',
    text: 'Sign in with your streaming account. Gatefold reads your saved albums and never posts on your behalf.',
    Icon: Plug,
  },
  {
    title: 'Organise',
    text: 'Sort albums into nested folders and add coloured tags. Genres and artists fill themselves in.',
    Icon: FolderTree,
  },
  {
    title: 'Enjoy',
    text: 'Open any album straight in your streaming app, or find your next favourite through discovery.',
    Icon: Headphones,
  },
];

export function LandingSteps() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="steps-heading"
      className="scroll-mt-4 bg-gray-50 px-4 py-20 sm:px-6 dark:bg-gray-900/50"
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="font-semibold text-indigo-700 dark:text-indigo-300">How it works</p>
          <h2 id="steps-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Three steps to a tidy collection
          </h2>
        </div>
        <ol className="mt-14 grid gap-8 md:grid-cols-3">
          {STEPS.map(({ title, text, Icon }, index) => (
            <li key={title} className="relative text-center">
              <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-indigo-600 text-white shadow-lg shadow-indigo-600/20">
                <Icon aria-hidden="true" className="size-7" />
              </span>
              <p className="mt-5 text-sm font-semibold uppercase tracking-wider text-indigo-700 dark:text-indigo-300">
                Step {index + 1}
              </p>
              <h3 className="mt-1 text-xl font-semibold">{title}</h3>
              <p className="mx-auto mt-2 max-w-xs text-gray-700 dark:text-gray-300">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
