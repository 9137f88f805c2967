import type { CreateUserBody, UpdateUserBody } from '../../../contract/user.ts';
import type { OnboardingAnswers } from '../../../machines/onboarding.ts';
import { PRODUCT_NAME } from '../../domain/constants.ts';

/** The part of the signed-in identity a profile is named from. */
export interface NamedIdentity {
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

/** PUT /api/users/me's body: SPEC 7's fields, familySituation as comma-joined group ids. */
export function toUpdateBody(answers: OnboardingAnswers, name: string): UpdateUserBody {
  return {
    name,
    familySituation: answers.familyGroups.join(','),
    musicPreferences: [...answers.genres],
    location: answers.location.trim(),
  };
}

/** POST /api/users's body (SPEC 7): the signed-in account's email and name plus the answers. */
export function toCreateBody(
  answers: OnboardingAnswers,
  identity: NamedIdentity & { email: string },
): CreateUserBody {
  return { email: identity.email, ...toUpdateBody(answers, profileName(identity)) };
}
