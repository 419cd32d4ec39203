// Limits of the transfer pages shared by the server and the browser (no server code here).

/** How many students a new transfer's search shows, and how long its text may be. */
export const TRANSFER_SEARCH_LIMIT = 20;
export const TRANSFER_SEARCH_MAX = 100;
