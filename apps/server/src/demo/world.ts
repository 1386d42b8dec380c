/**
 * The demo world: a small, believable Plaza community, mostly in Lisbon, with a few people in
 * Berlin and Brooklyn. Dates are given relative to the moment of seeding, so plans stay upcoming.
 */

import type { Weekday } from '@plaza/core/plan-occurrences';

export interface DemoPerson {
  username: string;
  first: string;
  last: string;
  bio: string;
  city: 'Lisbon' | 'Berlin' | 'Brooklyn';
  isPublic?: boolean;
  isVerified?: boolean;
}

export interface DemoPlace {
  name: string;
  address: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  timezone: string;
}

export interface DemoGroup {
  slug: string;
  title: string;
  description: string;
  art: ArtTheme;
  owner: string;
  admins?: string[];
  members: string[];
  requests?: string[];
  isPublic: boolean;
  hasJoinRequests: boolean;
  place: DemoPlace;
  hashtags: string[];
  chat: Array<[username: string, text: string]>;
}

export interface DemoPlan {
  title: string;
  description: string;
  art: ArtTheme;
  creator: string;
  group?: string;
  /** Days from the seeding day (negative: past), local start hour and minute, duration in minutes. */
  day: number;
  at: [hour: number, minute: number];
  minutes: number;
  place: DemoPlace;
  isPublic: boolean;
  /** Days a private plan repeats on; public plans do not repeat (spec 5). */
  weekly?: Weekday[];
  attending: string[];
  interested?: string[];
  nextTime?: string[];
  hashtags: string[];
  link?: string;
  chat?: Array<[username: string, text: string]>;
}

export type ArtTheme =
  'hills' | 'waves' | 'books' | 'track' | 'dice' | 'rocks' | 'sketch' | 'food' | 'music' | 'city';

const LISBON = { city: 'Lisbon', state: 'Lisbon', timezone: 'Europe/Lisbon' } as const;

export const places = {
  monsanto: {
    ...LISBON,
    name: 'Parque Florestal de Monsanto',
    address: 'Estrada da Bela Vista',
    latitude: 38.7296,
    longitude: -9.1866,
  },
  sintra: {
    city: 'Sintra',
    state: 'Lisbon',
    timezone: 'Europe/Lisbon',
    name: 'Sintra station',
    address: 'Av. Miguel Bombarda',
    latitude: 38.7992,
    longitude: -9.3836,
  },
  carcavelos: {
    ...LISBON,
    city: 'Cascais',
    name: 'Praia de Carcavelos',
    address: 'Av. Marginal',
    latitude: 38.6785,
    longitude: -9.3358,
  },
  alfama: {
    ...LISBON,
    name: 'Livraria Tinta-da-China',
    address: 'Rua dos Remédios 84',
    latitude: 38.7119,
    longitude: -9.1285,
  },
  ribeira: {
    ...LISBON,
    name: 'Cais do Sodré riverside',
    address: 'Av. Ribeira das Naus',
    latitude: 38.7067,
    longitude: -9.1417,
  },
  intendente: {
    ...LISBON,
    name: 'Café O Tabuleiro',
    address: 'Largo do Intendente 15',
    latitude: 38.7222,
    longitude: -9.1355,
  },
  lxfactory: {
    ...LISBON,
    name: 'LX Factory',
    address: 'Rua Rodrigues de Faria 103',
    latitude: 38.7033,
    longitude: -9.1789,
  },
  graca: {
    ...LISBON,
    name: 'Miradouro da Graça',
    address: 'Largo da Graça',
    latitude: 38.7163,
    longitude: -9.1311,
  },
  arroios: {
    ...LISBON,
    name: 'Mercado de Arroios',
    address: 'Rua Ângela Pinto 40',
    latitude: 38.7336,
    longitude: -9.1386,
  },
  climbing: {
    ...LISBON,
    name: 'Bloco Climbing Gym',
    address: 'Rua da Cintura do Porto',
    latitude: 38.7002,
    longitude: -9.1664,
  },
  berlin: {
    city: 'Berlin',
    state: 'Berlin',
    timezone: 'Europe/Berlin',
    name: 'Tempelhofer Feld',
    address: 'Tempelhofer Damm',
    latitude: 52.4732,
    longitude: 13.4015,
  },
  berlinMuseum: {
    city: 'Berlin',
    state: 'Berlin',
    timezone: 'Europe/Berlin',
    name: 'Pergamonmuseum steps',
    address: 'Bodestraße 1-3',
    latitude: 52.5212,
    longitude: 13.3966,
  },
  brooklyn: {
    city: 'Brooklyn',
    state: 'NY',
    timezone: 'America/New_York',
    name: 'Prospect Park Bandshell',
    address: 'Prospect Park West & 9th St',
    latitude: 40.6655,
    longitude: -73.9763,
  },
} satisfies Record<string, DemoPlace>;

