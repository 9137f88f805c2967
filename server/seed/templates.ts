import type { StoredCategoryId } from '../../contract/categories.ts';
import type { MusicGenre } from '../../contract/family.ts';
import type { AgeRange } from '../ingest/ages.ts';
import type { VenueKind } from './data/venues.ts';

/**
 * The seed's event kinds, written to read like real listings. Placeholders: {venue}, {city},
 * {performer}, {genre}. Each template says which venues suit it and when it usually starts
 * (local hours), and carries its own price band. Performers and comedians are invented, so no
 * real artist is ever listed at a show that does not exist.
 */

export type PriceRule =
  | { kind: 'free' }
  /** Dollars; `range` gives a 'from - to' price such as '$15 - $40'. */
  | { kind: 'paid'; low: number; high: number; range?: boolean };

export interface EventTemplate {
  category: StoredCategoryId;
  family: boolean;
  title: string;
  description: string;
  at: readonly VenueKind[];
  hours: readonly number[];
  price: PriceRule;
  tags: readonly string[];
  performer?: { kind: 'band' | 'comedian' | 'dj'; genres?: readonly MusicGenre[] };
  /** A listing for the whole day (exhibitions, displays): no start time, like all-day feeds. */
  allDay?: true;
  /**
   * Who it is for, as a listing would say ('Ages 3-8', '21+'). Absent: all ages, which is what
   * most concerts, games and markets are: the ages filter then keeps them for every family.
   */
  ages?: AgeRange;
}

const free: PriceRule = { kind: 'free' };
const paid = (low: number, high: number, range = false): PriceRule => ({
  kind: 'paid',
  low,
  high,
  range,
});

const MUSIC_PLACES: readonly VenueKind[] = ['music-hall', 'club', 'theater'];
const FAMILY_MUSIC_PLACES: readonly VenueKind[] = ['music-hall', 'theater', 'park', 'museum'];
const GAME_PLACES: readonly VenueKind[] = ['arena', 'stadium'];
const COMEDY_PLACES: readonly VenueKind[] = ['comedy-club', 'theater'];
const FOOD_PLACES: readonly VenueKind[] = ['market', 'park'];
const POPUP_PLACES: readonly VenueKind[] = ['park', 'market', 'zoo'];

