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