/**
 * Where each demo city's people live on their profiles: the city's centre (a profile names a city,
 * never a street), as the city data set places it.
 */
export const cityCentres = {
  Lisbon: { latitude: 38.7167, longitude: -9.1333 },
  Berlin: { latitude: 52.5244, longitude: 13.4105 },
  Brooklyn: { latitude: 40.6501, longitude: -73.9496 },
} satisfies Record<DemoPerson['city'], { latitude: number; longitude: number }>;

export const people: DemoPerson[] = [
  {
    username: 'ines',
    first: 'Inês',
    last: 'Carvalho',
    bio: 'Trail runner, weekend hiker, organiser of Sunday Hikers. Coffee first.',
    city: 'Lisbon',
    isVerified: true,
  },
  {
    username: 'tomas',
    first: 'Tomás',
    last: 'Pereira',
    bio: 'Architect. I sketch buildings and lose at board games.',
    city: 'Lisbon',
  },
  {
    username: 'amara',
    first: 'Amara',
    last: 'Okafor',
    bio: 'Moved to Lisbon last spring. Books, swimming, good bread.',
    city: 'Lisbon',
  },
  {
    username: 'lucas',
    first: 'Lucas',
    last: 'Martin',
    bio: 'Run crew captain. 5 a.m. is a state of mind.',
    city: 'Lisbon',
    isVerified: true,
  },
  {
    username: 'mei',
    first: 'Mei',
    last: 'Tanaka',
    bio: 'Climber and UX researcher. Ask me about bouldering grades.',
    city: 'Lisbon',
  },
  {
    username: 'joao',
    first: 'João',
    last: 'Silva',
    bio: 'Fado on Thursdays, football on Sundays.',
    city: 'Lisbon',
  },
  {
    username: 'sofia',
    first: 'Sofia',
    last: 'Almeida',
    bio: 'Book club host. Currently reading everything by Saramago.',
    city: 'Lisbon',
    isVerified: true,
  },
  {
    username: 'noah',
    first: 'Noah',
    last: 'Fischer',
    bio: 'Remote engineer, new in town, saying yes to things.',
    city: 'Lisbon',
  },
  {
    username: 'leila',
    first: 'Leila',
    last: 'Haddad',
    bio: 'Ceramics, surf lessons, long lunches.',
    city: 'Lisbon',
  },
  {
    username: 'rafael',
    first: 'Rafael',
    last: 'Costa',
    bio: 'Board games café regular. Catan is a personality.',
    city: 'Lisbon',
  },
  {
    username: 'hannah',
    first: 'Hannah',
    last: 'Berg',
    bio: 'Photographer. Golden hour chaser.',
    city: 'Lisbon',
  },
  {
    username: 'diego',
    first: 'Diego',
    last: 'Ramírez',
    bio: 'Cook, cyclist, and the one who always brings snacks.',
    city: 'Lisbon',
  },
  {
    username: 'chloe',
    first: 'Chloé',
    last: 'Dubois',
    bio: 'Sea swimmer all year round. Yes, even in January.',
    city: 'Lisbon',
  },
  {
    username: 'kwame',
    first: 'Kwame',
    last: 'Mensah',
    bio: 'Music producer. Looking for jam partners.',
    city: 'Lisbon',
  },
  {
    username: 'beatriz',
    first: 'Beatriz',
    last: 'Santos',
    bio: 'Nurse, night shifts, morning hikes.',
    city: 'Lisbon',
    isPublic: false,
  },
  {
    username: 'oliver',
    first: 'Oliver',
    last: 'Wright',
    bio: 'Teacher. Quiz nights and terrible puns.',
    city: 'Lisbon',
  },
  {
    username: 'yara',
    first: 'Yara',
    last: 'Nunes',
    bio: 'Climbing, cats, and community gardens.',
    city: 'Lisbon',
  },
  {
    username: 'pedro',
    first: 'Pedro',
    last: 'Gomes',
    bio: 'Runner in training for my first half marathon.',
    city: 'Lisbon',
  },
  {
    username: 'ana',
    first: 'Ana',
    last: 'Ferreira',
    bio: 'Illustrator. I draw the city one tram at a time.',
    city: 'Lisbon',
  },
  {
    username: 'max',
    first: 'Max',
    last: 'Weber',
    bio: 'Berlin sketcher, museum nerd, Späti connoisseur.',
    city: 'Berlin',
  },
  {
    username: 'lena',
    first: 'Lena',
    last: 'Schulz',
    bio: 'Kite flying on Tempelhof. Bring a thermos.',
    city: 'Berlin',
  },
  {
    username: 'jamal',
    first: 'Jamal',
    last: 'Brooks',
    bio: 'Brooklyn. Summer concerts and pickup basketball.',
    city: 'Brooklyn',
  },
  {
    username: 'priya',
    first: 'Priya',
    last: 'Shah',
    bio: 'Picnic planner, playlist maker, Prospect Park regular.',
    city: 'Brooklyn',
    isVerified: true,
  },
  {
    username: 'elena',
    first: 'Elena',
    last: 'Rossi',
    bio: 'Product designer. Here for the walks and the people.',
    city: 'Lisbon',
  },
];

