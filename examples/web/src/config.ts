// Where the API is and which app this is: set at build time (`wfm app create` prints the client id).
export const API = (import.meta.env.VITE_WORKFORCE_API as string | undefined) ?? 'http://localhost:3000';
export const CLIENT_ID = (import.meta.env.VITE_WORKFORCE_CLIENT_ID as string | undefined) ?? '';
/** Registered exactly with `wfm app create --redirect-uri`. */
export const REDIRECT_URI = `${location.origin}/callback`;
