import { DEFAULT_API_BASES, ENDPOINTS, type EndpointName } from '#protocol';

/** The path this server answers a call on: its base's default plus the call's path. */
export const pathOf = (name: EndpointName): string => DEFAULT_API_BASES[ENDPOINTS[name].base] + ENDPOINTS[name].path;

const API_PREFIXES = [
  `${DEFAULT_API_BASES.appApi}/`,
  `${DEFAULT_API_BASES.oauthApi}/`,
  `${DEFAULT_API_BASES.memberApi}/api/`,
  `${DEFAULT_API_BASES.oauthHost}/oauth/`,
  `${DEFAULT_API_BASES.oauthHost}/pos-api/`,
];

/** Whether a path is under one of the API's prefixes: a declared route's (rate limited) or a request's (never answered with the app shell). */
export const isApiPath = (url: string): boolean => API_PREFIXES.some((prefix) => url.startsWith(prefix));
