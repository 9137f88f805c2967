import { type Static, Type } from '@sinclair/typebox';
import { MapConfig } from './maps.ts';
import { MusicServicesConfig } from './music.ts';
import { PushConfig } from './outreach.ts';

/**
 * `GET /api/config`: what the browser needs to start Firebase. The server is the one place that
 * knows whether we run on the Auth emulator or a real project, so one build serves both.
 */
export const ClientConfig = Type.Object({
  firebase: Type.Object({
    apiKey: Type.String(),
    authDomain: Type.String(),
    projectId: Type.String(),
    appId: Type.Optional(Type.String()),
  }),
  /**
   * True in emulator mode: the browser reaches the Auth emulator through this origin (the server
   * passes on the SDK's calls, server/plugins/authEmulatorProxy.ts), never at its own port.
   */
  authEmulator: Type.Boolean(),
  /** Company line and support address shown on the legal pages (deployer-configurable). */
  legal: Type.Object({ company: Type.String(), supportEmail: Type.String() }),
  /**
   * Google AdSense: the publisher id (`ca-pub-` + 16 digits) and the home screen's ad unit id;
   * null when the deployer configured no ads, and then no ad code is ever loaded.
   */
  ads: Type.Union([Type.Object({ client: Type.String(), homeSlot: Type.String() }), Type.Null()]),
  /** Which music services onboarding can connect (contract/music.ts). */
  music: MusicServicesConfig,
  /** Where the map's tiles come from and whom they credit (contract/maps.ts, docs/maps.md). */
  map: MapConfig,
  /** Web Push: the VAPID public key a device subscribes with (contract/outreach.ts, docs/outreach.md). */
  push: PushConfig,
});
export type ClientConfig = Static<typeof ClientConfig>;
