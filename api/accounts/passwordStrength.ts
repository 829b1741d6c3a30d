import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { HttpError } from '../http/httpError';

/**
 * zxcvbn's score runs 0–4; 3 is "safely unguessable: moderate protection from an offline slow-hash scenario", the
 * floor its authors suggest for accounts. 123456, password1 and keyboard walks score 0–1.
 */
export const MIN_PASSWORD_SCORE = 3;

/** Throws 400 naming the field (password, or forField's) for a weak password. */
export type PasswordStrengthCheck = ((password: string, userInputs?: string[]) => void) & {
  forField(field: string): PasswordStrengthCheck;
};

/** One estimator per process (its dictionaries take a few MB). */
export function createPasswordStrengthCheck(): PasswordStrengthCheck {
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  const checkFor = (field: string): PasswordStrengthCheck => Object.assign(check(field), { forField: checkFor });
  const check =
    (field: string) =>
    (password: string, userInputs: string[] = []) => {
      // The estimator's cost grows with the length; a password this long is not guessable anyway.
      if (password.length >= 64) return;
      const result = zxcvbn.check(password, userInputs);
      if (result.score >= MIN_PASSWORD_SCORE) return;
      const hint = result.feedback.warning || result.feedback.suggestions[0] || 'Add more words or characters.';
      throw new HttpError(400, `This password is too easy to guess. ${hint}`.trim(), field);
    };
  return checkFor('password');
}
