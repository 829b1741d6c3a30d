/** Whether a path is the versioned public API's (/api/v1), whose errors are problem details and whose calls carry a key. */
export const isPublicApiPath = (path: string) => /^\/api\/v1(\/|$)/.test(path);
