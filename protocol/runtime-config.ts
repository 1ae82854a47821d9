import * as v from 'valibot';
import { jsonDataScript } from './page-data';

/** Marker in index.html that the server replaces with the runtime config. */
export const RUNTIME_CONFIG_PLACEHOLDER = '<!--runtime-config-->';
/** Id of the JSON data block (not executed, so CSP needs no exception) that carries it. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/** The app-id header value the web app sends on every call. */
export const APP_ID = 'member-web';

/** Public settings the web app runs with; one build serves every environment. */
export const runtimeConfigSchema = v.object({
  apiBases: v.object({
    appApi: v.string(),
    memberApi: v.string(),
    oauthApi: v.string(),
    oauthHost: v.string(),
  }),
  liffId: v.nullable(v.string()),
  signKey: v.pipe(v.string(), v.nonEmpty()),
  aesKey: v.pipe(v.string(), v.nonEmpty()),
  allowedRedirectOrigins: v.array(v.pipe(v.string(), v.url())),
  demoMode: v.boolean(),
});

export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>;

/** `<script type="application/json">` markup for the config, safe against `</script>` breakouts. */
export function runtimeConfigScript(config: RuntimeConfig): string {
  return jsonDataScript(RUNTIME_CONFIG_ELEMENT_ID, config);
}
