import { ERRORS, type ErrorId, type FieldErrors } from '@kindred/protocol';

/** A failure the member caused or may see. One handler (http/error-handler.ts) turns it into the envelope. */
export class DomainError extends Error {
  readonly status: number;
  readonly http: number;
  constructor(
    readonly id: ErrorId,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.status = ERRORS[id].status;
    this.http = ERRORS[id].http;
  }
}

const fail = (id: ErrorId, message: string) => () => new DomainError(id, message);

export const unauthorized = fail('unauthorized', 'Please sign in');
export const noPermission = fail('no_permission', "You dont't have permission!!");
export const needUpgrade = fail('need_upgrade', 'Need to upgrade~');
export const notFound = fail('not_found', 'Not found');
export const storageUnavailable = fail('storage_unavailable', 'The service cannot save right now, please try again in a moment');
export const loginFailed = fail('login_failed', 'Incorrect username or password');
export const accountDisabled = fail('account_disabled', 'This account is disabled');
export const usernameTaken = fail('username_taken', 'This username is already used');
export const emailTaken = fail('email_taken', 'This e-mail is already used');
export const invalidInvitation = fail('invalid_invitation', 'This invitation code is not valid');
export const emailFormat = fail('email_format', 'Invalid e-mail format');
export const resetLinkInvalid = fail('reset_link_invalid', 'This reset link is invalid or has expired');
export const oldPasswordWrong = fail('old_password_wrong', 'The old password is incorrect');
export const profileEmailTaken = fail('profile_email_taken', 'This e-mail is already used');
export const passwordWrong = fail('password_wrong', 'The password is incorrect');
export const avatarNotOwned = fail('avatar_not_owned', 'Choose an image you uploaded');
export const notAnImage = fail('not_an_image', 'Only images can be uploaded');
export const imageTooSmall = fail('image_too_small', 'The image is too small (300*300)');
export const imageTooLarge = fail('image_too_large', 'The image is too large');
export const userNotFound = fail('user_not_found', 'User does not exist');
export const noUsersFound = fail('no_users_found', 'No users found');
export const cannotLikeSelf = fail('cannot_like_self', 'You cannot like yourself');
export const contentEmpty = fail('content_empty', "Content can't empty");
export const imageNotOwned = fail('image_not_owned', 'Choose an image you uploaded');

/** Free members see the first page of members only; the client goes to the upgrade page. */
export const upgradeForMoreMembers = () => new DomainError('need_upgrade', 'Need to upgrade~', { redirect: 'upgrade' });

/** Per-account and per-address back-off (auth-throttle.ts): 429 with the seconds to wait. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new DomainError('rate_limited', 'Too many attempts, please wait a moment', { retry_after: Math.max(1, Math.ceil(retryAfterSeconds)) });

export const pendingApproval = (data: unknown = null) =>
  new DomainError('pending_approval', 'Your account is pending approval...', data);

export const validationFailed = (fields: FieldErrors) =>
  new DomainError('validation', `Please fill the form properly: ${Object.keys(fields).join(', ')}`, { fields });

// Chat, mail and translation.
export const noFreeChat = fail('no_free_chat', 'Frequency is used up. Please Upgrade membership and continue.');
export const recipientUnavailable = fail('recipient_unavailable', 'User does not exist');
export const insufficientCredits = fail('insufficient_credits', 'Insufficient Credits');
export const translateFailed = fail('translate_failed', 'Translation failed, please try again');
export const translateUnavailable = (from: string, to: string) =>
  new DomainError('translate_unavailable', `No translation service is available for ${from} to ${to}`, { from, to });
