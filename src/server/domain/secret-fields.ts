/**
 * Manifest fields of type `secret` (write-only values kept encrypted at rest, e.g. a database connection's
 * password, issue 15): the generic writes seal them with the installation's {@link SecretBox}
 * (domain/secrets.ts), the generic reads never select them, and only server code that uses the value opens it.
 *
 * The box is the process's: `useInstallationSecrets(config)` is called by buildApp. With the test data dir
 * `memory://` and no `WMS_SECRET_KEY`, the key is a random one kept for the process's life (the database is as
 * short-lived; apps started later in the same process keep it, so they read what earlier ones sealed).
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { installationKey, secretBox, type SecretBox } from './secrets';

let box: SecretBox | undefined;
let memoryKey: Buffer | undefined;

/** Sets the process's box from the config's key source (WMS_SECRET_KEY, else `<dataDir>/secret.key`). */
export function useInstallationSecrets(config: Pick<Config, 'dataDir'>, env: NodeJS.ProcessEnv = process.env): void {
  if (config.dataDir.startsWith('memory://') && !env.WMS_SECRET_KEY) box = secretBox((memoryKey ??= randomBytes(32)));
  else box = secretBox(installationKey(config.dataDir, env));
}

/** The process's box. @throws Error when buildApp has not set it up. */
export function secrets(): SecretBox {
  if (!box) throw new Error('secrets are not set up (useInstallationSecrets)');
  return box;
}
