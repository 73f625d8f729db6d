/** Where the session is kept in the browser's storage (read by the entry's early calls before the store loads). */
export const TOKEN_KEY = 'kindred.token';
export const USER_KEY = 'kindred.user';