export const groups: DemoGroup[] = [
  {
    slug: 'sunday-hikers-lisbon',
    title: 'Sunday Hikers Lisbon',
    description:
      'Easy to moderate hikes around Lisbon, Sintra and Arrábida every Sunday. All paces welcome; we wait at every junction. Bring water, snacks and good shoes.',
    art: 'hills',
    owner: 'ines',
    admins: ['elena'],
    members: [
      'ines',
      'elena',
      'amara',
      'noah',
      'beatriz',
      'hannah',
      'diego',
      'pedro',
      'leila',
      'tomas',
      'yara',
    ],
    isPublic: true,
    hasJoinRequests: false,
    place: places.monsanto,
    hashtags: ['hiking', 'outdoors', 'nature'],
    chat: [
      [
        'ines',
        'Good morning hikers! Sintra this Sunday, meeting 9:00 at the station. Forecast says sunny 🌞',
      ],
      ['amara', 'I am in! Is it OK for someone who has only done Monsanto so far?'],
      ['ines', 'Totally. It is 11 km with one steeper part, and we regroup at the top.'],
      ['noah', 'Count me in. Anyone taking the 8:11 train from Rossio?'],
      ['elena', 'I will be on the 8:11, second carriage 👋'],
      ['diego', 'Bringing pastéis de Sintra for the summit, as tradition demands.'],
      ['hannah', 'Last week’s photos are up in the media tab. The fog on the ridge was unreal.'],
    ],
  },
  {
    slug: 'alfama-book-club',
    title: 'Alfama Book Club',
    description:
      'One book a month, discussed over wine in a small bookshop in Alfama. Fiction and essays, Portuguese and translated. Ask to join and tell us what you are reading.',
    art: 'books',
    owner: 'sofia',
    members: ['sofia', 'amara', 'tomas', 'oliver', 'elena', 'leila'],
    requests: ['noah'],
    isPublic: true,
    hasJoinRequests: true,
    place: places.alfama,
    hashtags: ['books', 'reading'],
    chat: [
      ['sofia', 'November pick: "The Year of the Death of Ricardo Reis". We meet on the 28th.'],
      ['oliver', 'Finally a reason to finish it. I have been on page 90 since 2021.'],
      ['amara', 'Does anyone want to swap translations? I have the Giovanni Pontiero one.'],
      ['tomas', 'Me! I have the Portuguese edition if anyone wants to compare passages.'],
    ],
  },
  {
    slug: 'lisbon-run-crew',
    title: 'Lisbon Run Crew',
    description:
      'Tuesday evening river runs and Saturday long runs. 5 and 10 km groups, no one left behind. Post-run coffee is mandatory.',
    art: 'track',
    owner: 'lucas',
    admins: ['pedro'],
    members: ['lucas', 'pedro', 'chloe', 'noah', 'diego', 'ines', 'joao', 'mei'],
    isPublic: true,
    hasJoinRequests: false,
    place: places.ribeira,
    hashtags: ['running', 'fitness'],
    chat: [
      ['lucas', 'Tuesday run is on! 19:00 at Cais do Sodré, 5k and 10k groups.'],
      ['pedro', 'New PR on the 10k last week thanks to you pacing me 🙏'],
      ['chloe', 'Can we end at the kiosk this time? Asking for my legs.'],
      ['lucas', 'Kiosk it is.'],
    ],
  },
  {
    slug: 'board-games-and-bica',
    title: 'Board Games & Bica',
    description:
      'Board game nights in Intendente. We have 60+ games, from party games to heavy euros. New players get a teacher and the easiest seat.',
    art: 'dice',
    owner: 'rafael',
    members: ['rafael', 'tomas', 'oliver', 'kwame', 'mei', 'joao', 'noah'],
    isPublic: true,
    hasJoinRequests: false,
    place: places.intendente,
    hashtags: ['boardgames', 'games'],
    chat: [
      ['rafael', 'Thursday: Wingspan tournament plus a casual table. Who is in?'],
      ['kwame', 'Casual table for me, my brain is tired.'],
      ['oliver', 'Wingspan. I have been practising. Fear me.'],
    ],
  },
  {
    slug: 'sintra-climbing',
    title: 'Sintra Climbing',
    description:
      'Outdoor bouldering and sport climbing in Sintra, plus gym sessions on weekday evenings. Members only: ask to join and tell us your experience.',
    art: 'rocks',
    owner: 'mei',
    members: ['mei', 'yara', 'lucas', 'hannah'],
    requests: ['amara', 'noah'],
    isPublic: false,
    hasJoinRequests: true,
    place: places.climbing,
    hashtags: ['climbing', 'bouldering'],
    chat: [
      ['mei', 'Rock is dry this weekend. Saturday at Peninha?'],
      ['yara', 'Yes! I will bring the second crash pad.'],
    ],
  },
  {
    slug: 'berlin-sketchers',
    title: 'Berlin Sketchers',
    description:
      'Urban sketching around Berlin every other Saturday. Any medium, any level. We end with a sketchbook show-and-tell.',
    art: 'sketch',
    owner: 'max',
    members: ['max', 'lena', 'ana'],
    isPublic: true,
    hasJoinRequests: false,
    place: places.berlinMuseum,
    hashtags: ['art', 'sketching'],
    chat: [
      ['max', 'Museum Island this Saturday, meeting at the Pergamon steps at 11.'],
      ['lena', 'Bringing my new watercolour set!'],
    ],
  },
];

