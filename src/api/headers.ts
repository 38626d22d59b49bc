// The request headers of the contract, apart from its schemas (nothing here loads zod: the app's
// first script reads them before the rest of the app has loaded, src/app/early-requests.ts).

/** Bearer token: `Authorization: Bearer <token>`. */
export const AUTH_HEADER = 'authorization';
/** Language of server texts: the language part of the locale ("en", "ru", "fr"). */
export const LANGUAGE_HEADER = 'language';
/**
 * The space a call is for. Space-scoped routes whose path does not start with `/space/{space_id}`
 * take it from this header; routes under `/space/{space_id}` take it from the path.
 */
export const SPACE_HEADER = 'space-id';
