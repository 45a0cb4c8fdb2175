/**
 * What the API answers (503, code SERVICE_UNAVAILABLE) and the client shows while a part the
 * product needs (the database, the identity service) is being restarted.
 */
export const SERVICE_UNAVAILABLE_CODE = 'SERVICE_UNAVAILABLE';
export const SERVICE_RESTARTING_MESSAGE = 'The service is restarting, try again in a minute';