export const plans: DemoPlan[] = [
  {
    title: 'Sintra ridge hike',
    description:
      '11 km loop from Sintra station up to the Cruz Alta and down through the Pena park. Moderate, one steep part. Lunch at the top.',
    art: 'hills',
    creator: 'ines',
    group: 'sunday-hikers-lisbon',
    day: 3,
    at: [9, 0],
    minutes: 360,
    place: places.sintra,
    isPublic: true,
    weekly: ['SU'],
    attending: ['ines', 'amara', 'noah', 'elena', 'diego'],
    interested: ['hannah', 'pedro'],
    nextTime: ['tomas'],
    hashtags: ['hiking'],
    chat: [
      ['ines', 'Plan is set! Train 8:11 from Rossio, we walk from the station at 9:00.'],
      ['amara', 'What should I bring besides water?'],
      ['ines', 'Layers: it is windy on the ridge. And sunscreen.'],
    ],
  },
  {
    title: 'Tuesday river run',
    description:
      'Flat 5 or 10 km along the river from Cais do Sodré to Belém and back. Pace groups for everyone.',
    art: 'track',
    creator: 'lucas',
    group: 'lisbon-run-crew',
    day: 1,
    at: [19, 0],
    minutes: 75,
    place: places.ribeira,
    isPublic: true,
    weekly: ['TU'],
    attending: ['lucas', 'pedro', 'chloe', 'noah', 'joao'],
    interested: ['mei'],
    hashtags: ['running'],
  },
  {
    title: 'Book club: The Year of the Death of Ricardo Reis',
    description:
      'Our November discussion. Wine and snacks provided by the bookshop; bring questions and favourite passages.',
    art: 'books',
    creator: 'sofia',
    group: 'alfama-book-club',
    day: 6,
    at: [19, 30],
    minutes: 120,
    place: places.alfama,
    isPublic: true,
    attending: ['sofia', 'amara', 'tomas', 'oliver'],
    interested: ['elena', 'leila'],
    hashtags: ['books'],
  },
  {
    title: 'Wingspan tournament night',
    description:
      'Four tables, Swiss rounds, prizes from the café. A casual table runs alongside for anyone who just wants to play.',
    art: 'dice',
    creator: 'rafael',
    group: 'board-games-and-bica',
    day: 4,
    at: [20, 0],
    minutes: 180,
    place: places.intendente,
    isPublic: true,
    attending: ['rafael', 'oliver', 'mei', 'kwame'],
    interested: ['noah', 'joao'],
    hashtags: ['boardgames'],
  },
  {
    title: 'Sunrise swim at Carcavelos',
    description:
      'A quick dip at sunrise, then coffee on the promenade. The water is about 17°C: wetsuits optional, courage mandatory.',
    art: 'waves',
    creator: 'chloe',
    day: 2,
    at: [7, 15],
    minutes: 90,
    place: places.carcavelos,
    isPublic: true,
    attending: ['chloe', 'leila', 'amara'],
    interested: ['noah', 'hannah', 'elena'],
    hashtags: ['swimming', 'outdoors'],
  },
  {
    title: 'Sunset photo walk in Graça',
    description:
      'Golden hour from Miradouro da Graça down to Senhora do Monte. Any camera, phones welcome. Tips shared along the way.',
    art: 'city',
    creator: 'hannah',
    day: 5,
    at: [17, 0],
    minutes: 120,
    place: places.graca,
    isPublic: true,
    attending: ['hannah', 'ana', 'tomas'],
    interested: ['elena', 'noah', 'kwame', 'amara'],
    hashtags: ['photography'],
  },
  {
    title: 'Community dinner at Mercado de Arroios',
    description:
      'A long table, dishes from the market stalls, and new people to meet. Pay for what you eat; bring a friend.',
    art: 'food',
    creator: 'diego',
    day: 8,
    at: [20, 0],
    minutes: 150,
    place: places.arroios,
    isPublic: true,
    attending: ['diego', 'noah', 'amara', 'leila', 'kwame', 'elena', 'rafael'],
    interested: ['joao', 'oliver'],
    hashtags: ['food'],
    chat: [
      ['diego', 'We have the long table from 20:00. I will save seats for late arrivals.'],
      ['kwame', 'Anyone vegetarian? The falafel stall is great.'],
      ['leila', 'Me! See you there.'],
    ],
  },
  {
    title: 'Open jam at LX Factory',
    description: 'Bring an instrument or just your voice. A drum kit, bass amp and keyboard are on site.',
    art: 'music',
    creator: 'kwame',
    day: 10,
    at: [21, 0],
    minutes: 180,
    place: places.lxfactory,
    isPublic: true,
    attending: ['kwame', 'joao'],
    interested: ['oliver', 'leila', 'noah'],
    hashtags: ['music'],
  },
  {
    title: 'Peninha bouldering day',
    description: 'Outdoor bouldering for members. Two crash pads so far; carpooling from Lisbon at 8:30.',
    art: 'rocks',
    creator: 'mei',
    group: 'sintra-climbing',
    day: 5,
    at: [9, 30],
    minutes: 420,
    place: places.sintra,
    isPublic: false,
    attending: ['mei', 'yara', 'hannah'],
    interested: ['lucas'],
    hashtags: ['climbing'],
  },
  {
    title: 'Saturday long run',
    description: '16 km easy pace to Belém tower and back along the river.',
    art: 'track',
    creator: 'pedro',
    group: 'lisbon-run-crew',
    day: 5,
    at: [8, 0],
    minutes: 120,
    place: places.ribeira,
    isPublic: true,
    attending: ['pedro', 'lucas'],
    interested: ['chloe'],
    hashtags: ['running'],
  },
  {
    title: 'Monsanto forest walk',
    description: 'An easy 7 km loop, great for a first hike with the group.',
    art: 'hills',
    creator: 'elena',
    group: 'sunday-hikers-lisbon',
    day: -4,
    at: [10, 0],
    minutes: 180,
    place: places.monsanto,
    isPublic: true,
    attending: ['elena', 'ines', 'amara', 'noah', 'hannah', 'beatriz'],
    hashtags: ['hiking'],
  },
  {
    title: 'Quiz night warm-up',
    description: 'Practice round before the big pub quiz. Teams of four, mixed on arrival.',
    art: 'dice',
    creator: 'oliver',
    day: -9,
    at: [20, 30],
    minutes: 150,
    place: places.intendente,
    isPublic: true,
    attending: ['oliver', 'rafael', 'tomas', 'joao'],
    hashtags: ['games'],
  },
  {
    title: 'Kites on Tempelhof',
    description: 'Flying kites on the old runway. Thermos of tea provided, kites to share.',
    art: 'city',
    creator: 'lena',
    group: 'berlin-sketchers',
    day: 6,
    at: [14, 0],
    minutes: 150,
    place: places.berlin,
    isPublic: true,
    attending: ['lena', 'max'],
    interested: ['ana'],
    hashtags: ['outdoors'],
  },
  {
    title: 'Sketch walk: Museum Island',
    description: 'Columns, domes and the river. We sketch for two hours and share at the end.',
    art: 'sketch',
    creator: 'max',
    group: 'berlin-sketchers',
    day: 5,
    at: [11, 0],
    minutes: 180,
    place: places.berlinMuseum,
    isPublic: true,
    attending: ['max', 'lena', 'ana'],
    hashtags: ['art', 'sketching'],
  },
  {
    title: 'Picnic & playlist in Prospect Park',
    description:
      'Blankets by the bandshell, everyone adds three songs to the shared playlist. Snacks potluck.',
    art: 'music',
    creator: 'priya',
    day: 7,
    at: [13, 0],
    minutes: 240,
    place: places.brooklyn,
    isPublic: true,
    attending: ['priya', 'jamal'],
    hashtags: ['music', 'outdoors'],
  },
];

