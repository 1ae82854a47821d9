/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_API_BASE?: string;
  readonly VITE_MEMBER_API_BASE?: string;
  readonly VITE_OAUTH_API_BASE?: string;
  readonly VITE_OAUTH_HOST?: string;
  readonly VITE_LIFF_ID?: string;
  readonly VITE_SIGN_KEY?: string;
  readonly VITE_AES_KEY?: string;
  readonly VITE_ALLOWED_REDIRECT_ORIGINS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The contract's call addresses without its schemas, made at build time (scripts/call-addresses-plugin.ts). */
declare module 'virtual:call-addresses' {
  type Endpoints = import('#protocol/endpoints').Endpoints;
  export const CALL_ADDRESSES: {
    readonly [N in keyof Endpoints]: Pick<Endpoints[N], 'base' | 'path' | 'method'>;
  };
}
