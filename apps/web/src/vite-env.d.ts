/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_ROOT?: string;
  readonly VITE_PREMIUM_API_ROOT?: string;
  readonly VITE_PRO_TARGETING_DOMAIN?: string;
  readonly VITE_PREMIUM_DOMAIN?: string;
  readonly VITE_STAGING_HOSTS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
