import type * as v from 'valibot';
import { AUTH_CALLS } from './calls/auth';
import { CARD_CALLS } from './calls/card';
import { CATALOG_CALLS } from './calls/catalog';
import { LINE_CALLS } from './calls/line';
import { OAUTH_CALLS } from './calls/oauth';
import { PASSWORD_CALLS } from './calls/password';
import { PROFILE_CALLS } from './calls/profile';
import { REGISTER_CALLS } from './calls/register';
import type { CallContract } from './contract';

export * from './calls/catalog';
export type { OAuthMemberProfile } from './calls/oauth';
export type { ThirdPartyCrmData } from './calls/register';
export * from './contract';
export * from './member-card-values';
export * from './member-profile';
export * from './values';

/**
 * Every call of the member API by the name the code uses for it: the one contract both halves
 * read. The web app calls by name (`callApi`), the server registers each route from its entry.
 */
export const ENDPOINTS = {
  ...AUTH_CALLS,
  ...LINE_CALLS,
  ...REGISTER_CALLS,
  ...PASSWORD_CALLS,
  ...PROFILE_CALLS,
  ...CATALOG_CALLS,
  ...OAUTH_CALLS,
  ...CARD_CALLS,
} as const satisfies Record<string, CallContract>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
/** The request_parameter schema of a call, with its encrypted fields as strings on the wire. */
export type RequestSchema<N extends EndpointName> = ReturnType<Endpoints[N]['request']>;
/** What the web app sends as a call's request_parameter (encrypted fields already encrypted). */
export type Params<N extends EndpointName> = v.InferInput<RequestSchema<N>>;
/** What a server handler gets once the parameters passed their schema (encrypted fields opened). */
export type CheckedParams<N extends EndpointName> = v.InferOutput<RequestSchema<N>>;
/** A call's results on C01. */
export type Results<N extends EndpointName> = v.InferOutput<Endpoints[N]['results']>;
