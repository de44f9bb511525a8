import type { EventChannel, InvokeChannel } from './contract'

/**
 * The channel names alone, for the preload: it builds the bridge from these without loading zod
 * or any schema (validation happens in main). A test keeps them equal to the contract's keys.
 */
export const invokeChannelNames = [
  'app:bootstrap',
  'app:revealDataFile',
  'updates:load',
  'updates:check',
  'updates:download',
  'updates:cancel',
  'updates:install',
  'settings:update',
  'shell:openExternal',
  'deployments:leaving',
  'accounts:setActive',
  'accounts:signOut',
  'auth:signInBrowser',
  'auth:grant',
  'auth:startDevice',
  'auth:finishDevice',
  'auth:cancel',
  'auth:reopenBrowser',
  'auth:sealKey',
  'auth:addUserToken',
  'auth:openTokenPage',
  'data:load',
  'data:sync',
  'data:history',
  'data:realityHistory',
  'profile:changeNickname',
  'profile:lookup',
  'catalogue:charts',
  'catalogue:import',
  'backups:run',
  'backups:cancel',
  'backups:load',
  'backups:verify',
  'backups:pin',
  'backups:note',
  'backups:export',
  'backups:reveal',
  'backups:delete',
  'backups:index',
  'backups:retentionPreview',
  'backups:summary',
  'backups:diff',
  'backups:backfill',
  'backups:folder',
  'backups:chooseFolder'
] as const satisfies readonly InvokeChannel[]

export const eventChannelNames = [
  'settings:changed',
  'deployments:changed',
  'accounts:changed',
  'auth:progress',
  'data:changed',
  'player:changed',
  'catalogue:changed',
  'backup:progress',
  'backups:changed',
  'app:notices',
  'app:command',
  'updates:changed'
] as const satisfies readonly EventChannel[]
