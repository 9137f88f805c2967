import {
  type CreateUserBody,
  MAX_MUSIC_ARTISTS,
  type UpdateUserBody,
} from '../../../contract/user.ts';
import type { OnboardingAnswers } from '../../../machines/onboarding.ts';
import { PRODUCT_NAME } from '../../domain/constants.ts';

/** The part of the signed-in identity a profile is named from. */
interface NamedIdentity {
  displayName: string | null;
  email: string | null;
}

/**
 * The name a new profile gets: the identity's display name, else the email's local part (an
 * email-and-password account has no display name), else the profile's default (DESIGN: 'FamJam
 * Explorer').
 */
export function profileName(identity: NamedIdentity | null): string {
  const displayName = identity?.displayName?.trim();
  if (displayName) return displayName;
  const localPart = identity?.email?.split('@')[0]?.trim();
  return localPart || `${PRODUCT_NAME} Explorer`;
}

/**
 * The artists of the connected music services for the profile: each name once (case-insensitive,
 * first spelling kept), at most MAX_MUSIC_ARTISTS; null when no service was connected.
 */
export function connectedArtists(
  connections: ReadonlyArray<{ artistNames: readonly string[] }>,
): string[] | null {
  if (connections.length === 0) return null;
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of connections.flatMap((connection) => connection.artistNames)) {
    const trimmed = name.trim();
    const key = trimmed.toLowerCase();
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(trimmed);
  }
  return names.slice(0, MAX_MUSIC_ARTISTS);
}

/**
 * PUT /api/users/me's body: docs/product.md#spec-7's fields, familySituation as comma-joined group ids. The
 * artists only when a service was connected this time: left out, an edit keeps the stored ones.
 */
export function toUpdateBody(
  answers: OnboardingAnswers,
  name: string,
  musicArtists: readonly string[] | null = null,
): UpdateUserBody {
  return {
    name,
    familySituation: answers.familyGroups.join(','),
    musicPreferences: [...answers.genres],
    location: answers.location.trim(),
    ...(musicArtists === null ? {} : { musicArtists: [...musicArtists] }),
  };
}

/** POST /api/users's body (docs/product.md#spec-7): the signed-in account's email and name plus the answers. */
export function toCreateBody(
  answers: OnboardingAnswers,
  identity: NamedIdentity & { email: string },
  musicArtists: readonly string[] | null = null,
): CreateUserBody {
  return { email: identity.email, ...toUpdateBody(answers, profileName(identity), musicArtists) };
}
