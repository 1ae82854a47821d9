import * as v from 'valibot';

/**
 * Which configured base a call goes to (PROTOCOL.md "Bases"). `oauthHost` is the member server's own
 * origin: the OAuth hop and the store POS call are answered there.
 */
export type ApiBase = 'appApi' | 'memberApi' | 'oauthApi' | 'oauthHost';

/**
 * The token a call carries (PROTOCOL.md "Calls", column "token"): none, the member's, the
 * temporary one of a registration or password recovery, or the member's when there is one.
 */
export type TokenKind = 'none' | 'member' | 'temp' | 'member-if-any';

/**
 * Wraps the schema of a field that travels AES-encrypted: on the wire it is a string; the server
 * decrypts it with its key and checks the plaintext with `inner`. The web app never needs the
 * runtime part, only the types: it sends the encrypted string.
 */
export type Seal = <TOutput>(inner: v.GenericSchema<string, TOutput>) => v.GenericSchema<string, TOutput>;

/** How a call travels: a signed envelope (the app), plain JSON (server to server), or a GET. */
export type Carriage = 'signed' | 'plain-json' | 'get';

/** One call of the member API: where it goes, what it carries, what it answers on C01. */
export interface CallContract<
  TRequest extends v.GenericSchema = v.GenericSchema,
  TResults extends v.GenericSchema = v.GenericSchema,
> {
  readonly base: ApiBase;
  readonly path: string;
  readonly method: 'POST' | 'GET';
  readonly carriage: Carriage;
  readonly token: TokenKind;
  /** The schema of `request_parameter` (or the JSON body), given how encrypted fields are opened. */
  readonly request: (seal: Seal) => TRequest;
  /** The schema of `results` when the RC is C01; every other RC answers empty results. */
  readonly results: TResults;
}

type Shape<TRequest, TResults> = {
  base: ApiBase;
  path: string;
  token: TokenKind;
  request: (seal: Seal) => TRequest;
  results: TResults;
};

/** A call the web app makes with a signed envelope (POST). */
export const signedCall = <TRequest extends v.GenericSchema, TResults extends v.GenericSchema>(
  shape: Shape<TRequest, TResults>,
): CallContract<TRequest, TResults> => ({ ...shape, method: 'POST', carriage: 'signed' });

/** A call a third party's back end makes with a plain JSON body (POST, client secret). */
export const plainJsonCall = <TRequest extends v.GenericSchema, TResults extends v.GenericSchema>(
  shape: Shape<TRequest, TResults>,
): CallContract<TRequest, TResults> => ({ ...shape, method: 'POST', carriage: 'plain-json' });

/** A call made with GET, its input in the query and headers. */
export const getCall = <TResults extends v.GenericSchema>(
  shape: Omit<Shape<never, TResults>, 'request'>,
): CallContract<typeof noParameters, TResults> => ({
  ...shape,
  request: () => noParameters,
  method: 'GET',
  carriage: 'get',
});

/** The request_parameter of a call that takes none: absent, or any object (ignored). */
export const noParameters = v.optional(v.looseObject({}));
/** The results of a call that answers none. */
export const noResults = v.object({});
