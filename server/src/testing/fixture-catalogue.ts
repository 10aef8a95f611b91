import type { CatalogueAlbum } from '../streaming/demo/catalogue-schema';
import { DemoCatalogue } from '../streaming/demo/demo-catalogue';
import { DemoStreamingService } from '../streaming/demo/demo-service';

const tracks = (names: string[], disc = 1) =>
  names.map((name, i) => ({
    disc,
    number: i + 1,
    name,
    duration: `${3 + (i % 4)}:${String((i * 17) % 60).padStart(2, '0')}`,
  }));

/** A small catalogue for tests: two discs, a long album, a duet, accents, three precisions. */
export const FIXTURE_ALBUMS: CatalogueAlbum[] = [
  {
    name: 'Kind of Blue',
    artists: ['Miles Davis'],
    release_date: '1959-08-17',
    label: 'Columbia',
    country: 'US',
    genres: ['jazz', 'modal jazz'],
    popularity: 80,
    album_type: 'album',
    tracks: tracks([
      'So What',
      'Freddie Freeloader',
      'Blue in Green',
      'All Blues',
      'Flamenco Sketches',
    ]),
  },
  {
    name: 'Homogenic',
    artists: ['Björk'],
    release_date: '1997-09',
    label: 'One Little Indian',
    country: 'IS',
    genres: ['art pop', 'electronic'],
    popularity: 60,
    album_type: 'album',
    tracks: tracks(['Hunter', 'Jóga', 'Unravel', 'Bachelorette']),
  },
  {
    name: 'Watch the Throne',
    artists: ['JAY-Z', 'Kanye West'],
    release_date: '2011-08-08',
    label: 'Roc-A-Fella',
    country: 'US',
    genres: ['hip hop'],
    popularity: 75,
    album_type: 'album',
    tracks: [
      {
        disc: 1,
        number: 1,
        name: 'No Church in the Wild',
        duration: '4:32',
        artists: ['JAY-Z', 'Kanye West', 'Frank Ocean'],
      },
      {
        disc: 1,
        number: 2,
        name: 'Lift Off',
        duration: '4:26',
        artists: ['JAY-Z', 'Kanye West', 'Beyoncé'],
      },
      { disc: 1, number: 3, name: 'Niggas in Paris', duration: '3:39' },
    ],
  },
  {
    name: 'The Complete Sessions',
    artists: ['Long Player'],
    release_date: '2024-05-01',
    label: 'Archive',
    country: 'GB',
    genres: ['rock'],
    popularity: 20,
    album_type: 'compilation',
    tracks: [
      ...tracks(Array.from({ length: 35 }, (_, i) => `Take ${i + 1}`)),
      ...tracks(
        Array.from({ length: 25 }, (_, i) => `Outtake ${i + 1}`),
        2,
      ),
    ],
  },
  {
    name: 'Ágætis byrjun',
    artists: ['Sigur Rós'],
    release_date: '1999',
    label: 'Smekkleysa',
    country: 'IS',
    genres: ['post-rock'],
    popularity: 55,
    album_type: 'album',
    tracks: tracks(['Intro', 'Svefn-g-englar', 'Starálfur']),
  },
  {
    name: 'Blue Lines',
    artists: ['Massive Attack'],
    release_date: '1991-04-08',
    label: 'Wild Bunch',
    country: 'GB',
    genres: ['trip hop'],
    popularity: 65,
    album_type: 'album',
    tracks: tracks(['Safe from Harm', 'One Love', 'Blue Lines', 'Unfinished Sympathy']),
  },
];

export function fixtureStreamingService(publicUrl = 'http://127.0.0.1:3000') {
  return new DemoStreamingService(new DemoCatalogue(FIXTURE_ALBUMS, publicUrl), publicUrl);
}
