// Password rules the browser may know too (no argon2 here, so no server code).
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;
