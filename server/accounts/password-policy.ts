// The password policy (issue 39), one place for every password a person chooses: an account's first password (its
// create), a reset through a one-time link, a change on /profile. A password is refused (400 naming the field, in both
// languages) when it is
//   - shorter than 10 characters (NIST SP 800-63B asks for length, not composition rules);
//   - the user name itself (any case);
//   - in a list of commonly used passwords.
// The list is @zxcvbn-ts/language-common's `passwords-common` dictionary: about 49,000 passwords most often found in
// published breaches, ranked, kept up to date by the zxcvbn-ts project (the maintained TypeScript port of Dropbox's
// zxcvbn, which Firefox Accounts and many others use), shipped as data only. Only its entries of 10 characters or
// more can still match here ("1234567890", "qwertyuiop", "password123"…); they are compared case-insensitively.
import { dictionary } from '@zxcvbn-ts/language-common';
import type { Label } from '../../shared/resources/define';
import { PASSWORD_LABEL } from '../../shared/resources/user';
import { httpError } from '../errors';
import { M } from '../messages';

export const MIN_PASSWORD = 10;
/** More says nothing more (and argon2 would hash megabytes): a passphrase fits easily. */
export const MAX_PASSWORD = 256;

let common: Set<string> | undefined;
/** The common passwords that could pass the length rule, lower-cased (built at the first check). */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= MIN_PASSWORD).map((p) => p.toLowerCase()));
  return common;
}

/**
 * The password a person chose, or a 400 naming `field` (`password` in a create, `newPassword` in a reset or a change)
 * saying which rule it breaks.
 */
export function checkPassword(password: unknown, userName: string, field = 'password', label: Label = PASSWORD_LABEL): string {
  const refuse = (text: Label) => httpError(400, text, { field });
  if (typeof password !== 'string' || password === '') throw refuse(M.passwordRequired(label));
  if ([...password].length < MIN_PASSWORD) throw refuse(M.passwordTooShort(label, MIN_PASSWORD));
  if (password.length > MAX_PASSWORD) throw refuse(M.passwordTooLong(label, MAX_PASSWORD));
  const folded = password.toLowerCase();
  if (folded === userName.trim().toLowerCase()) throw refuse(M.passwordIsUserName(label));
  if (commonPasswords().has(folded)) throw refuse(M.passwordCommon(label));
  return password;
}