export const directMessages: Array<{
  between: [string, string];
  messages: Array<[username: string, text: string]>;
}> = [
  {
    between: ['amara', 'noah'],
    messages: [
      ['noah', 'Hey! Great to meet you at the Monsanto walk. Are you doing Sintra on Sunday?'],
      ['amara', 'Yes! First proper hike, a bit nervous 😅'],
      ['noah', 'You will be fine, Inês keeps everyone together. Want to get the 8:11 together?'],
      ['amara', 'Perfect, see you at Rossio.'],
    ],
  },
  {
    between: ['ines', 'elena'],
    messages: [
      ['ines', 'Could you lead the back group on Sunday? I will be up front with the new folks.'],
      ['elena', 'Of course. I will bring the first-aid kit.'],
    ],
  },
  {
    between: ['rafael', 'oliver'],
    messages: [
      ['rafael', 'Can you bring your copy of Wingspan? We need four for the tournament.'],
      ['oliver', 'Already in my bag. Expansions too?'],
      ['rafael', 'Base game only, keep it fair 😄'],
    ],
  },
];

/** Friends (both follow each other), one-way follows, and follow requests waiting for an answer. */
export const ties: {
  friends: Array<[string, string]>;
  follows: Array<[follower: string, followed: string]>;
  requests: Array<[asker: string, asked: string]>;
} = {
  friends: [
    ['ines', 'elena'],
    ['ines', 'noah'],
    ['ines', 'amara'],
    ['ines', 'tomas'],
    ['amara', 'noah'],
    ['amara', 'elena'],
    ['noah', 'elena'],
    ['rafael', 'oliver'],
    ['rafael', 'mei'],
    ['oliver', 'mei'],
    ['sofia', 'joao'],
    ['sofia', 'ines'],
    ['lucas', 'leila'],
    ['hannah', 'max'],
    ['hannah', 'lena'],
    ['jamal', 'priya'],
    ['diego', 'chloe'],
    ['kwame', 'yara'],
    ['pedro', 'ana'],
    ['pedro', 'tomas'],
  ],
  follows: [
    ['amara', 'kwame'],
    ['noah', 'rafael'],
    ['joao', 'elena'],
    ['leila', 'ines'],
    ['max', 'jamal'],
    ['chloe', 'ines'],
  ],
  requests: [
    ['lucas', 'beatriz'],
    ['noah', 'beatriz'],
  ],
};
