// Written by `npm run i18n -- compile`: every catalogue of this language, for one chunk.
import type { Messages } from '@lingui/core';
import { messages as ads } from './ads.ts';
import { messages as app } from './app.ts';
import { messages as auth } from './auth.ts';
import { messages as eventDetails } from './eventDetails.ts';
import { messages as events } from './events.ts';
import { messages as home } from './home.ts';
import { messages as legal } from './legal.ts';
import { messages as map } from './map.ts';
import { messages as mapLater } from './mapLater.ts';
import { messages as music } from './music.ts';
import { messages as notifications } from './notifications.ts';
import { messages as onboarding } from './onboarding.ts';
import { messages as operator } from './operator.ts';
import { messages as polls } from './polls.ts';
import { messages as pollsLater } from './pollsLater.ts';
import { messages as profile } from './profile.ts';
import { messages as restaurants } from './restaurants.ts';
import { messages as saved } from './saved.ts';
import { messages as search } from './search.ts';
import { messages as shell } from './shell.ts';
import { messages as shellLater } from './shellLater.ts';
import { messages as suggest } from './suggest.ts';

export const messages: Messages = { ...ads, ...app, ...auth, ...eventDetails, ...events, ...home, ...legal, ...map, ...mapLater, ...music, ...notifications, ...onboarding, ...operator, ...polls, ...pollsLater, ...profile, ...restaurants, ...saved, ...search, ...shell, ...shellLater, ...suggest };
