/** Where sign-in starts: a plain link, so the landing page needs none of the API client. */
export const SIGN_IN_URL = '/api/v1/auth/login';