export const templates: readonly EventTemplate[] = [
  // Music & Shows
  {
    category: 'music',
    family: true,
    title: 'Family Jam: Sing-Along with {performer}',
    ages: { minAge: 0, maxAge: 8 },
    description:
      'Bring the little ones to {venue} for an hour of clap-along songs with {performer}. Shakers and tambourines are passed around, dancing in the aisles is encouraged, and every song is short enough for wiggly listeners.',
    at: FAMILY_MUSIC_PLACES,
    hours: [10, 11, 16],
    price: paid(8, 15),
    tags: ['Concert', 'Sing-along'],
    performer: { kind: 'band', genres: ['Family'] },
  },
  {
    category: 'music',
    family: true,
    title: 'Symphony Storytime: Peter and the Wolf',
    ages: { minAge: 3, maxAge: 10 },
    description:
      'Musicians from across {city} play Prokofiev’s musical tale while a narrator brings each character to life. Kids meet the instruments up close after the show.',
    at: ['music-hall', 'theater'],
    hours: [11, 14, 16],
    price: paid(10, 25, true),
    tags: ['Classical', 'Storytime'],
  },
  {
    category: 'music',
    family: true,
    title: 'Holiday Brass & Carols',
    description:
      'A brass quintet fills {venue} with carols and winter favourites, with song sheets for everyone who wants to join in. Cocoa is on sale at the door.',
    at: ['music-hall', 'park', 'market'],
    hours: [12, 16, 17],
    price: free,
    tags: ['Holiday', 'Brass'],
  },
  {
    category: 'music',
    family: true,
    title: 'Little Rockers: Songs of the Beatles for Kids',
    ages: { minAge: 2, maxAge: 8 },
    description:
      'Beatles classics played by {performer} as a rock show sized for kids, with bubbles, a dance-off and ear protection on loan at the door.',
    at: ['music-hall', 'club'],
    hours: [11, 12, 16],
    price: paid(15, 20),
    tags: ['Rock', 'Concert'],
    performer: { kind: 'band', genres: ['Family', 'Rock'] },
  },
  {
    category: 'music',
    family: true,
    title: 'Drum Circle in the Park',
    description:
      'A community drum circle at {venue}: drums and shakers are provided, no experience needed, and kids set the beat as often as the grown-ups.',
    at: ['park'],
    hours: [11, 15, 16],
    price: free,
    tags: ['Drums', 'Outdoors'],
  },
  {
    category: 'music',
    family: true,
    title: 'Youth Orchestra Winter Concert',
    description:
      'Young musicians from around {city} play Tchaikovsky, film themes and a sing-along encore. A friendly first concert for kids who have never been to one.',
    at: ['music-hall', 'theater'],
    hours: [14, 15, 17],
    price: paid(10, 20, true),
    tags: ['Classical', 'Orchestra'],
  },
  {
    category: 'music',
    family: false,
    title: '{performer}: Live in Concert',
    description:
      'An evening of {genre} from {performer} at {venue}, with songs from the new record alongside the crowd favourites.',
    at: MUSIC_PLACES,
    hours: [19, 20],
    price: paid(25, 65, true),
    tags: ['Concert', 'Live music'],
    performer: { kind: 'band', genres: ['Pop', 'Rock', 'Blues', 'Country'] },
  },
  {
    category: 'music',
    family: false,
    title: 'Late Night Jazz with {performer}',
    ages: { minAge: 21, maxAge: null },
    description:
      'Two sets of standards and originals from {performer} in the intimate room at {venue}. Table seating, cocktails and a late last call.',
    at: ['club', 'music-hall'],
    hours: [20, 21],
    price: paid(20, 40),
    tags: ['Jazz', 'Nightlife'],
    performer: { kind: 'band', genres: ['Jazz'] },
  },
  {
    category: 'music',
    family: false,
    title: 'Blues Jam Session',
    description:
      'The house band opens with a short set, then the stage opens to players from all over {city}. Sign up at the bar if you brought an instrument.',
    at: ['club'],
    hours: [19, 20],
    price: paid(10, 15),
    tags: ['Blues', 'Jam'],
  },
  {
    category: 'music',
    family: false,
    title: 'Dance Night with {performer} (21+)',
    ages: { minAge: 21, maxAge: null },
    description:
      '{performer} spins house, disco and electronic edits until late at {venue}. 21+ with ID.',
    at: ['club'],
    hours: [21, 22],
    price: paid(15, 30),
    tags: ['Electronic', 'Dancing', '21+'],
    performer: { kind: 'dj' },
  },
  {
    category: 'music',
    family: false,
    title: 'Singer-Songwriter Showcase',
    description:
      'Five songwriters from the {city} scene trade songs and the stories behind them, in the round, at {venue}.',
    at: ['club', 'music-hall', 'theater'],
    hours: [19, 20],
    price: paid(12, 25),
    tags: ['Acoustic', 'Live music'],
  },
  {
    category: 'music',
    family: false,
    title: 'Symphonic Film Scores Live',
    description:
      'A full orchestra plays the great movie themes, from space operas to wizarding worlds, under the lights at {venue}.',
    at: ['music-hall'],
    hours: [19, 20],
    price: paid(35, 95, true),
    tags: ['Classical', 'Orchestra'],
  },
  {
    category: 'music',
    family: false,
    title: 'Country Night: {performer}',
    description:
      'An evening of honky-tonk and heartbreak songs from {performer} at {venue}. Boots optional, two-stepping encouraged.',
    at: ['club', 'music-hall'],
    hours: [19, 20],
    price: paid(20, 45, true),
    tags: ['Country', 'Live music'],
    performer: { kind: 'band', genres: ['Country'] },
  },
  {
    category: 'music',
    family: false,
    title: 'Hip-Hop Showcase: {performer} and Friends',
    description:
      'Headlining: {performer}, with rising hip-hop and rap acts from around {city} and a live DJ between sets.',
    at: ['club', 'music-hall'],
    hours: [20, 21],
    price: paid(20, 40),
    tags: ['Hip-Hop', 'Rap'],
    performer: { kind: 'band', genres: ['Hip-Hop', 'Rap'] },
  },

  // Comedy
  {
    category: 'comedy',
    family: true,
    title: 'Family Improv Matinee',
    description:
      'The ensemble at {venue} turns kids’ suggestions into songs, scenes and silly stories. Every show is different, and every show is clean.',
    at: COMEDY_PLACES,
    hours: [11, 13, 16],
    price: paid(10, 18),
    tags: ['Improv', 'Matinee'],
  },
  {
    category: 'comedy',
    family: true,
    title: 'Kids’ Comedy & Magic Hour',
    ages: { minAge: 4, maxAge: 12 },
    description:
      'A comedian-magician makes things vanish, reappear and occasionally go very wrong, with plenty of volunteers from the audience.',
    at: COMEDY_PLACES,
    hours: [11, 14, 17],
    price: paid(12, 20),
    tags: ['Magic', 'Matinee'],
  },
  {
    category: 'comedy',
    family: true,
    title: 'Clown Around: Circus Comedy for All Ages',
    description:
      'Juggling, pratfalls and a very stubborn unicycle. A slapstick show at {venue} that works for toddlers and grandparents alike.',
    at: ['theater', 'park', 'comedy-club'],
    hours: [11, 14, 16],
    price: paid(10, 25, true),
    tags: ['Circus', 'Slapstick'],
  },
  {
    category: 'comedy',
    family: false,
    title: '{performer}: Stand-Up Live',
    ages: { minAge: 18, maxAge: null },
    description:
      '{performer} headlines {venue} with a new hour about family, dating and the indignities of city life, with two local openers.',
    at: COMEDY_PLACES,
    hours: [19, 21],
    price: paid(20, 45, true),
    tags: ['Stand-up', 'Nightlife'],
    performer: { kind: 'comedian' },
  },
  {
    category: 'comedy',
    family: false,
    title: 'Late Show Stand-Up Showcase',
    ages: { minAge: 21, maxAge: null },
    description:
      'Six comics, ten minutes each, hosted by {performer}. The late show at {venue} is where headliners try out new material. 21+.',
    at: ['comedy-club'],
    hours: [21, 22],
    price: paid(15, 30),
    tags: ['Stand-up', '21+'],
    performer: { kind: 'comedian' },
  },
  {
    category: 'comedy',
    family: false,
    title: 'Open Mic Comedy Night',
    ages: { minAge: 18, maxAge: null },
    description:
      'First-timers and working comics share the stage at {venue}. Sign-up opens an hour before showtime; audience members get in cheap.',
    at: ['comedy-club', 'club'],
    hours: [19, 20],
    price: paid(5, 10),
    tags: ['Open mic', 'Stand-up'],
  },
  {
    category: 'comedy',
    family: false,
    title: 'Improv Jam: Made Up on the Spot',
    description:
      'Long-form improv built from one audience suggestion. The cast at {venue} has never done this show before, and never will again.',
    at: COMEDY_PLACES,
    hours: [19, 20, 21],
    price: paid(12, 22),
    tags: ['Improv', 'Date night'],
  },
  {
    category: 'comedy',
    family: false,
    title: 'Sketch Comedy Revue',
    ages: { minAge: 13, maxAge: null },
    description:
      'A fast, sharp hour of new sketches from the {city} writers’ room, with a live band playing between scenes.',
    at: ['theater', 'comedy-club'],
    hours: [19, 20],
    price: paid(18, 35, true),
    tags: ['Sketch', 'Date night'],
  },

  // Sports games (watching)
  {
    category: 'sportsgames',
    family: true,
    title: 'College Basketball: Family Day Doubleheader',
    description:
      'Two games for one ticket at {venue}, with a halftime kids’ shootout and free face painting on the concourse.',
    at: ['arena'],
    hours: [12, 14],
    price: paid(12, 35, true),
    tags: ['Basketball', 'College'],
  },
  {
    category: 'sportsgames',
    family: true,
    title: 'Hockey Kids’ Night: Teddy Bear Toss',
    description:
      'Bring a new stuffed animal to throw on the ice after the first goal; every bear is donated to {city} children’s charities.',
    at: ['arena'],
    hours: [17, 18],
    price: paid(20, 60, true),
    tags: ['Hockey', 'Charity'],
  },
  {
    category: 'sportsgames',
    family: true,
    title: 'High School Football Championship',
    description:
      'The city’s top two teams meet at {venue} for the title, with marching bands at halftime and plenty of room in the stands.',
    at: ['stadium'],
    hours: [12, 17],
    price: paid(8, 15),
    tags: ['Football', 'High school'],
  },
  {
    category: 'sportsgames',
    family: true,
    title: 'Soccer Match: Kids Club Day',
    description:
      'Youth players walk out with the teams, and every kid in a club jersey gets a free scarf at the gates of {venue}.',
    at: ['stadium'],
    hours: [13, 16, 17],
    price: paid(15, 45, true),
    tags: ['Soccer', 'Match day'],
  },
  {
    category: 'sportsgames',
    family: true,
    title: 'Monster Truck Rally',
    description:
      'Car-crushing, mud-flinging trucks tear up {venue}. Arrive early for the pit party to meet the drivers. Ear protection recommended for little ones.',
    at: GAME_PLACES,
    hours: [13, 17],
    price: paid(20, 55, true),
    tags: ['Motorsports', 'Trucks'],
  },
  {
    category: 'sportsgames',
    family: false,
    title: 'Pro Basketball Night',
    description:
      'Regular-season basketball under the lights at {venue}, with a postgame concert on the plaza.',
    at: ['arena'],
    hours: [19],
    price: paid(45, 180, true),
    tags: ['Basketball', 'Pro'],
  },
  {
    category: 'sportsgames',
    family: false,
    title: 'Roller Derby Double Header',
    description:
      'The {city} league’s home teams square off in two bouts. Bring a sign; the trackside seats are the loudest in town.',
    at: ['arena'],
    hours: [18, 19],
    price: paid(15, 25),
    tags: ['Roller derby', 'Local league'],
  },
  {
    category: 'sportsgames',
    family: false,
    title: 'Pro Wrestling Live',
    description:
      'High-flying tag matches, a title bout and a main event grudge match at {venue}. Loud, theatrical and best enjoyed from the floor.',
    at: ['arena'],
    hours: [19, 20],
    price: paid(30, 90, true),
    tags: ['Wrestling', 'Live show'],
  },
  {
    category: 'sportsgames',
    family: false,
    title: 'College Football Rivalry Game',
    description:
      'A century-old rivalry comes to {venue}. Tailgates open in the lots four hours before kickoff.',
    at: ['stadium'],
    hours: [13, 17, 19],
    price: paid(35, 120, true),
    tags: ['Football', 'College'],
  },
  {
    category: 'sportsgames',
    family: false,
    title: 'Boxing Fight Night (21+)',
    ages: { minAge: 21, maxAge: null },
    description:
      'A ten-bout card topped by a regional title fight. Doors at {venue} open an hour before the first bell. 21+.',
    at: ['arena'],
    hours: [19],
    price: paid(40, 150, true),
    tags: ['Boxing', '21+'],
  },

  // Food & Dining
  {
    category: 'dining',
    family: true,
    title: 'Pancake Breakfast & Story Time',
    ages: { minAge: 0, maxAge: 6 },
    description:
      'Stacks of pancakes, fruit and cocoa, followed by a picture-book reading for kids on the rug. Pajamas welcome.',
    at: ['market', 'museum', 'park'],
    hours: [8, 9, 10],
    price: paid(8, 15),
    tags: ['Breakfast', 'Storytime'],
  },
  {
    category: 'dining',
    family: true,
    title: 'Food Truck Roundup',
    description:
      'A dozen food trucks park at {venue} with tacos, dumplings, wood-fired pizza and plenty of kid-sized portions. Entry is free; pay as you eat.',
    at: FOOD_PLACES,
    hours: [11, 17],
    price: free,
    tags: ['Food trucks', 'Outdoors'],
  },
  {
    category: 'dining',
    family: true,
    title: 'Kids’ Cooking Class: Pizza from Scratch',
    ages: { minAge: 6, maxAge: 12 },
    description:
      'Kids knead, stretch and top their own pizzas with a local chef, then eat what they made. All ingredients and aprons provided.',
    at: ['market', 'museum'],
    hours: [10, 13, 17],
    price: paid(25, 40),
    tags: ['Cooking class', 'Hands-on'],
  },
  {
    category: 'dining',
    family: true,
    title: 'Farmers Market Tasting Walk',
    description:
      'A guided stroll through the stalls at {venue}, tasting seasonal fruit, cheese and bread, with a scavenger-hunt card for kids.',
    at: ['market'],
    hours: [9, 10, 11],
    price: paid(10, 20),
    tags: ['Farmers market', 'Tasting'],
  },
  {
    category: 'dining',
    family: true,
    title: 'Cookie Decorating Workshop',
    ages: { minAge: 4, maxAge: 12 },
    description:
      'Six cookies, four colours of icing and a mountain of sprinkles per kid. Boxes provided to take the masterpieces home.',
    at: ['market', 'museum'],
    hours: [11, 14, 16, 17],
    price: paid(18, 30),
    tags: ['Baking', 'Hands-on'],
  },
  {
    category: 'dining',
    family: false,
    title: 'Wine & Cheese Pairing Night (21+)',
    ages: { minAge: 21, maxAge: null },
    description:
      'A cheesemonger and a sommelier pour six wines with six cheeses and explain why each pair works. 21+ with ID.',
    at: ['market'],
    hours: [18, 19],
    price: paid(45, 75),
    tags: ['Wine', 'Tasting', '21+'],
  },
  {
    category: 'dining',
    family: false,
    title: 'Chef’s Tasting Dinner',
    description:
      'Seven courses from a guest chef at {venue}, built around what the farms around {city} are harvesting this week. Vegetarian menu on request.',
    at: ['market'],
    hours: [18, 19],
    price: paid(85, 140),
    tags: ['Dinner', 'Tasting menu'],
  },
  {
    category: 'dining',
    family: false,
    title: 'Craft Beer Tasting (21+)',
    ages: { minAge: 21, maxAge: null },
    description:
      'Local brewers pour their winter releases at {venue}. Your ticket includes a tasting glass and ten pours. 21+.',
    at: ['market', 'park'],
    hours: [16, 18],
    price: paid(30, 50),
    tags: ['Beer', 'Tasting', '21+'],
  },
  {
    category: 'dining',
    family: false,
    title: 'Night Market Eats',
    description:
      'Street food stalls, lanterns and a DJ at {venue} after dark: skewers, bao, churros and more. Free entry; food priced per stall.',
    at: FOOD_PLACES,
    hours: [17, 18, 19],
    price: free,
    tags: ['Street food', 'Nightlife'],
  },
  {
    category: 'dining',
    family: false,
    title: 'Dumpling-Making Workshop',
    description:
      'Learn to fold pleated dumplings and potstickers with a chef, then cook and eat your batch. Drinks available for purchase.',
    at: ['market'],
    hours: [18, 19],
    price: paid(55, 75),
    tags: ['Cooking class', 'Date night'],
  },

  // Arts & Culture
  {
    category: 'arts',
    family: true,
    title: 'Family Science Day',
    ages: { minAge: 4, maxAge: 12 },
    description:
      'Hands-on experiments all over {venue}: make slime, launch air rockets and look at pond water under a microscope. Best for ages 4 to 12.',
    at: ['museum'],
    hours: [10, 11, 13],
    price: paid(12, 25),
    tags: ['Science', 'Hands-on'],
  },
  {
    category: 'arts',
    family: true,
    title: 'Stargazing Family Night',
    description:
      'Astronomers set up telescopes and point out planets, the moon and star clusters. Indoors there is a short sky show if clouds roll in.',
    at: ['museum', 'park'],
    hours: [17, 18, 19],
    price: paid(10, 18),
    tags: ['Astronomy', 'Science'],
  },
  {
    category: 'arts',
    family: true,
    title: 'Free Family Day',
    description:
      'Free admission for families at {venue}, with drop-in crafts, gallery games and a costumed guide who loves questions from kids.',
    at: ['museum'],
    hours: [10, 11],
    price: free,
    tags: ['Museum', 'Crafts'],
  },
  {
    category: 'arts',
    family: true,
    title: 'Build-a-Robot Workshop',
    ages: { minAge: 8, maxAge: 14 },
    description:
      'Kids wire motors, lights and sensors into a small robot to take home. Grown-ups are welcome to help, or to watch in awe.',
    at: ['museum'],
    hours: [10, 13, 15],
    price: paid(20, 35),
    tags: ['STEM', 'Workshop'],
  },
  {
    category: 'arts',
    family: true,
    title: 'Dinosaur Discovery Tour',
    ages: { minAge: 4, maxAge: 10 },
    description:
      'A guided walk past the fossils at {venue}, with real specimens kids can touch and a dig pit at the end.',
    at: ['museum'],
    hours: [10, 11, 14],
    price: paid(10, 20),
    tags: ['Dinosaurs', 'Tour'],
  },
  {
    category: 'arts',
    family: true,
    title: 'Meet the Keepers',
    description:
      'Keepers at {venue} share feeding time and answer questions about the animals in their care. Stroller-friendly paths throughout.',
    at: ['zoo'],
    hours: [10, 11, 14],
    price: paid(15, 30),
    tags: ['Animals', 'Nature'],
  },
  {
    category: 'arts',
    family: true,
    title: 'Puppet Theater: The Lost Mitten',
    ages: { minAge: 2, maxAge: 7 },
    description:
      'A hand-made puppet show about a mitten that becomes a home for a whole forest of animals, followed by a make-your-own puppet table.',
    at: ['theater', 'museum'],
    hours: [10, 11, 15],
    price: paid(10, 15),
    tags: ['Puppets', 'Theater'],
  },
  {
    category: 'arts',
    family: true,
    title: 'Drop-In Art Studio',
    ages: { minAge: 3, maxAge: 12 },
    description:
      'Paint, clay and collage tables are open for kids and grown-ups to make something together. Smocks provided; everything washes out.',
    at: ['museum', 'park'],
    hours: [10, 13, 15, 16],
    price: free,
    tags: ['Art', 'Crafts'],
  },
  {
    category: 'arts',
    family: false,
    title: 'After Dark: Adults-Only Night (21+)',
    ages: { minAge: 21, maxAge: null },
    description:
      'The galleries at {venue} stay open late with a DJ, a cash bar and talks you won’t hear on a school trip. 21+.',
    at: ['museum', 'zoo'],
    hours: [18, 19],
    price: paid(20, 35),
    tags: ['Nightlife', '21+'],
  },
  {
    category: 'arts',
    family: false,
    title: 'Gallery Opening Reception',
    description:
      'Meet the artists behind the new exhibition at {venue}, with wine, music and a short walk-through at seven.',
    at: ['museum'],
    hours: [18],
    price: free,
    tags: ['Art', 'Exhibition'],
  },
  {
    category: 'arts',
    family: false,
    title: 'Curator Talk: Behind the Collection',
    description:
      'A curator from {venue} tells the stories behind five objects that rarely leave storage. Q&A to follow.',
    at: ['museum'],
    hours: [12, 18],
    price: paid(10, 20),
    tags: ['Talk', 'History'],
  },
  {
    category: 'arts',
    family: false,
    title: 'Poetry Slam',
    description:
      'Poets from across {city} get three minutes each and five judges picked from the audience. Sign up at the door to compete.',
    at: ['club', 'theater'],
    hours: [19, 20],
    price: paid(8, 12),
    tags: ['Poetry', 'Spoken word'],
  },
  {
    category: 'arts',
    family: false,
    title: 'Figure Drawing Session',
    ages: { minAge: 18, maxAge: null },
    description:
      'Three hours of short and long poses with a live model. Easels and paper provided; bring your own pencils or charcoal.',
    at: ['museum'],
    hours: [18, 19],
    price: paid(15, 25),
    tags: ['Drawing', 'Workshop'],
  },

  // Active / Sports (doing)
  {
    category: 'sports',
    family: true,
    title: 'Family Fun Run',
    description:
      'A flat, stroller-friendly loop at {venue} with a 1K kids’ dash before the main run. Every finisher gets a medal.',
    at: ['park'],
    hours: [8, 9],
    price: paid(15, 30),
    tags: ['Running', 'Outdoors'],
  },
  {
    category: 'sports',
    family: true,
    title: 'Kids’ Yoga in the Park',
    ages: { minAge: 3, maxAge: 10 },
    description:
      'Animal poses, balance games and a short rest under the trees at {venue}. Bring a mat or a towel; grown-ups can join in.',
    at: ['park'],
    hours: [9, 10, 16],
    price: free,
    tags: ['Yoga', 'Outdoors'],
  },
  {
    category: 'sports',
    family: true,
    title: 'Family Bike Ride',
    description:
      'An easy, car-free ride with ride leaders front and back. Balance bikes, trailers and tag-alongs are all welcome.',
    at: ['park'],
    hours: [9, 10],
    price: free,
    tags: ['Cycling', 'Outdoors'],
  },
  {
    category: 'sports',
    family: true,
    title: 'Learn-to-Skate Session',
    ages: { minAge: 5, maxAge: 12 },
    description:
      'Coaches teach first glides, stops and how to fall safely. Skate rental and helmets are included for kids.',
    at: ['rink'],
    hours: [10, 11, 16, 17],
    price: paid(12, 20),
    tags: ['Ice skating', 'Lessons'],
  },
  {
    category: 'sports',
    family: true,
    title: 'Nature Scavenger Hike',
    description:
      'A ranger-led walk with a checklist of leaves, birds and bugs to find. About two miles at a little-legs pace.',
    at: ['park', 'zoo'],
    hours: [9, 10, 14],
    price: free,
    tags: ['Hiking', 'Nature'],
  },
  {
    category: 'sports',
    family: true,
    title: 'Kids’ Climbing Intro',
    ages: { minAge: 6, maxAge: 12 },
    description:
      'Instructors teach knots, belaying basics and the first climb on the kids’ wall. Shoes and harnesses provided.',
    at: ['gym'],
    hours: [10, 13, 16, 17],
    price: paid(20, 35),
    tags: ['Climbing', 'Lessons'],
  },
  {
    category: 'sports',
    family: false,
    title: 'Sunrise Run Club',
    description:
      'A social 5K at {venue} at an easy conversational pace, followed by coffee. All paces welcome; nobody gets left behind.',
    at: ['park'],
    hours: [6, 7],
    price: free,
    tags: ['Running', 'Social'],
  },
  {
    category: 'sports',
    family: false,
    title: 'Vinyasa Flow in the Park',
    description:
      'An hour of flowing yoga at {venue} for all levels, with a long savasana at the end. Bring a mat and water.',
    at: ['park'],
    hours: [8, 9, 17],
    price: paid(10, 20),
    tags: ['Yoga', 'Outdoors'],
  },
  {
    category: 'sports',
    family: false,
    title: 'Pickleball Open Play',
    description:
      'Drop-in doubles rotating every eleven points. Paddles and balls to borrow; beginners get a five-minute rules primer.',
    at: ['park', 'gym'],
    hours: [9, 18],
    price: paid(5, 10),
    tags: ['Pickleball', 'Drop-in'],
  },
  {
    category: 'sports',
    family: false,
    title: 'Bootcamp Workout',
    description:
      'Forty-five minutes of intervals, sprints and bodyweight strength with a certified trainer at {venue}. Scaled for every level.',
    at: ['park'],
    hours: [6, 7, 18],
    price: paid(15, 25),
    tags: ['Fitness', 'Outdoors'],
  },
  {
    category: 'sports',
    family: false,
    title: 'Adult Skate Night',
    ages: { minAge: 18, maxAge: null },
    description:
      'Grown-ups only on the ice: a DJ, disco lights and hot cider at the rail. Skate rental included.',
    at: ['rink'],
    hours: [19, 20],
    price: paid(15, 22),
    tags: ['Ice skating', 'Nightlife'],
  },
  {
    category: 'sports',
    family: false,
    title: 'Bouldering Social',
    description:
      'New problems set for the night, a friendly competition card and snacks between sends. Day passes and shoe rental included.',
    at: ['gym'],
    hours: [18, 19],
    price: paid(20, 30),
    tags: ['Climbing', 'Social'],
  },

  // Pop-Up Events
  {
    category: 'popup',
    family: true,
    title: 'Holiday Lights Pop-Up',
    description:
      'Thousands of lights, a walk-through tunnel and a photo spot at {venue}, with cocoa and cookies from local bakers.',
    at: ['park', 'zoo', 'market'],
    hours: [17, 18],
    price: free,
    tags: ['Holiday', 'Lights'],
  },
  {
    category: 'popup',
    family: true,
    title: 'Bubble Festival',
    description:
      'Giant bubble wands, bubble machines and a bubble artist who can put a kid inside one. Wear clothes that can get soapy.',
    at: ['park'],
    hours: [11, 13, 15],
    price: free,
    tags: ['Outdoors', 'Festival'],
  },
  {
    category: 'popup',
    family: true,
    title: 'Pop-Up Petting Farm',
    description:
      'Goats, bunnies, chicks and one very patient pony visit {venue} for the afternoon. Hand-washing stations on site.',
    at: ['park', 'market'],
    hours: [10, 12, 14],
    price: paid(5, 10),
    tags: ['Animals', 'Outdoors'],
  },
  {
    category: 'popup',
    family: true,
    title: 'Maker Market & Craft Fair',
    description:
      'Fifty local makers sell ceramics, prints, toys and jewellery at {venue}, with a kids’ craft corner while you shop.',
    at: ['market', 'park'],
    hours: [10, 11],
    price: free,
    tags: ['Market', 'Crafts'],
  },
  {
    category: 'popup',
    family: true,
    title: 'Outdoor Movie Night',
    description:
      'A family favourite on the big inflatable screen at {venue}. Bring blankets and low chairs; popcorn is on the house.',
    at: ['park'],
    hours: [17, 18],
    price: free,
    tags: ['Movies', 'Outdoors'],
  },
  {
    category: 'popup',
    family: true,
    title: 'Winter Lantern Walk',
    description:
      'Make a paper lantern at the craft table, then join a dusk parade around {venue} with a small brass band leading the way.',
    at: ['park', 'zoo'],
    hours: [16, 17],
    price: paid(5, 12),
    tags: ['Lanterns', 'Holiday'],
  },
  {
    category: 'popup',
    family: false,
    title: 'Vintage Pop-Up Market',
    description:
      'Racks of vintage clothing, records and mid-century finds from thirty dealers, plus a coffee cart and a DJ.',
    at: ['market', 'park'],
    hours: [11, 12],
    price: free,
    tags: ['Vintage', 'Shopping'],
  },
  {
    category: 'popup',
    family: false,
    title: 'Silent Disco',
    description:
      'Three DJs, three channels, one pair of glowing headphones each. Switch stations whenever you like and dance under the stars at {venue}.',
    at: ['park', 'market'],
    hours: [19, 20],
    price: paid(15, 25),
    tags: ['Dancing', 'Nightlife'],
  },
  {
    category: 'popup',
    family: false,
    title: 'Pop-Up Beer Garden (21+)',
    ages: { minAge: 21, maxAge: null },
    description:
      'Long tables, string lights and rotating taps from local breweries at {venue} for one weekend only. 21+.',
    at: ['park', 'market'],
    hours: [16, 17],
    price: free,
    tags: ['Beer', '21+'],
  },
  {
    category: 'popup',
    family: false,
    title: 'Artisan Holiday Market',
    description:
      'Gifts from independent makers, mulled wine and live acoustic sets at {venue} in the evening light.',
    at: POPUP_PLACES,
    hours: [16, 17, 18],
    price: free,
    tags: ['Holiday', 'Shopping'],
  },
  {
    category: 'popup',
    family: false,
    title: 'Secret Supper Club',
    description:
      'A long-table dinner at {venue} from a rotating guest chef; the menu is revealed at the table. Seats are limited.',
    at: ['market'],
    hours: [19],
    price: paid(65, 95),
    tags: ['Dinner', 'Date night'],
  },
];

