import fc from 'fast-check';
import { sealed } from './fields';
import { LIVE_TOKENS, Live, Sealed } from './placeholders';
import type { Attempt } from './requests';
import { awkwardString, headerSafeString } from './values';

// The redirect-location GET carries its token in the query, sealed under the browser's aes_key
// cookie rather than the configured secret, so the cookie, the header and the query vary apart.

/** Every kind of redirect-location request: x_token under any cookie key, any header, any query. */
export const redirectLocationAttempts: fc.Arbitrary<Attempt> = fc
  .record(
    {
      cookie: fc.oneof(fc.constant('browser-aes-key-0123'), headerSafeString),
      xToken: fc.oneof(
        fc.constantFrom(...LIVE_TOKENS).map((n) => new Live(n)),
        awkwardString,
      ),
      query: fc.oneof(
        { weight: 3, arbitrary: fc.constant('sealed' as const) },
        { weight: 2, arbitrary: awkwardString.map((plain) => ({ plain })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(
              'x_token=%zz',
              'x_token=a&x_token=b',
              'x_token[a]=b',
              'x_token',
              '%00=%00',
              'x_token=%ED%A0%80',
            )
            .map((raw) => ({ raw })),
        },
      ),
      header: fc.oneof(fc.constant(new Sealed(new Live('memberToken'))), sealed(awkwardString), headerSafeString),
    },
    { requiredKeys: [] },
  )
  .map(({ cookie, xToken, query, header }): Attempt => {
    const sealedToken = new Sealed(xToken ?? '', cookie ?? '');
    return { query: query === 'sealed' ? { x_token: sealedToken } : (query ?? { raw: '' }), header, cookie };
  });
