/** How long any request of the app waits for an answer before it counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 15_000;
