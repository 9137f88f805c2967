/**
 * The metro areas the seed fills, San Francisco first: it is the app's default location
 * ('San Francisco, CA'), so a fresh install opens on a full home screen.
 */
// biome-ignore format: one entry per line reads as a table
export const metros = [
  { id: 'sf', name: 'San Francisco Bay Area', label: 'San Francisco, CA', timeZone: 'America/Los_Angeles' },
  { id: 'la', name: 'Los Angeles', label: 'Los Angeles, CA', timeZone: 'America/Los_Angeles' },
  { id: 'sea', name: 'Seattle', label: 'Seattle, WA', timeZone: 'America/Los_Angeles' },
  { id: 'chi', name: 'Chicago', label: 'Chicago, IL', timeZone: 'America/Chicago' },
  { id: 'nyc', name: 'New York City', label: 'New York, NY', timeZone: 'America/New_York' },
  { id: 'atx', name: 'Austin', label: 'Austin, TX', timeZone: 'America/Chicago' },
  { id: 'den', name: 'Denver', label: 'Denver, CO', timeZone: 'America/Denver' },
] as const;

export type Metro = (typeof metros)[number];
export type MetroId = Metro['id'];
