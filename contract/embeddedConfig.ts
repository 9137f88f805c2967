// A module of its own, without TypeBox: the client imports this value, and a value import from
// contract/config.ts would bring TypeBox's runtime into the first load (docs/decisions.md, "Size
// budget").
/**
 * The id of the <script type="application/json"> in which the server writes the client
 * configuration into every page it serves (server/plugins/spa.ts), so the app starts without
 * waiting for GET /api/config. A page the service worker serves from its cache has none, and the
 * app fetches the configuration as before.
 */
export const EMBEDDED_CONFIG_ID = 'famjam-config';
