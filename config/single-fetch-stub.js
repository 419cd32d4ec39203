// The browser's stand-in for @remix-run/react's single-fetch module while
// future.v3_singleFetch is off (config/single-fetch-off.ts, ADR 057): every
// use of these is behind that flag, so none is ever called.
function off() {
  throw new Error("Remix's single fetch is off (remix.config.js): config/single-fetch-off.ts stands in for it");
}
export const decodeViaTurboStream = off;
export const getSingleFetchDataStrategy = off;
export const singleFetchUrl = off;
export const StreamTransfer = off;
