import { Quote } from 'lucide-react';

// Samples, and labelled as such on the page: Gatefold has no customers to quote.
const SAMPLE_TESTIMONIALS = [
  {
    quote:
      'I finally have my 1,400 saved albums in folders that make sense. The genre pages alone sent me back to records I had forgotten.',
    name: 'Maya R.',
    role: 'Jazz and soul collector',
  },
  {
    quote:
      'Tags in colours are exactly how my brain files music. “Sunday morning” in yellow, “focus” in blue. It just works.',
    name: 'Jonas K.',
    role: 'Software developer',
  },
  {
    quote:
      'Running it on my own server was a ten-minute job, and nothing about my listening leaves the house. That matters to me.',
    name: 'Priya S.',
    role: 'Self-hosting enthusiast',
  },
];

export function LandingTestimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Loved by people who love albums
          </h2>
          <p className="mt-4 text-gray-700 dark:text-gray-300">
            Sample testimonials: illustrative quotes, not from real users.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {SAMPLE_TESTIMONIALS.map(({ quote, name, role }) => (
            <li key={name}>
              <figure className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900">
                <Quote aria-hidden="true" className="size-8 text-indigo-500 dark:text-indigo-400" />
                <blockquote className="mt-4 flex-1 text-gray-800 dark:text-gray-200">
                  <p>{quote}</p>
                </blockquote>
                <figcaption className="mt-6 border-t border-gray-100 pt-4 dark:border-gray-800">
                  <span className="block font-semibold">{name}</span>
                  <span className="block text-sm text-gray-600 dark:text-gray-400">
                    {role} · sample
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