/**
 * Day-long listings. Search keeps an all-day event until its day ends, so these keep Today
 * populated for families and grown-ups even late in the evening.
 */
export const allDayTemplates: readonly EventTemplate[] = [
  {
    category: 'arts',
    family: true,
    allDay: true,
    title: 'Gingerbread Village Exhibit',
    description:
      'Dozens of gingerbread houses built by {city} bakers and their kids fill {venue}. Vote for your favourite on the way out; the winner is announced on the last day.',
    at: ['museum', 'market'],
    hours: [],
    price: free,
    tags: ['Holiday', 'Exhibition'],
  },
  {
    category: 'arts',
    family: true,
    allDay: true,
    title: 'Dinosaurs Alive! Family Exhibition',
    description:
      'Life-size moving dinosaurs, a fossil dig pit and a dino-egg hunt for younger explorers at {venue}.',
    at: ['museum', 'zoo'],
    hours: [],
    price: paid(12, 25),
    tags: ['Dinosaurs', 'Exhibition'],
  },
  {
    category: 'popup',
    family: true,
    allDay: true,
    title: 'Winter Lights Trail',
    description:
      'A walking trail of glowing animals, light tunnels and a giant snow globe at {venue}, best after dark.',
    at: ['park', 'zoo'],
    hours: [],
    price: paid(8, 20),
    tags: ['Lights', 'Holiday'],
  },
  {
    category: 'popup',
    family: true,
    allDay: true,
    title: 'Holiday Model Train Display',
    description:
      'Model trains wind through a miniature {city} of tiny shops, snowy hills and a working ferris wheel at {venue}.',
    at: ['market', 'museum'],
    hours: [],
    price: free,
    tags: ['Trains', 'Holiday'],
  },
  {
    category: 'arts',
    family: false,
    allDay: true,
    title: 'Photography Exhibition: City After Dark',
    description:
      'Night photographs of {city} from twelve local photographers: neon, rain and empty streets at {venue}.',
    at: ['museum'],
    hours: [],
    price: paid(15, 25),
    tags: ['Photography', 'Exhibition'],
  },
  {
    category: 'popup',
    family: false,
    allDay: true,
    title: 'Winter Beer Garden (21+)',
    ages: { minAge: 21, maxAge: null },
    description:
      'Heated tents, fire pits and rotating taps from local breweries at {venue}, open from noon until late. 21+.',
    at: ['park', 'market'],
    hours: [],
    price: free,
    tags: ['Beer', '21+'],
  },
  {
    category: 'popup',
    family: false,
    allDay: true,
    title: 'Vintage & Vinyl Fair',
    description:
      'Crates of records, vintage clothing and mid-century homeware from forty dealers at {venue}, with a listening bar in the corner.',
    at: ['market', 'park'],
    hours: [],
    price: paid(5, 10),
    tags: ['Vintage', 'Records'],
  },
];

