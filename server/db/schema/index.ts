// Every table of the database. Add a resource's tables in its own file and re-export it here;
// `npm run db:generate` turns changes into a new migration under server/db/migrations.

export * from './calendarFeeds.ts';
export * from './events.ts';
export * from './images.ts';
export * from './jobs.ts';
export * from './outreach.ts';
export * from './polls.ts';
export * from './sharedState.ts';
export * from './sources.ts';
export * from './suggestions.ts';
export * from './users.ts';
