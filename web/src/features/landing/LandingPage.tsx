import { ArrowDown, Disc3, LogIn } from 'lucide-react';
import { SIGN_IN_URL } from '../../api/sign-in-url';
import { SessionExpiredNotice } from '../../components/SessionExpiredNotice';
import { HeroArtwork } from './HeroArtwork';
import { FEATURES_SECTION_ID, LandingFeatures } from './LandingFeatures';
import { LandingSteps } from './LandingSteps';
import { LandingTestimonials } from './LandingTestimonials';

const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-indigo-600 px-5 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-indigo-700';
const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-xl border border-gray-300 bg-white px-5 py-3 font-semibold text-gray-900 transition-colors hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800';

function scrollToFeatures() {
  const features = document.getElementById(FEATURES_SECTION_ID);
  if (features === null) return;
  const reduceMotion =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  features.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue from the section they were taken to.
  features.focus({ preventScroll: true });
}

/** The public front page (SPEC §1–2): what Gatefold is, and the way in. */
export function LandingPage() {
  return (
    <div className="min-h-screen bg-white text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <title>Gatefold · Your album collection, beautifully organised</title>
      <header className="border-b border-gray-100 dark:border-gray-900">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <span className="flex items-center gap-2 text-lg font-bold tracking-tight">
            <Disc3 aria-hidden="true" className="size-6 text-indigo-600 dark:text-indigo-400" />
            Gatefold
          </span>
          <nav aria-label="Main" className="flex items-center gap-2 sm:gap-6">
            <a
              href="#features"
              className="hidden rounded text-sm font-medium text-gray-700 hover:text-gray-900 sm:inline dark:text-gray-300 dark:hover:text-white"
            >
              Features
            </a>
            <a
              href="#how-it-works"
              className="hidden rounded text-sm font-medium text-gray-700 hover:text-gray-900 sm:inline dark:text-gray-300 dark:hover:text-white"
            >
              How it works
            </a>
            <a
              href={SIGN_IN_URL}
              className="rounded-lg bg-gray-900 px-4 py-2 text-sm font-semibold text-white hover:bg-gray-700 dark:bg-white dark:text-gray-900 dark:hover:bg-gray-200"
            >
              Sign in
            </a>
          </nav>
        </div>
      </header>

      <main>
        <section
          aria-labelledby="hero-heading"
          className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white dark:from-indigo-950/60 dark:via-gray-950 dark:to-gray-950"
        >
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-20 sm:px-6 lg:grid-cols-2 lg:pt-20 lg:pb-28">
            <div>
              <div className="mb-6 empty:hidden">
                <SessionExpiredNotice />
              </div>
              <p className="inline-flex items-center gap-2 rounded-full bg-indigo-100 px-3 py-1 text-sm font-medium text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-100">
                Self-hosted · Private · Free
              </p>
              <h1
                id="hero-heading"
                className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
              >
                Your album collection, beautifully organised.
              </h1>
              <p className="mt-6 max-w-xl text-lg text-pretty text-gray-700 dark:text-gray-300">
                Gatefold brings the albums you love on your streaming service into one calm library.
                Sort them into nested folders, label them with coloured tags, browse by genre and
                artist, and discover what to play next.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <a href={SIGN_IN_URL} className={primaryButton}>
                  <LogIn aria-hidden="true" className="size-5" />
                  Sign in to get started
                </a>
                <button type="button" onClick={scrollToFeatures} className={secondaryButton}>
                  Explore features
                  <ArrowDown aria-hidden="true" className="size-5" />
                </button>
              </div>
              <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">
                Sign in with your streaming account. Gatefold only reads your library.
              </p>
            </div>
            <HeroArtwork />
          </div>
        </section>

        <LandingFeatures />
        <LandingSteps />
        <LandingTestimonials />

        <section aria-labelledby="cta-heading" className="px-4 py-20 sm:px-6">
          <div className="mx-auto max-w-4xl rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-14 text-center text-white shadow-xl sm:px-12">
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Give your music the shelf it deserves.
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-50">
              Connect your streaming account and have your first folders in minutes.
            </p>
            <a
              href={SIGN_IN_URL}
              className="mt-8 inline-flex items-center gap-2 rounded-xl bg-white px-6 py-3 font-semibold text-indigo-800 shadow-sm hover:bg-indigo-50 focus-visible:outline-white"
            >
              <LogIn aria-hidden="true" className="size-5" />
              Sign in and start organising
            </a>
          </div>
        </section>
      </main>

      <footer className="border-t border-gray-200 dark:border-gray-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <p className="flex items-center gap-2 font-bold">
              <Disc3 aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
              Gatefold
            </p>
            <p className="mt-2 max-w-sm text-sm text-gray-600 dark:text-gray-400">
              A self-hosted organiser for your album collection. No trackers, no ads: your library
              stays on your server.
            </p>
          </div>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-gray-700 dark:text-gray-300">
              <li>
                <a href="#features" className="rounded hover:text-gray-900 dark:hover:text-white">
                  Features
                </a>
              </li>
              <li>
                <a
                  href="#how-it-works"
                  className="rounded hover:text-gray-900 dark:hover:text-white"
                >
                  How it works
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <p className="border-t border-gray-100 py-6 text-center text-sm text-gray-600 dark:border-gray-900 dark:text-gray-400">
          © {new Date().getFullYear()} Gatefold. Testimonials on this page are samples.
        </p>
      </footer>
    </div>
  );
}