interface Performer {
  name: string;
  genre: MusicGenre;
}

/** Invented acts; their genres are the app's music genres, so music preferences match them. */
export const bands: readonly Performer[] = [
  { name: 'The Marigold Sessions', genre: 'Pop' },
  { name: 'Luna & the Lanterns', genre: 'Pop' },
  { name: 'Copper Canyon Revival', genre: 'Country' },
  { name: 'The Velvet Comets', genre: 'Rock' },
  { name: 'Saltwater Sunday', genre: 'Rock' },
  { name: 'Northbound Ramblers', genre: 'Country' },
  { name: 'The Blue Hour Trio', genre: 'Jazz' },
  { name: 'Juniper & Smoke', genre: 'Blues' },
  { name: 'The Harbor Lights Quartet', genre: 'Jazz' },
  { name: 'Mesa Verde Strings', genre: 'Classical' },
  { name: 'Kid Gravity', genre: 'Hip-Hop' },
  { name: 'Verse Collective', genre: 'Rap' },
  { name: 'The Paper Kites Club', genre: 'Family' },
  { name: 'Sunny Day Jamboree', genre: 'Family' },
  { name: 'Midnight Orchard', genre: 'Rock' },
  { name: 'Delta Porchlight', genre: 'Blues' },
  { name: 'The Satellite Hearts', genre: 'Pop' },
  { name: 'Honey Creek Band', genre: 'Country' },
];

export const djs: readonly Performer[] = [
  { name: 'DJ Sol Rising', genre: 'Electronic' },
  { name: 'Neon Tide', genre: 'Electronic' },
  { name: 'Kaleidoscope Kid', genre: 'Electronic' },
  { name: 'Mira Vance', genre: 'Electronic' },
];

export const comedians: readonly string[] = [
  'Dana Whitlock',
  'Marcus Bell',
  'Priya Raman',
  'Tommy Okafor',
  'Jess Carrow',
  'Luis Ocampo',
  'Hannah Bright',
  'Sam Kowalski',
  'Rita Delgado',
  'Kenji Mori',
  'Ava Sterling',
  'Chris Haddad',
];

/** Last sentences that make a listing practical; chosen by what the event is. */
export const closers = {
  family: [
    'Strollers are welcome, and there is space to park them by the entrance.',
    'Bring a water bottle and a snack for afterwards.',
    'Snacks are sold on site, or bring your own picnic.',
    'Plan for about an hour; restrooms and a changing table are close by.',
    'Grown-ups must stay with their kids throughout.',
  ],
  /** Grown-up shows: concerts, comedy, games, talks. */
  shows: [
    'Doors open 30 minutes before the start.',
    'Seating is first come, first served.',
    'Food and drinks are available on site.',
    'Street parking is limited, so transit is the easy way in.',
  ],
  /** Grown-up workouts and classes. */
  active: [
    'Bring water and a layer; it can be cool before the sun is up.',
    'All levels welcome; coaches offer easier options throughout.',
  ],
  /** Grown-up markets, tastings and pop-ups. */
  adult: [
    'Food and drinks are available on site.',
    'Street parking is limited, so transit is the easy way in.',
    'Bring a tote bag; most stalls take cards.',
  ],
  allDay: [
    'Open all day; come and go as you like.',
    'Weekday mornings are the quietest time to visit.',
  ],
  free: ['No tickets needed: just show up.', 'Free to attend; an RSVP helps the organisers plan.'],
  paidOnline: ['Tickets often sell out, so book ahead.', 'Buy tickets online to skip the line.'],
  paidDoor: ['Tickets are sold at the door, cash or card.'],
} as const;
